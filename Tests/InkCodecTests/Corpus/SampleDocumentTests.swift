import Foundation
import InkTestFixtures
import InkTestSupport
import Testing

@testable import InkCodec

/// The project's own sample documents: generated deterministically, committed unchanged, every
/// valid one round-trips through all three containers, and every invalid one fails fast with
/// its documented error.
@Suite struct SampleDocumentTests {
  static let folder = Fixtures.sampleDocuments

  /// The generator's output for the default seed, made once for the whole suite.
  static let generated: [GeneratedFile] = (try? SampleDocuments.generate()) ?? []

  static let validNames: [String] = generated.filter { $0.path.hasPrefix("valid/") }
    .map { String($0.path.dropFirst("valid/".count)) }

  /// `name code part[@offset]` lines of the committed golden manifest.
  static let manifest: [(name: String, code: String, part: String?, offset: Int?)] = {
    let url = folder.appendingPathComponent("golden/manifest.txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map { line in
      let fields = line.split(separator: " ", maxSplits: 2).map(String.init)
      var location = fields[2]
      var offset: Int?
      if let at = location.lastIndex(of: "@") {
        offset = Int(location[location.index(after: at)...])
        location = String(location[..<at])
      }
      if location.hasPrefix("\"") { location = String(location.dropFirst().dropLast()) }
      return (fields[0], fields[1], location == "-" ? nil : location, offset)
    }
  }()

  static var invalidNames: [String] { manifest.map(\.name) }

  static func bytes(_ path: String) throws -> [UInt8] {
    try Fixtures.bytes(of: folder.appendingPathComponent(path))
  }

  // MARK: The cases

  /// The parameterised tests below run over the generator's valid files and the committed
  /// manifests, which load as empty when missing: each must hold every case, so that a missing
  /// manifest fails instead of running no case.
  @Test func everyListHoldsEveryCase() {
    let generated = Self.generated.map(\.path)
    #expect(Self.validNames.count >= 11, "\(Self.validNames)")
    #expect(Self.manifest.count >= 19, "golden/manifest.txt is missing lines")
    #expect(Self.attacks.count >= 25, "golden/attacks.txt is missing lines")
    #expect(
      Self.invalidNames.map { "invalid/" + $0 } == generated.filter { $0.hasPrefix("invalid/x-") },
      "golden/manifest.txt differs from the generator")
    #expect(
      Self.attacks.map { "invalid/" + $0.name } == generated.filter { $0.hasPrefix("invalid/r-") },
      "golden/attacks.txt differs from the generator")
  }

  // MARK: The generator

  @Test func generatorIsDeterministic() throws {
    let again = try SampleDocuments.generate()
    try #require(!Self.generated.isEmpty)
    #expect(again.map(\.path) == Self.generated.map(\.path))
    for (first, second) in zip(Self.generated, again) {
      #expect(first.bytes == second.bytes, "\(first.path) differs between two runs")
    }
  }

  @Test func differentSeedsGiveDifferentHandwriting() throws {
    let a = try SampleDocuments.handwritingPage(seed: 1).serialized(container: .raw)
    let b = try SampleDocuments.handwritingPage(seed: 2).serialized(container: .raw)
    #expect(a != b)
  }

  @Test func committedFilesEqualTheGenerator() throws {
    try #require(!Self.generated.isEmpty)
    for file in Self.generated {
      let url = Self.folder.appendingPathComponent(file.path)
      let committed = try? Fixtures.bytes(of: url)
      #expect(
        committed == file.bytes,
        "\(file.path) differs from the generator: run `swift run make-samples SampleDocuments`")
    }
    let expected = Set(Self.generated.map(\.path))
    for folder in ["valid", "invalid"] {
      let names = try FileManager.default.contentsOfDirectory(
        atPath: Self.folder.appendingPathComponent(folder).path)
      for name in names {
        #expect(expected.contains(folder + "/" + name), "\(folder)/\(name) is not generated")
      }
    }
    // The folder stays small enough to clone anywhere; 6 MiB holds the at-limit attacks,
    // of which 500,000 distinct strokes (r-distinct-strokes-at-limit.will, 1.3 MB) cannot
    // compress further.
    let total = Self.generated.reduce(0) { $0 + $1.bytes.count }
    #expect(total < 6 << 20, "SampleDocuments holds \(total) bytes")
  }

  @Test func craftedDeflateAndCRCReadBackThroughLibzip() throws {
    // The zip bomb's construction at a small size: 258,004 zeros from a few dozen bytes.
    let count = 4 + 258 * 1000
    let stream = ZipCraft.deflatedZeros(count: count)
    #expect(stream.count < 300)
    let archive = ZipCraft.archive([
      ZipCraft.Entry(
        name: "zeros.bin", method: 8, crc: ZipCraft.crc32OfZeros(count: count),
        compressedSize: UInt32(stream.count), uncompressedSize: UInt32(count), data: stream)
    ])
    let entries = try ZipArchive.read(archive)
    #expect(entries.count == 1)
    let zeros = entries.first?.data ?? []
    #expect(zeros.count == count && zeros.allSatisfy { $0 == 0 })
    #expect(
      ZipCraft.crc32OfZeros(count: 1000) == ZipCraft.crc32([UInt8](repeating: 0, count: 1000)))
  }

  @Test func zipBombDeclaresOneGibibyte() throws {
    let bytes = try Self.bytes("invalid/x-zip-bomb.will")
    #expect(bytes.count < 1_500_000)
    let error = #expect(throws: WillError.self) {
      try ZipArchive.read(bytes, limits: DecodingLimits(maxPartBytes: (1 << 30) - 1))
    }
    #expect(error?.kind == .limitExceeded(.partBytes, value: 1 << 30, limit: (1 << 30) - 1))
  }

  // MARK: Valid samples

  @Test(arguments: validNames)
  func validSampleOpensAndRoundTrips(name: String) throws {
    let bytes = try Self.bytes("valid/" + name)
    let document = try WillDocument(parsing: bytes)
    let saved = try document.serialized()
    let again = try document.serialized()
    #expect(again == saved, "saving twice gives different bytes")
    let reread = try WillDocument(parsing: saved)
    #expect(reread.strokes == document.strokes, "\(name) read back")
    #expect(reread.sections.count == document.sections.count)
    for (a, b) in zip(reread.sections, document.sections) {
      #expect(a.pageSize?.width == b.pageSize?.width)
      #expect(a.pageSize?.height == b.pageSize?.height)
      #expect(a.pathsElements.map(\.transform) == b.pathsElements.map(\.transform))
      #expect(a.images.map(\.data) == b.images.map(\.data))
    }
    if document.container == .opc {
      // Open-and-save keeps every part but the section SVGs byte for byte (the library writes a
      // freshly built SVG's attributes in model order and a read one's sorted), and a second
      // open-and-save changes nothing at all.
      let original = try ZipArchive.read(bytes).map { ($0.name.description, $0.data) }
      let resaved = try ZipArchive.read(saved).map { ($0.name.description, $0.data) }
      #expect(resaved.map(\.0) == original.map(\.0))
      for (a, b) in zip(original, resaved) where !a.0.hasSuffix(".svg") {
        #expect(a.1 == b.1, "\(name): part \(a.0) changed on open-and-save")
      }
      let twice = try WillDocument(parsing: saved).serialized()
      #expect(twice == saved, "\(name): a second open-and-save changes the file")
    }
  }

  @Test(arguments: validNames)
  func containersKeepEveryStroke(name: String) throws {
    let read = try WillDocument(parsing: Self.bytes("valid/" + name))
    // A raw stream without strokes is zero bytes, which no reader can tell from nothing.
    for container in ContainerKind.allCases where container != .raw || !read.strokes.isEmpty {
      var document = read
      if !read.losses(convertingTo: container).drawingChanges.isEmpty {
        // Refused as it is; each page, flattened and without images, fits.
        #expect(throws: WillError.self) { try read.serialized(container: container) }
        document.removeImages()
        let flat = try document.flattened(section: read.sections.count - 1)
        // Flattening moves points off the fixed-point grid until they are written.
        document = try WillDocument(parsing: try flat.serialized(container: .opc))
      }
      let bytes = try document.serialized(container: container)
      let other = try WillDocument(parsing: bytes)
      #expect(other.container == container)
      #expect(other.strokes == document.strokes, "\(name) as \(container)")
      if container != .opc {
        // And back to OPC.
        let back = try WillDocument(parsing: other.serialized(container: .opc))
        #expect(back.strokes == document.strokes, "\(name) via \(container) to OPC")
      }
    }
  }

  @Test func handwritingIsTheSameInAllThreeContainers() throws {
    let opc = try WillDocument(parsing: Self.bytes("valid/handwriting-opc.will"))
    let riff = try WillDocument(parsing: Self.bytes("valid/handwriting-riff.will"))
    let raw = try WillDocument(parsing: Self.bytes("valid/handwriting.will.bin"))
    #expect(opc.container == .opc && riff.container == .riff && raw.container == .raw)
    #expect(!opc.strokes.isEmpty)
    #expect(riff.strokes == opc.strokes, "RIFF against OPC")
    #expect(raw.strokes == opc.strokes, "raw against OPC")
    #expect(opc.strokes.contains { $0.startParameter == 0.5 })
    #expect(opc.strokes.contains { $0.endParameter == 0.5 })
  }

  @Test func validSamplesCoverWhatTheyClaim() throws {
    func open(_ name: String) throws -> WillDocument {
      try WillDocument(parsing: Self.bytes("valid/" + name))
    }
    let sections = try open("sections-transforms.will")
    #expect(sections.sections.count == 3)
    #expect(sections.sections[1].pageSize?.width == 1188)
    #expect(
      sections.sections[1].pathsElements.first?.transform
        == AffineTransform(a: 0, b: -1, c: 1, d: 0, e: 0, f: 864))
    let nested = try #require(sections.sections[0].pathsElements.first?.transform)
    #expect(nested.e == 40 && nested.f == 60 && nested.b != 0)
    #expect(sections.sections[2].pathsElements.count == 2)

    let image = try open("image.will").sections[0].images
    #expect(image.map(\.data) == [SampleDocuments.onePixelPNG])
    #expect(image.first?.contentType == "image/png")

    let constant = try open("constant-width.will").strokes
    #expect(!constant.isEmpty && constant.allSatisfy { $0.widths.count == 1 })
    #expect(Set(constant.compactMap(\.constantWidth)) == [0.5, 1, 2.5, 4])

    let alpha = try open("per-point-alpha.will").strokes
    #expect(alpha.contains { $0.layout == .xyWidthAlpha })
    #expect(alpha.contains { $0.layout == .xyAlpha })
    #expect(alpha.allSatisfy { $0.colors.count == $0.pointCount })

    #expect(try open("blend-modes.will").strokes.map(\.blendMode.rawValue) == Array(0...17))
    #expect(try open("precisions.will").strokes.map(\.decimalPrecision) == Array(0...6))
    let empty = try open("empty.will")
    #expect(empty.sections.count == 1 && empty.strokes.isEmpty)
    #expect(try open("large-100k.will").pointCount == 100_000)
  }

  // MARK: Invalid samples

  @Test func manifestListsEveryInvalidFile() throws {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: Self.folder.appendingPathComponent("invalid").path)
    #expect(Set(names.filter { $0.hasPrefix("x-") }) == Set(Self.invalidNames))
    #expect(Set(names.filter { $0.hasPrefix("r-") }) == Set(Self.attacks.map(\.name)))
    #expect(
      names.allSatisfy {
        ($0.hasPrefix("x-") && $0.hasSuffix(".will"))
          || ($0.hasPrefix("r-") && $0.hasSuffix(".will"))
          || ($0.hasPrefix("r-uim-") && $0.hasSuffix(".uim"))
          || ($0.hasPrefix("r-inkml-") && $0.hasSuffix(".inkml"))
          || ($0.hasPrefix("r-tuhi-") && $0.hasSuffix(".json"))
      })
  }

  /// `name ok`, `name limit-exceeded <limit>` or `name <code>` lines of `golden/attacks.txt`.
  static let attacks: [(name: String, limit: DecodingLimits.Limit?, code: String?)] = {
    let url = folder.appendingPathComponent("golden/attacks.txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map { line in
      let fields = line.split(separator: " ").map(String.init)
      let limit = DecodingLimits.Limit.allCases.first { "\($0)" == fields.last }
      let code = fields[1] == "ok" || fields[1] == "limit-exceeded" ? nil : fields[1]
      return (fields[0], fields[1] == "ok" ? nil : limit, code)
    }
  }()

  /// Each resource attack reads with default limits, or stops at the limit it names; either
  /// way without decoding a shared part twice (the at-limit attacks decode in seconds). A UIM,
  /// InkML or tuhi attack reads as it is drawn: parsed, then converted to WILL 2.
  @Test(arguments: attacks.map(\.name))
  func resourceAttackReadsOrStopsAtItsLimit(name: String) throws {
    let expected = try #require(Self.attacks.first { $0.name == name })
    let bytes = try Self.bytes("invalid/" + name)
    do {
      var losses = ConversionLosses()
      let document =
        name.hasSuffix(".uim")
        ? try WillDocument(converting: try UIMDocument(parsing: bytes), losses: &losses)
        : name.hasSuffix(".inkml")
          ? try WillDocument(converting: try InkMLDocument(parsing: bytes), losses: &losses)
          : name.hasSuffix(".json")
            ? try WillDocument(
              converting: try TuhiDrawing(parsing: bytes), width: { $0 }, losses: &losses)
            : try WillDocument(parsing: bytes)
      #expect(expected.limit == nil && expected.code == nil, "\(name) read")
      #expect(document.pointCount <= DecodingLimits.default.maxTotalPoints)
    } catch {
      if let code = expected.code {
        #expect(error.kind.code == code, "\(name): \(error)")
        return
      }
      guard let limit = expected.limit else {
        Issue.record("\(name) should read: \(error)")
        return
      }
      guard case .limitExceeded(let hit, let value, let bound) = error.kind else {
        Issue.record("\(name): \(error)")
        return
      }
      #expect(hit == limit)
      #expect(value > bound && bound == DecodingLimits.default[limit])
    }
  }

  @Test(arguments: invalidNames)
  func invalidSampleFailsFastWithItsError(name: String) throws {
    let expected = try #require(Self.manifest.first { $0.name == name })
    let bytes = try Self.bytes("invalid/" + name)
    let clock = ContinuousClock()
    var caught: WillError?
    let elapsed = clock.measure {
      do throws(WillError) {
        _ = try WillDocument(parsing: bytes)
      } catch {
        caught = error
      }
    }
    let error = try #require(caught, "\(name) opened without an error")
    #expect(error.kind.code == expected.code, "\(name): \(error)")
    #expect(error.part == expected.part, "\(name): \(error)")
    #expect(error.offset == expected.offset, "\(name): \(error)")
    #expect(elapsed < .seconds(5), "\(name) took \(elapsed)")
  }

  // MARK: The independent oracle

  @Test(
    .enabled(if: Oracle.isAvailable, "../shared/tools/oracle is absent"),
    arguments: validNames)
  func oracleReadsTheSameStrokes(name: String) throws {
    let document = try WillDocument(parsing: Self.bytes("valid/" + name))
    let oracle = try Oracle.read(Self.folder.appendingPathComponent("valid/" + name))
    try OracleComparison.expect(document.strokes, equal: oracle.allStrokes, sample: name)
  }
}
