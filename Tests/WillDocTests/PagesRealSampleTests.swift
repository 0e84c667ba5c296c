import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// `willdoc pages` on the real samples: none has several pages, so a multi-page package is
/// made by merging them (packages from three producers, RIFF files and a raw stream), then
/// taken apart again. Wacom's library (the oracle) must read every page's strokes as the
/// original page's, and every part an edit does not touch must keep its bytes.
@Suite(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
struct PagesRealSampleTests {
  /// The inputs of the merge, in page order: the package with a dangling paint index first,
  /// so the merge renumbers it past the paints the next one brings.
  static let inputs = [
    "skomra__InkDemo__sample.will", "gjiovi__pywillparser__test.will",
    "ngmsoftware__will2svg__WCM0006.will", "Wacom-Developer__universal-ink-library__animal.will",
    "Wacom-Developer__sdk-for-ink-android__will.bin",
  ]

  static func samplePath(_ name: String) throws -> String {
    try #require(ExternalSamples.directory).appendingPathComponent(name).path
  }

  static func entries(_ path: String) throws -> [String: [UInt8]] {
    Dictionary(
      uniqueKeysWithValues: try ZipArchive.read(try Fixtures.bytes(of: URL(fileURLWithPath: path)))
        .map { ($0.name.description, $0.data) })
  }

  static func document(_ path: String) throws -> WillDocument {
    try WillDocument(parsing: try Fixtures.bytes(of: URL(fileURLWithPath: path)))
  }

  /// The bytes of each paths element of each page, by the part the page includes.
  static func pathsBytes(_ path: String) throws -> [[[UInt8]]] {
    let entries = try entries(path)
    return try document(path).sections.map { section in
      section.pathsElements.map { entries[$0.element.partName ?? ""] ?? [] }
    }
  }

  /// Merges the inputs into `directory/merged.will`.
  static func merged(in directory: TemporaryDirectory) throws -> String {
    let output = directory.file("merged.will").path
    let result = try WillDocRunner.run(
      ["pages", "merge"] + (try inputs.map(samplePath)) + ["-o", output])
    try #require(result.status == 0, "\(result.stderr)")
    return output
  }

  /// Expects the oracle's reading of `path` to have, page by page, the strokes and
  /// transforms of `pages`.
  static func expectOracle(
    _ path: String, pages: [Section], label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let oracle = try Oracle.read(URL(fileURLWithPath: path))
    try #require(
      oracle.sections.count == pages.count, "\(label): pages", sourceLocation: sourceLocation)
    for (index, (section, page)) in zip(oracle.sections, pages).enumerated() {
      let elements = section.elements.filter { $0.kind == "paths" }
      try OracleComparison.expect(
        page.strokes, equal: elements.flatMap { $0.strokes ?? [] },
        sample: "\(label) page \(index)",
        sourceLocation: sourceLocation)
      #expect(
        elements.map { $0.transform ?? [] } == page.pathsElements.map(\.transform.coefficients),
        "\(label) page \(index)", sourceLocation: sourceLocation)
      #expect(section.width == page.width, "\(label) page \(index)", sourceLocation: sourceLocation)
      #expect(
        section.height == page.height, "\(label) page \(index)", sourceLocation: sourceLocation)
    }
  }

  @Test(.enabled(if: Oracle.isAvailable, "the oracle is absent"))
  func mergedSamplesAreReadPageByPageAsTheOriginals() throws {
    let directory = try TemporaryDirectory()
    let merged = try Self.merged(in: directory)
    let originals = try Self.inputs.map { try Self.document(try Self.samplePath($0)) }
    let document = try Self.document(merged)
    #expect(document.sections.count == originals.count)
    // The merge renumbers the first sample's dangling paint index past the paints a later
    // sample brings (so it keeps selecting none); every other stroke is as it was.
    let renumbering = WillDocument.paintRenumbering(merging: originals)
    let renumbered = zip(originals, renumbering).map { original, moves in
      let moved = Dictionary(uniqueKeysWithValues: moves.map { ($0.from, $0.to) })
      return original.strokes.map { stroke in
        var stroke = stroke
        if let index = stroke.paintIndex, let to = moved[index] { stroke.paintIndex = to }
        return stroke
      }
    }
    #expect(document.sections.map(\.strokes) == renumbered)
    #expect(renumbering.map(\.isEmpty) == [false, true, true, true, true])
    // Wacom's library reads each page with the strokes it reads from the original file.
    let oracle = try Oracle.read(URL(fileURLWithPath: merged))
    try #require(oracle.sections.count == Self.inputs.count)
    for (index, name) in Self.inputs.enumerated() {
      let expected = try Oracle.read(URL(fileURLWithPath: try Self.samplePath(name))).allStrokes
      let page = oracle.sections[index].elements.filter { $0.kind == "paths" }
      try OracleComparison.expect(
        renumbered[index], equal: page.flatMap { $0.strokes ?? [] }, sample: name)
      try OracleComparison.expect(originals[index].strokes, equal: expected, sample: name)
    }
    // Stroke bytes: a package's paths parts, a RIFF file's INK chunk and a raw file, as
    // they were.
    let pathsBytes = try Self.pathsBytes(merged)
    for (index, name) in Self.inputs.enumerated() {
      let path = try Self.samplePath(name)
      let bytes = try Fixtures.bytes(of: URL(fileURLWithPath: path))
      switch originals[index].container {
      case .opc where !renumbering[index].isEmpty:
        #expect(pathsBytes[index] != (try Self.pathsBytes(path)).first, "\(name)")
      case .opc: #expect(pathsBytes[index] == (try Self.pathsBytes(path)).first, "\(name)")
      case .riff:
        let ink = try WillDataFile(parsing: bytes).chunks.filter(\.isInk).map(\.data)
        #expect(pathsBytes[index] == ink, "\(name)")
      case .raw: #expect(pathsBytes[index] == [bytes], "\(name)")
      }
    }
    // The first document's props parts come through byte for byte.
    let first = try Self.entries(try Self.samplePath(Self.inputs[0]))
    let after = try Self.entries(merged)
    #expect(after["/props/core.xml"] == first["/props/core.xml"])
    #expect(after["/props/app.xml"] == first["/props/app.xml"])
  }

  @Test(.enabled(if: Oracle.isAvailable, "the oracle is absent"))
  func pageToolsOnTheMergedSamplesKeepEveryPageAndEveryUntouchedPart() throws {
    let directory = try TemporaryDirectory()
    let merged = try Self.merged(in: directory)
    let pages = try Self.document(merged).sections
    let before = try Self.entries(merged)
    let cases: [(arguments: [String], order: [Int])] = [
      (["extract", merged, "--section", "1,3-4"], [1, 3, 4]),
      (["delete", merged, "--section", "0,2"], [1, 3, 4]),
      (["reorder", merged, "--order", "4,2,0-1,3"], [4, 2, 0, 1, 3]),
    ]
    for (index, (arguments, order)) in cases.enumerated() {
      let output = directory.file("edit\(index).will").path
      let result = try WillDocRunner.run(["pages"] + arguments + ["-o", output])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      try Self.expectOracle(output, pages: order.map { pages[$0] }, label: arguments[0])
      // Each kept page's section, relationships and paths parts are the merged file's bytes.
      let after = try Self.entries(output)
      for section in try Self.document(output).sections {
        let names =
          [section.partName!, try PartName(section.partName!).relationshipsPart.description]
          + section.pathsElements.map { $0.element.partName! }
        for name in names {
          #expect(after[name] != nil && after[name] == before[name], "\(arguments[0]): \(name)")
        }
      }
      #expect(after["/props/core.xml"] == before["/props/core.xml"])
      #expect(after["/props/app.xml"] == before["/props/app.xml"])
    }
    // Turning one page changes its section part and nothing else.
    let turned = directory.file("turned.will").path
    let result = try WillDocRunner.run([
      "pages", "rotate", merged, "--section", "2", "--by", "270", "-o", turned,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    var expected = pages
    try expected[2].rotate(.clockwise270)
    try Self.expectOracle(turned, pages: expected, label: "rotate")
    let after = try Self.entries(turned)
    #expect(Set(after.keys) == Set(before.keys))
    for (name, bytes) in before where name != pages[2].partName {
      #expect(after[name] == bytes, "rotate: \(name) is byte-identical")
    }
    #expect(after[pages[2].partName!] != before[pages[2].partName!])
    // Split: every page on its own, read by the oracle as it was.
    let folder = directory.file("split")
    let split = try WillDocRunner.run(["pages", "split", merged, "-d", folder.path])
    #expect(split.status == 0, "\(split.stderr)")
    for (index, page) in pages.enumerated() {
      let path = folder.appendingPathComponent("merged-\(index).will").path
      try Self.expectOracle(path, pages: [page], label: "split \(index)")
      #expect(try Self.pathsBytes(path) == [(try Self.pathsBytes(merged))[index]])
    }
  }

  /// Turning the page of a real package rewrites its section part and nothing else: the
  /// relationships, the content types, the props and the paths parts keep their bytes.
  @Test(arguments: ["gjiovi__pywillparser__test.will", "ngmsoftware__will2svg__WCM0006.will"])
  func rotatingARealPackageKeepsItsOtherParts(name: String) throws {
    let directory = try TemporaryDirectory()
    let output = directory.file("turned.will").path
    let input = try Self.samplePath(name)
    let result = try WillDocRunner.run(["pages", "rotate", input, "--by", "90", "-o", output])
    #expect(result.status == 0, "\(result.stderr)")
    let original = try Self.document(input).sections[0]
    let before = try Self.entries(input)
    let after = try Self.entries(output)
    #expect(Set(after.keys) == Set(before.keys))
    for (part, bytes) in before where part != original.partName {
      #expect(after[part] == bytes, "\(part) is byte-identical")
    }
    let turned = try Self.document(output).sections[0]
    let page = try #require(original.pageSize)
    #expect(turned.pageSize == PageSize(width: page.height, height: page.width))
    #expect(turned.strokes == original.strokes)
    #expect(turned.background == original.background)
  }

  /// Two real packages merged, then split again: each page comes back with every part of
  /// the original package except the package relationships and content types, which name
  /// the merged package's parts, byte for byte.
  @Test func mergingAndSplittingRealPackagesKeepsTheirPartsBytes() throws {
    let directory = try TemporaryDirectory()
    let names = ["skomra__InkDemo__sample.will", "ngmsoftware__will2svg__WCM0006.will"]
    let merged = directory.file("two.will").path
    let result = try WillDocRunner.run(
      ["pages", "merge"] + (try names.map(Self.samplePath)) + ["-o", merged])
    #expect(result.status == 0, "\(result.stderr)")
    let folder = directory.file("split")
    let split = try WillDocRunner.run(["pages", "split", merged, "-d", folder.path])
    #expect(split.status == 0, "\(split.stderr)")
    for (index, name) in names.enumerated() {
      let before = try Self.entries(try Self.samplePath(name))
      let after = try Self.entries(folder.appendingPathComponent("two-\(index).will").path)
      #expect(Set(after.keys) == Set(before.keys), "\(name)")
      for (part, bytes) in before where part != "/_rels/.rels" && part != "/[Content_Types].xml" {
        // The second package's props parts are the first's: it gave the properties.
        if index > 0 && part.hasPrefix("/props/") { continue }
        #expect(after[part] == bytes, "\(name): \(part) is byte-identical")
      }
    }
  }
}
