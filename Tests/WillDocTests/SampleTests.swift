import Foundation
import InkCodec
import InkTestSupport
import Testing

/// Every subcommand on the real samples in `../shared/will-samples` (skipped when absent).
@Suite(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
struct SampleTests {
  static let names = ExternalSamples.names
  static let directory = ExternalSamples.directory ?? URL(fileURLWithPath: "/")
  static let expected = Fixtures.packageRoot.appendingPathComponent("Tests/InkCodecTests/Expected")

  /// The cases below come from the samples folder: it must hold every sample.
  @Test func everySampleIsThere() {
    ExternalSamples.expectEverySample()
  }

  @Test(arguments: names)
  func inspectSnapshot(_ name: String) throws {
    let result = try WillDocRunner.run(["inspect", name], in: Self.directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    try assertSnapshot(result.stdout, named: "inspect-" + name)
  }

  @Test(arguments: names)
  func dumpSnapshot(_ name: String) throws {
    // The first stroke of each paths element keeps the snapshots small.
    let result = try WillDocRunner.run(
      ["dump", "--stroke", "0", "--raw", name], in: Self.directory)
    #expect(result.status == 0, "\(result.stderr)")
    try assertSnapshot(result.stdout, named: "dump-" + name)
  }

  @Test(arguments: names)
  func validateAccepts(_ name: String) throws {
    let result = try WillDocRunner.run(["validate", "--format", "json", name], in: Self.directory)
    #expect(result.status == 0, "\(result.stdout)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(files.first?["status"] as? String == "valid")
    #expect(files.first?["errors"] as? Int == 0)
    #expect(object["exitStatus"] as? Int == 0)
  }

  @Test func validateAllTogether() throws {
    let result = try WillDocRunner.run(["validate"] + Self.names, in: Self.directory)
    #expect(result.status == 0)
    #expect(result.stdout.contains("total: \(Self.names.count) files, \(Self.names.count) valid"))
  }

  @Test func inspectAllTogether() throws {
    let result = try WillDocRunner.run(["inspect"] + Self.names, in: Self.directory)
    #expect(result.status == 0)
    #expect(result.stdout.contains("total  \(Self.names.count) files"))
  }

  /// `27 361`: how willdoc groups digits.
  func grouped(_ value: Int) -> String {
    var text = ""
    for (index, digit) in String(value).reversed().enumerated() {
      if index > 0 && index % 3 == 0 { text.append(" ") }
      text.append(digit)
    }
    return String(text.reversed())
  }

  /// `--quiet` prints one line per file whose counts are the document's, then the total.
  @Test func inspectQuietOneLinePerFile() throws {
    let result = try WillDocRunner.run(["inspect", "--quiet"] + Self.names, in: Self.directory)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == Self.names.count + 1)
    for (name, line) in zip(Self.names, lines) {
      let document = try WillDocument(parsing: try ExternalSamples.bytes(name))
      let points = document.strokes.reduce(0) { $0 + $1.pointCount }
      let fields = line.split(separator: "  ", omittingEmptySubsequences: true)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(fields.first == name)
      #expect(fields.dropFirst().first == document.container.rawValue)
      #expect(fields.contains("\(grouped(document.strokes.count)) strokes"), "\(line)")
      #expect(fields.contains { $0.hasPrefix("\(grouped(points)) point") }, "\(line)")
    }
    #expect(lines.last?.hasPrefix("total  \(Self.names.count) files") == true)
  }

  /// The JSON follows the schema and holds exactly the oracle's values.
  @Test(arguments: names)
  func dumpJSONMatchesOracle(_ name: String) throws {
    let result = try WillDocRunner.run(
      ["dump", "--format", "json", "--raw", name], in: Self.directory)
    #expect(result.status == 0, "\(result.stderr)")
    let json = try DumpSchema.parse(result.stdoutBytes)
    try DumpSchema.check(json, raw: true)
    let oracle = try OracleDocument.load(name, in: Self.expected)

    #expect(json["container"] as? String == oracle.container)
    #expect(
      (json["file"] as? [String: Any])?["size"] as? Int == (try ExternalSamples.bytes(name)).count)
    if let props = oracle.props {
      let properties = json["properties"] as? [String: Any] ?? [:]
      #expect(properties["application"] as? String == props.application)
      #expect(properties["appVersion"] as? String == props.appVersion)
      #expect(properties["title"] as? String == props.title)
      #expect(properties["created"] as? String == props.created)
      #expect(properties["modified"] as? String == props.modified)
    }
    let sections = json["sections"] as? [[String: Any]] ?? []
    #expect(sections.count == oracle.sections.count)
    for (section, expected) in Swift.zip(sections, oracle.sections) {
      #expect(stripSlash(section["part"] as? String) == stripSlash(expected.part))
      let width = expected.width ?? expected.viewBox?[2]
      let height = expected.height ?? expected.viewBox?[3]
      #expect(section["width"] as? Double == width)
      #expect(section["height"] as? Double == height)
      let paths = section["paths"] as? [[String: Any]] ?? []
      let expectedPaths = expected.elements.filter { $0.kind == "paths" }
      #expect(paths.count == expectedPaths.count)
      for (element, expectedElement) in Swift.zip(paths, expectedPaths) {
        #expect(stripSlash(element["part"] as? String) == stripSlash(expectedElement.part))
        if let transform = expectedElement.transform {
          let actual = element["transform"] as? [Double] ?? []
          #expect(actual.count == 6)
          for (a, b) in Swift.zip(actual, transform) {
            #expect(abs(a - b) <= 1e-9 * max(1, abs(b)))
          }
        }
        let strokes = element["strokes"] as? [[String: Any]] ?? []
        let expectedStrokes = expectedElement.strokes ?? []
        #expect(strokes.count == expectedStrokes.count)
        for (stroke, expectedStroke) in Swift.zip(strokes, expectedStrokes) {
          try compare(stroke, expectedStroke, sample: name)
        }
      }
    }
  }

  private func stripSlash(_ part: String?) -> String? {
    part.map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }
  }

  private func compare(_ stroke: [String: Any], _ expected: OracleDocument.Stroke, sample: String)
    throws
  {
    let context = "\(sample) stroke \(expected.index)"
    #expect(stroke["index"] as? Int == expected.index, "\(context)")
    #expect(stroke["decimalPrecision"] as? Int == expected.decimalPrecision, "\(context)")
    #expect(stroke["stride"] as? Int == expected.stride, "\(context)")
    let channels = (stroke["channels"] as? [String] ?? []).map {
      ["width": "w", "alpha": "a"][$0] ?? $0
    }
    #expect(channels == expected.layout, "\(context)")
    let points = (stroke["points"] as? [[Double]] ?? []).flatMap { $0 }
    #expect(points.count == expected.points.count, "\(context)")
    let stride = expected.stride
    var mismatches = 0
    for (index, (a, b)) in Swift.zip(points, expected.points).enumerated() {
      let isAlpha = expected.layout.count == stride && expected.layout[index % stride] == "a"
      let tolerance = isAlpha ? 0.5 / 255 : 1e-9 * max(1, abs(b))
      if abs(a - b) > tolerance { mismatches += 1 }
    }
    #expect(mismatches == 0, "\(context): \(mismatches) values differ")
    #expect(stroke["width"] as? Double == expected.width, "\(context)")
    if let color = expected.color {
      let rgba = UInt32(color.rgba)
      let expectedColor = [
        "r": Int(rgba >> 24), "g": Int((rgba >> 16) & 0xFF), "b": Int((rgba >> 8) & 0xFF),
        "a": Int(rgba & 0xFF),
      ]
      #expect(stroke["color"] as? [String: Int] == expectedColor, "\(context)")
    } else {
      #expect(stroke["color"] is NSNull, "\(context)")
    }
    #expect(Float(stroke["ts"] as? Double ?? .nan) == Float(expected.ts), "\(context)")
    #expect(Float(stroke["tf"] as? Double ?? .nan) == Float(expected.tf), "\(context)")
    #expect(stroke["blendModeValue"] as? Int == expected.blendModeWire, "\(context)")
    #expect(stroke["paintIndex"] as? Int == expected.strokePaint, "\(context)")
    #expect(stroke["randomSeed"] as? Int == expected.strokeParticlesRandomSeed, "\(context)")
    #expect(stroke["id"] as? Int == expected.id, "\(context)")
  }

  /// Without options, reencode keeps every paths part byte for byte.
  @Test(arguments: names)
  func reencodeKeepsPathsPartsByteIdentical(_ name: String) throws {
    let directory = try TemporaryDirectory()
    let output = directory.file("copy")
    let result = try WillDocRunner.run(["reencode", name, "-o", output.path], in: Self.directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("paths streams    byte-identical"))
    let original = try ExternalSamples.bytes(name)
    let copy = [UInt8](try Data(contentsOf: output))
    let before = try WillDocument(parsing: original)
    let after = try WillDocument(parsing: copy)
    #expect(after.container == before.container)
    #expect(after.strokes == before.strokes)
    if before.container == .opc {
      let partsBefore = try pathsParts(original)
      let partsAfter = try pathsParts(copy)
      #expect(!partsBefore.isEmpty)
      #expect(partsBefore == partsAfter)
    } else if before.container == .raw {
      #expect(copy == original)
    }
  }

  private func pathsParts(_ bytes: [UInt8]) throws -> [String: [UInt8]] {
    var parts: [String: [UInt8]] = [:]
    for entry in try ZipArchive.read(bytes)
    where entry.name.description.hasSuffix(".protobuf")
      && !entry.name.description.contains("paints")
    {
      parts[entry.name.description] = entry.data
    }
    return parts
  }

  /// RIFF → OPC → raw → RIFF (or the same cycle from OPC) keeps every stroke.
  @Test(arguments: names)
  func containersKeepEveryStroke(_ name: String) throws {
    let directory = try TemporaryDirectory()
    let original = try WillDocument(parsing: try ExternalSamples.bytes(name))
    var input = Self.directory.appendingPathComponent(name)
    for (step, container) in ["riff", "opc", "raw", "opc", "riff"].enumerated() {
      let output = directory.file("step\(step)." + container)
      let result = try WillDocRunner.run(
        ["reencode", input.path, "-o", output.path, "--container", container])
      #expect(result.status == 0, "\(container): \(result.stderr)")
      let document = try WillDocument(parsing: [UInt8](try Data(contentsOf: output)))
      #expect(document.container.rawValue == container)
      #expect(document.strokes == original.strokes, "\(name) as \(container)")
      input = output
    }
  }

  /// Re-quantising moves each value by at most half a unit of the new precision.
  @Test(arguments: names)
  func precisionStaysWithinHalfAUnit(_ name: String) throws {
    let directory = try TemporaryDirectory()
    let original = try WillDocument(parsing: try ExternalSamples.bytes(name))
    for precision in [0, 1, 3] {
      let output = directory.file("p\(precision)")
      let result = try WillDocRunner.run(
        ["reencode", name, "-o", output.path, "--precision", "\(precision)"], in: Self.directory)
      if result.status != 0 {
        // A precision too fine for the values (Int32 overflow) must fail cleanly.
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("willdoc: error: "))
        continue
      }
      #expect(result.stdout.contains("re-quantised"))
      let document = try WillDocument(parsing: [UInt8](try Data(contentsOf: output)))
      let bound = 0.5 * pow(10, Double(-precision)) * (1 + 1e-9)
      #expect(document.strokes.count == original.strokes.count)
      for (old, new) in Swift.zip(original.strokes, document.strokes) {
        #expect(new.decimalPrecision == precision)
        #expect(new.pointCount == old.pointCount)
        for (a, b) in Swift.zip(old.points, new.points) {
          #expect(abs(a.x - b.x) <= bound + abs(a.x) * 1e-12)
          #expect(abs(a.y - b.y) <= bound + abs(a.y) * 1e-12)
        }
        for (a, b) in Swift.zip(old.widths, new.widths) {
          #expect(abs(a - b) <= bound + abs(a) * 1e-12)
        }
      }
    }
  }

  @Test(arguments: names)
  func rendersPNGAndSVG(_ name: String) throws {
    let directory = try TemporaryDirectory()
    let document = try WillDocument(parsing: try ExternalSamples.bytes(name))
    let png = directory.file("page.png")
    let result = try WillDocRunner.run(
      ["render", name, "-o", png.path, "--section", "0", "--scale", "0.5"], in: Self.directory)
    #expect(result.status == 0, "\(result.stderr)")
    let bytes = [UInt8](try Data(contentsOf: png))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
    let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    if let size = document.sections[0].pageSize {
      #expect(width == Int((size.width * 0.5).rounded(.up)))
      #expect(height == Int((size.height * 0.5).rounded(.up)))
    } else {
      #expect(width > 0 && height > 0)
    }
    let svg = directory.file("page.svg")
    let svgResult = try WillDocRunner.run(
      ["render", name, "-o", svg.path, "--section", "0"], in: Self.directory)
    #expect(svgResult.status == 0)
    let text = try String(contentsOf: svg, encoding: .utf8)
    #expect(text.contains("<svg"))
    #expect(text.contains("<path"))
  }
}
