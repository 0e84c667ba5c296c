import Foundation
import InkTestFixtures
import InkTestSupport
import Testing

@testable import InkCodec

/// Conversions keep what the target holds and refuse, naming it, what would change the
/// drawing; the lists of what changes and what is dropped are exact.
@Suite struct ConversionTests {
  static func sample(_ name: String) throws -> WillDocument {
    try WillDocument(
      parsing: try Fixtures.bytes(
        of: Fixtures.sampleDocuments.appendingPathComponent("valid/\(name)"))
    )
  }

  static let ink = [
    Stroke(points: (0..<6).map { InkPoint(x: 10 + Double($0), y: 20) }, widths: [2]),
    Stroke(points: (0..<4).map { InkPoint(x: 30, y: 40 + Double($0)) }, widths: [1.5]),
  ]

  @Test func severalInkedPagesTransformsImagesAndUsedPaintsChangeTheDrawing() throws {
    let sections = try Self.sample("sections-transforms.will")
    let losses = sections.losses(convertingTo: .riff)
    let transformed = sections.sections.indices.map { index in
      let moved = sections.sections[index].pathsElements.filter { !$0.transform.isIdentity }
      return "section \(index)'s transform \(moved[0].transform.svgTransform) would be dropped "
        + "(\(moved.reduce(0) { $0 + $1.element.strokes.count }) strokes); flatten it"
    }
    #expect(
      losses.drawingChanges == [
        "the ink of 3 pages (sections 0, 1, 2) would land on one another; pick one page"
      ] + transformed)
    #expect(transformed[1].hasPrefix("section 1's transform matrix(0 -1 1 0 0 864)"))
    #expect(transformed[2].hasPrefix("section 2's transform matrix(1 0 0 1 0 400)"))
    #expect(losses.remedies == [.keepOneSection, .flatten])
    #expect(sections.losses(convertingTo: .raw).drawingChanges == losses.drawingChanges)
    #expect(sections.losses(convertingTo: .opc).isLossless)
    for container in [ContainerKind.riff, .raw] {
      let error = #expect(throws: WillError.self) {
        try sections.serialized(container: container)
      }
      guard case .unsupported(let message) = error?.kind else {
        Issue.record("expected a refusal, got \(String(describing: error))")
        continue
      }
      #expect(message.contains("cannot hold this drawing"))
      #expect(message.contains(losses.drawingChanges[0]))
    }

    let image = try Self.sample("image.will")
    #expect(
      image.losses(convertingTo: .riff).drawingChanges.contains("the image would vanish"))
    #expect(image.losses(convertingTo: .riff).remedies == [.dropImages])
    var dropped = image
    #expect(dropped.removeImages() == 1)
    #expect(!dropped.losses(convertingTo: .riff).drawingChanges.contains { $0.contains("image") })

    var painted = WillDocument(strokes: Self.ink, pageWidth: 100, pageHeight: 100, background: nil)
    painted.paints = [ParticlesPaint()]
    #expect(
      painted.losses(convertingTo: .raw).drawingChanges.isEmpty,
      "no stroke uses the paint: only metadata")
    #expect(
      painted.losses(convertingTo: .raw).droppedMetadata == [
        "the page size 100×100", "1 particle paints no stroke uses",
      ])
    painted.updateStrokes { $0.paintIndex = 0 }
    #expect(
      painted.losses(convertingTo: .raw).drawingChanges == [
        "the particle paints 2 strokes use would vanish"
      ])
    #expect(painted.losses(convertingTo: .raw).remedies == [.dropPaints])
  }

  @Test func metadataOnlyLossesAreListedExactlyAndTheWriteGoesAhead() throws {
    var document = WillDocument(strokes: Self.ink, pageWidth: 592, pageHeight: 864)
    document.properties = DocumentProperties(title: "Notes", application: "Test")
    document.sections.append(Section(width: 592, height: 864))
    let losses = document.losses(convertingTo: .riff)
    #expect(losses.drawingChanges.isEmpty)
    #expect(
      losses.droppedMetadata == [
        "section 0's page size 592×864", "section 0's background #FFFFFF",
        "section 1's page size 592×864", "section 1 (a page without ink)",
        "document properties (title, application)",
      ])
    let riff = try WillDocument(parsing: try document.serialized(container: .riff))
    #expect(riff.strokes == Self.ink)
    #expect(riff.losses(convertingTo: .raw).isLossless)
  }

  @Test func flatteningBakesEveryTransformIntoTheCoordinates() throws {
    let sections = try Self.sample("sections-transforms.will")
    for index in sections.sections.indices {
      let page = try sections.flattened(section: index)
      #expect(page.losses(convertingTo: .riff).drawingChanges.isEmpty)
      let written = try WillDocument(parsing: try page.serialized(container: .riff))
      let expected = sections.sections[index].pathsElements.flatMap { placed in
        placed.element.strokes.map { ($0, placed.transform) }
      }
      try #require(written.strokes.count == expected.count)
      for (stroke, (source, transform)) in zip(written.strokes, expected) {
        let unit = 0.5 * pow(10, Double(-source.decimalPrecision)) * (1 + 1e-9)
        for (point, original) in zip(stroke.points, source.points) {
          let mapped = transform.apply(x: original.x, y: original.y)
          #expect(abs(point.x - mapped.x) <= unit && abs(point.y - mapped.y) <= unit)
        }
        for (width, original) in zip(stroke.widths, source.widths) {
          #expect(abs(width - original * transform.lengthScale) <= unit)
        }
      }
    }
    #expect(throws: WillError.self) { try sections.flattened(section: 3) }
    #expect(throws: WillError.self) { try sections.keepingSection(-1) }
    let kept = try sections.keepingSection(2)
    #expect(kept.sections == [sections.sections[2]])
  }

  /// What third-party readers look for in a package, from their sources: will2yaml (Wyess)
  /// takes the first zip entry matching `sections/media/.+\.protobuf` and the page from
  /// `width="…"`/`height="…"` in the first `sections/section*.svg`, and reads records as
  /// fields 1, 2, 3, 4, … ending with field 9; will2svg (ngmsoftware) globs
  /// `sections/media/*.protobuf` and reads fields 1–6 in order; pywillparser follows
  /// `_rels/.rels` to each section, opens `sections/_rels/<svg>.rels`, expects exactly one
  /// relationship there and opens `sections/media/<target's file name>`. A package with one
  /// paths part meets all of them; `strokes` are what that part must hold.
  static func expectThirdPartyReadable(_ bytes: [UInt8], strokes: [Stroke], sample: String)
    throws
  {
    let entries = try ZipArchive.read(bytes, limits: .default)
    func text(_ name: String) throws -> String {
      String(decoding: try #require(entries.first { $0.name.zipName == name }).data, as: UTF8.self)
    }
    let firstSection = try #require(
      entries.first { $0.name.zipName.wholeMatch(of: /sections\/section.*\.svg/) != nil },
      "\(sample)")
    let svg = String(decoding: firstSection.data, as: UTF8.self)
    let width = try #require(svg.firstMatch(of: /width="([0-9.]+)"/)?.1, "\(sample)")
    let height = try #require(svg.firstMatch(of: /height="([0-9.]+)"/)?.1, "\(sample)")
    #expect(Double(width) != nil && Double(height) != nil, "\(sample)")
    let rels = try text("sections/_rels/\(firstSection.name.fileName).rels")
    #expect(rels.components(separatedBy: "<Relationship ").count == 2, "\(sample)")
    let paths = try #require(
      entries.first { $0.name.zipName.wholeMatch(of: /sections\/media\/.+\.protobuf/) != nil },
      "\(sample)")
    let stream = paths.data
    // pywillparser opens sections/media/ + the target's file name.
    let target = try #require(rels.firstMatch(of: /Target="([^"]*)"/)?.1, "\(sample)")
    #expect(target.split(separator: "/").last.map(String.init) == paths.name.fileName, "\(sample)")
    #expect(try PathsStream(parsing: stream).strokes == strokes, "\(sample): the globbed part")
    // Records: fields 1, 2, 3 first, at fixed places; field 9 last.
    var offset = 0
    while offset < stream.count {
      var length = 0
      var shift = 0
      while true {
        let byte = stream[offset]
        offset += 1
        length |= Int(byte & 0x7F) << shift
        shift += 7
        if byte < 0x80 { break }
      }
      let record = Array(stream[offset..<offset + length])
      #expect(record.first == 0x0D && record[5] == 0x15 && record[10] == 0x18, "\(sample)")
      #expect(record[record.count - 2] == 0x48, "\(sample): field 9 ends the record")
      offset += length
    }
  }

  /// A stream written as a package: the exact Inkspace layout, the page around the ink.
  static func expectInkspaceLayout(_ bytes: [UInt8], strokes: [Stroke], sample: String) throws {
    let entries = try ZipArchive.read(bytes, limits: .default)
    #expect(
      entries.map(\.name.zipName) == [
        "[Content_Types].xml", "_rels/.rels", "props/core.xml", "props/app.xml",
        "sections/section0.svg", "sections/media/paths0.protobuf",
        "sections/_rels/section0.svg.rels",
      ], "\(sample)")
    try expectThirdPartyReadable(bytes, strokes: strokes, sample: sample)
    let page = try #require(try WillDocument(parsing: bytes).sections.first?.pageSize)
    for stroke in strokes {
      guard let box = stroke.bounds else { continue }
      let half = (stroke.widths.max() ?? 0) / 2
      #expect(box.maxX + half <= page.width && box.maxY + half <= page.height, "\(sample)")
    }
  }

  @Test func streamsBecomeTheInkspaceLayout() throws {
    var documents: [(String, [UInt8])] = []
    for name in ["handwriting-riff.will", "handwriting.will.bin"] {
      documents.append(
        (
          name,
          try Fixtures.bytes(of: Fixtures.sampleDocuments.appendingPathComponent("valid/\(name)"))
        ))
    }
    for name in ExternalSamples.streamNames {
      documents.append((name, try ExternalSamples.bytes(name)))
    }
    if ExternalSamples.isAvailable {
      ExternalSamples.expectEverySample()
    }
    for (name, bytes) in documents {
      let document = try WillDocument(parsing: bytes)
      #expect(document.losses(convertingTo: .opc).isLossless, "\(name)")
      let package = try document.serialized(container: .opc)
      try Self.expectInkspaceLayout(package, strokes: document.strokes, sample: name)
      let read = try WillDocument(parsing: package)
      #expect(read.strokes == document.strokes, "\(name)")
      // And back: the same stream, byte for byte.
      let back = try read.serialized(container: document.container)
      #expect(back == bytes || document.container == .riff, "\(name)")
      if document.container == .riff {
        #expect(
          WillDataFile(chunks: try WillDataFile(parsing: back).chunks).inks
            == (try WillDataFile(parsing: bytes)).inks, "\(name)")
      }
    }
  }

  @Test(.enabled(if: Oracle.isAvailable && ExternalSamples.isAvailable))
  func wacomsLibraryReadsEveryConvertedSample() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("willdoc-conversion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    ExternalSamples.expectEverySample()
    for name in ExternalSamples.names {
      let source = try #require(ExternalSamples.directory).appendingPathComponent(name)
      let expected = try Oracle.read(source).allStrokes
      let document = try WillDocument(parsing: try ExternalSamples.bytes(name))
      for container in [ContainerKind.opc, .riff, .raw] {
        let output = folder.appendingPathComponent("\(name).\(container.rawValue)")
        try Data(try document.serialized(container: container)).write(to: output)
        let read = try WillDocument(contentsOf: output)
        try OracleComparison.expect(read.strokes, equal: expected, sample: "\(name) → \(container)")
        let oracle = try Oracle.read(output)
        try OracleComparison.expect(
          read.strokes, equal: oracle.allStrokes,
          sample: "\(name) → \(container), read by the oracle")
        if container == .opc {
          try Self.expectThirdPartyReadable(
            try Fixtures.bytes(of: output), strokes: read.strokes, sample: "\(name) → opc")
          let page = try #require(read.sections.first?.pageSize)
          #expect(oracle.sections.count == 1, "\(name)")
          #expect(oracle.sections.first?.width == page.width, "\(name)")
          #expect(oracle.sections.first?.height == page.height, "\(name)")
        }
      }
    }
  }

  @Test func zeroBytePartsAndTheirRelationshipsSurvive() throws {
    let bytes = try Attack.package(
      sections: [
        Attack.Section(
          body: "<g r:id=\"p\"/><g r:id=\"z\"/>",
          relationships: [
            ("p", WillRelationshipType.paths, "/sections/media/p.protobuf"),
            ("z", WillRelationshipType.paths, "/sections/media/z.protobuf"),
            ("e", "http://example.com/empty", "/sections/media/empty.dat"),
            ("b", "http://example.com/bin", "/sections/media/empty.bin"),
          ])
      ],
      parts: [
        ("/sections/media/p.protobuf", try PathsStream(strokes: Self.ink).serialized()),
        ("/sections/media/z.protobuf", []),
        ("/sections/media/empty.dat", []),
        ("/sections/media/empty.bin", []),
      ])
    let document = try WillDocument(parsing: bytes)
    let saved = try document.serialized()
    let names = Set(try ZipArchive.read(saved, limits: .default).map(\.name.description))
    for part in [
      "/sections/media/p.protobuf", "/sections/media/z.protobuf", "/sections/media/empty.dat",
      "/sections/media/empty.bin",
    ] {
      #expect(names.contains(part), "\(part) kept")
    }
    let again = try WillDocument(parsing: saved)
    #expect(again.strokes == Self.ink)
    #expect(again.validate().filter { $0.code.contains("dangling") }.isEmpty)
    #expect(try again.serialized() == saved, "idempotent")
  }
}
