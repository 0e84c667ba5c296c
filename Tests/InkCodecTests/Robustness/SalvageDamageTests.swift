import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// Salvage of the real samples damaged in many ways, at seeded positions: every salvaged
/// stroke is a stroke of the undamaged file (as willdoc reads it, which `RealDocumentTests`
/// shows equals what Wacom's library reads), no salvaged stroke is empty, the container is
/// kept, and the report's statements are true.
@Suite(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
struct SalvageDamageTests {
  static let zipSamples = ExternalSamples.names.filter { name in
    (try? ExternalSamples.bytes(name))?.starts(with: [0x50, 0x4B, 0x03, 0x04]) ?? false
  }
  static let riffSamples = ExternalSamples.streamNames.filter { $0.hasSuffix(".will") }
  static let rawSamples = ExternalSamples.streamNames.filter { !$0.hasSuffix(".will") }

  /// The cases below come from the samples folder: it must hold every sample.
  @Test func everySampleIsThere() {
    ExternalSamples.expectEverySample()
    #expect(Self.zipSamples.count == ExternalSamples.expectedCounts.opc, "\(Self.zipSamples)")
    #expect(Self.riffSamples.count == ExternalSamples.expectedCounts.riff, "\(Self.riffSamples)")
    #expect(Self.rawSamples.count == ExternalSamples.expectedCounts.raw, "\(Self.rawSamples)")
  }

  /// Expects the salvage to have invented nothing: every stroke is one of `original`, none is
  /// empty, the container is `container`, and the report counts the document's strokes.
  static func expectFaithful(
    _ document: WillDocument, _ report: SalvageReport, original: [Stroke],
    container: ContainerKind, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let known = Set(original)
    let invented = document.strokes.filter { !known.contains($0) }
    #expect(
      invented.isEmpty, "\(context): \(invented.count) strokes not in the original",
      sourceLocation: sourceLocation)
    #expect(
      document.strokes.allSatisfy { $0.pointCount > 0 }, "\(context): an empty stroke",
      sourceLocation: sourceLocation)
    #expect(document.container == container, "\(context)", sourceLocation: sourceLocation)
    #expect(report.container == container, "\(context)", sourceLocation: sourceLocation)
    #expect(
      report.recoveredStrokes == document.strokes.count, "\(context)",
      sourceLocation: sourceLocation)
    #expect(
      report.losses.allSatisfy { !$0.range.isEmpty }, "\(context): an empty range",
      sourceLocation: sourceLocation)
    // The result saves in its container and reads back with the same strokes.
    let saved = try? document.serialized()
    #expect(
      saved.flatMap { try? WillDocument(parsing: $0, limits: .unlimited).strokes }
        == document.strokes, "\(context)", sourceLocation: sourceLocation)
  }

  /// Where each paths entry's stored data lies in a zip file, with its name and method.
  static func pathsEntries(_ bytes: [UInt8]) throws -> [(
    name: String, data: Range<Int>, deflated: Bool
  )] {
    let entries = try ZipArchive.read(bytes)
    var result: [(name: String, data: Range<Int>, deflated: Bool)] = []
    var offset = 0
    while offset + 30 <= bytes.count {
      guard bytes[offset..<offset + 4].elementsEqual([0x50, 0x4B, 0x03, 0x04]) else {
        offset += 1
        continue
      }
      let nameLength = Int(bytes[offset + 26]) | Int(bytes[offset + 27]) << 8
      let extraLength = Int(bytes[offset + 28]) | Int(bytes[offset + 29]) << 8
      let name = String(decoding: bytes[(offset + 30)..<(offset + 30 + nameLength)], as: UTF8.self)
      let start = offset + 30 + nameLength + extraLength
      if let entry = entries.first(where: { $0.name.description == "/" + name }),
        name.hasSuffix(".protobuf"), !name.hasPrefix("style/")
      {
        let deflated: Bool
        if case .deflate = entry.compression { deflated = true } else { deflated = false }
        result.append((name, start..<(start + entry.compressedSize), deflated))
      }
      offset = start
    }
    return result
  }

  /// `bytes` with the paths entries stored instead of deflated, so that damage hits the
  /// stream's bytes directly.
  static func storedCopy(_ bytes: [UInt8]) throws -> [UInt8] {
    try ZipArchive.write(
      try ZipArchive.read(bytes).map { entry in
        var input = entry.input
        if entry.name.fileExtension == "protobuf" { input.compression = .stored }
        return input
      })
  }

  @Test(arguments: zipSamples)
  func checksumDamageKeepsNothingInvented(name: String) throws {
    let original = try WillDocument(parsing: try ExternalSamples.bytes(name)).strokes
    var random = SeededRandom(seed: UInt64(name.utf8.count) &* 7_919)
    for stored in [false, true] {
      let bytes =
        stored
        ? try Self.storedCopy(try ExternalSamples.bytes(name)) : try ExternalSamples.bytes(name)
      for entry in try Self.pathsEntries(bytes) where entry.data.count > 8 {
        for trial in 0..<4 {
          var damaged = bytes
          // One to three bytes changed inside the entry's data; headers untouched.
          for _ in 0...random.below(3) {
            let at = entry.data.lowerBound + random.below(entry.data.count)
            damaged[at] ^= UInt8(1 + random.below(255))
          }
          let context = "\(name) \(stored ? "stored" : "deflated") \(entry.name) trial \(trial)"
          var report = SalvageReport()
          let document = try WillDocument(salvaging: damaged, report: &report)
          Self.expectFaithful(document, report, original: original, container: .opc, context)
          // The central directory is intact: the report must not say otherwise.
          #expect(!report.notes.contains { $0.contains("central directory") }, "\(context)")
          if !report.wasIntact {
            let part = try #require(
              report.damagedParts.first { $0.part == "/" + entry.name }, "\(context)")
            #expect(part.keptStrokes == 0, "\(context)")
          }
        }
      }
    }
  }

  @Test(arguments: zipSamples)
  func cutPartsKeepTheCompleteRecords(name: String) throws {
    let bytes = try ExternalSamples.bytes(name)
    let original = try WillDocument(parsing: bytes).strokes
    var random = SeededRandom(seed: UInt64(name.utf8.count) &* 104_729)
    for entry in try Self.pathsEntries(bytes) {
      for _ in 0..<3 {
        let cut = entry.data.lowerBound + 1 + random.below(entry.data.count - 1)
        var report = SalvageReport()
        let document = try WillDocument(salvaging: Array(bytes[..<cut]), report: &report)
        let context = "\(name) cut at \(cut)"
        Self.expectFaithful(document, report, original: original, container: .opc, context)
        // Without its end, the central directory really is unusable.
        #expect(
          report.notes.contains { $0.contains("central directory is unusable") }, "\(context)")
        // A cut part keeps a prefix of the original's strokes.
        #expect(document.strokes == Array(original.prefix(document.strokes.count)), "\(context)")
      }
    }
  }

  @Test(arguments: zipSamples)
  func zeroedCentralDirectoryKeepsEveryStroke(name: String) throws {
    var bytes = try ExternalSamples.bytes(name)
    let original = try WillDocument(parsing: bytes).strokes
    let end = bytes.count - 22
    let start = (0..<4).reduce(0) { $0 | Int(bytes[end + 16 + $1]) << (8 * $1) }
    for index in start..<bytes.count { bytes[index] = 0 }
    var report = SalvageReport()
    let document = try WillDocument(salvaging: bytes, report: &report)
    Self.expectFaithful(document, report, original: original, container: .opc, name)
    #expect(document.strokes == original)
    #expect(report.notes.contains { $0.contains("central directory is unusable") })
    #expect(report.damagedParts.isEmpty)
  }

  /// A minimal PNG: signature, IHDR, IEND.
  static let png: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]
    + [0x1F, 0x15, 0xC4, 0x89] + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]

  @Test(arguments: zipSamples)
  func zipBehindAPrefixIsFound(name: String) throws {
    let bytes = try ExternalSamples.bytes(name)
    let original = try WillDocument(parsing: bytes).strokes
    var random = SeededRandom(seed: 4_096)
    let prefixes: [(String, [UInt8])] = [
      ("zeros", [UInt8](repeating: 0, count: 4_096)),
      ("random", (0..<4_096).map { _ in UInt8(random.below(256)) }),
      ("png", Self.png),
    ]
    for (kind, prefix) in prefixes {
      var report = SalvageReport()
      let document = try WillDocument(salvaging: prefix + bytes, report: &report)
      Self.expectFaithful(document, report, original: original, container: .opc, "\(name) \(kind)")
      #expect(document.strokes == original, "\(name) \(kind)")
      #expect(
        report.losses.contains { $0.part == nil && $0.range == 0..<prefix.count }, "\(name) \(kind)"
      )
    }
  }

  @Test(arguments: riffSamples)
  func cutRIFFKeepsItsContainerAndCompleteRecords(name: String) throws {
    let bytes = try ExternalSamples.bytes(name)
    let original = try WillDocument(parsing: bytes).strokes
    var random = SeededRandom(seed: UInt64(bytes.count))
    for _ in 0..<4 {
      let cut = 12 + random.below(bytes.count - 13)
      var report = SalvageReport()
      let document = try WillDocument(salvaging: Array(bytes[..<cut]), report: &report)
      Self.expectFaithful(
        document, report, original: original, container: .riff, "\(name) cut at \(cut)")
      #expect(document.strokes == Array(original.prefix(document.strokes.count)))
      #expect(!report.wasIntact)
    }
  }

  @Test(arguments: rawSamples)
  func cutRawStreamKeepsItsContainerOrIsNotWill(name: String) throws {
    let bytes = try ExternalSamples.bytes(name)
    let original = try WillDocument(parsing: bytes).strokes
    let first = try #require(try SalvageTests.boundaries(bytes).dropFirst().first)
    var random = SeededRandom(seed: UInt64(bytes.count))
    for _ in 0..<6 {
      let cut = 1 + random.below(bytes.count - 1)
      let context = "\(name) cut at \(cut)"
      if cut < first {
        // Inside the first record nothing tells the stream from random bytes.
        #expect(throws: WillError(.notAWillFile, offset: 0), "\(context)") {
          try WillDocument(salvaging: Array(bytes[..<cut]))
        }
        continue
      }
      var report = SalvageReport()
      let document = try WillDocument(salvaging: Array(bytes[..<cut]), report: &report)
      Self.expectFaithful(document, report, original: original, container: .raw, context)
      #expect(document.strokes == Array(original.prefix(document.strokes.count)), "\(context)")
    }
  }

  @Test func riffWithTwoInkChunksOneDamaged() throws {
    let (first, second) = (
      try #require(Self.riffSamples.first), try #require(Self.riffSamples.last)
    )
    let a = try #require(try WillDataFile(parsing: try ExternalSamples.bytes(first)).ink)
    var b = try #require(try WillDataFile(parsing: try ExternalSamples.bytes(second)).ink)
    let (aStrokes, bStrokes) = (
      try PathsStream(parsing: a).strokes, try PathsStream(parsing: b).strokes
    )
    // The third record of the second chunk gets an invalid first tag (field 0).
    let starts = try SalvageTests.boundaries(b)
    let prefix = Varint.encodedSize(of: UInt64(starts[3] - starts[2] - 1))
    b[starts[2] + prefix] = 0x07
    let file = WillDataFile(chunks: [
      RIFFChunk(id: "HEAD", data: WillDataFile.currentVersion), RIFFChunk(id: "INK ", data: a),
      RIFFChunk(id: "LIST", data: Array("kept".utf8)), RIFFChunk(id: "INK ", data: b),
    ]).serialized()
    var report = SalvageReport()
    let document = try WillDocument(salvaging: file, report: &report)
    Self.expectFaithful(
      document, report, original: aStrokes + bStrokes, container: .riff, "two INK chunks")
    #expect(!report.wasIntact)
    let damaged = try #require(report.damagedParts.first)
    #expect(report.damagedParts.count == 1)
    #expect(damaged.part == "INK #2")
    #expect(damaged.keptStrokes == bStrokes.count - 1)
    #expect(damaged.droppedRecords == 1)
    #expect(document.riffChunks.contains(RIFFChunk(id: "LIST", data: Array("kept".utf8))))
    // Every INK chunk is read: every stroke but the damaged record's is kept, chunk by chunk.
    var expected = aStrokes + bStrokes
    expected.remove(at: aStrokes.count + 2)
    #expect(document.strokes == expected)
    #expect(
      document.sections.flatMap(\.pathsElements).map(\.element.strokes.count) == [
        aStrokes.count, bStrokes.count - 1,
      ])
  }

  @Test func inputsWithoutWillContentAreNotWillFiles() throws {
    var random = SeededRandom(seed: 99)
    let zipOfText = try ZipArchive.write([
      ZipEntry.Input(name: try PartName("/notes.txt"), data: Array("hello".utf8))
    ])
    let inputs: [(String, [UInt8])] = [
      ("empty", []),
      ("png", Self.png),
      ("text", Array("Dear diary, today I wrote nothing in ink.\n".utf8)),
      ("random", (0..<2_048).map { _ in UInt8(random.below(256)) }),
      ("zeros", [UInt8](repeating: 0, count: 512)),
      ("zip without WILL parts", zipOfText),
    ]
    for (kind, bytes) in inputs {
      // An empty file is called empty; every kind has the code not-a-will-file.
      let expected = WillError(bytes.isEmpty ? .emptyFile : .notAWillFile, offset: 0)
      #expect(throws: expected, "\(kind)") { try WillDocument(salvaging: bytes) }
      #expect(expected.kind.code == "not-a-will-file")
    }
  }

  @Test(arguments: zipSamples)
  func anEntryWithADamagedLocalHeaderIsNamed(name: String) throws {
    var bytes = try ExternalSamples.bytes(name)
    let original = try WillDocument(parsing: bytes).strokes
    let entry = try #require(try Self.pathsEntries(bytes).first)
    // The first byte of the entry's name in its local header becomes NUL, which no part
    // name may hold; the central directory still lists it.
    let nameStart = entry.data.lowerBound - entry.name.utf8.count
    let header = try #require(
      (0...nameStart).last { bytes[$0..<$0 + 4].elementsEqual([0x50, 0x4B, 0x03, 0x04]) })
    bytes[header + 30] = 0
    var report = SalvageReport()
    let document = try WillDocument(salvaging: bytes, report: &report)
    Self.expectFaithful(document, report, original: original, container: .opc, name)
    #expect(!report.notes.contains { $0.contains("central directory") })
    #expect(
      report.lostParts.contains {
        $0.part == "/" + entry.name && $0.reason.contains("local header")
      })
  }
}
