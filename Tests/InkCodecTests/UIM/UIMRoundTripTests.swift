import Foundation
import InkCodec
import InkTestSupport
import Testing

/// UIM 3.1.0 written by willdoc: unchanged payloads where the file's encoding is canonical (the
/// Python encoder's), the same document read back everywhere, and Wacom's `UIMParser` reading
/// the written file with the same strokes.
@Suite("UIM writing")
struct UIMRoundTripTests {
  /// The samples written by Wacom's Python encoder, whose every chunk is canonical.
  static let canonical = UIMSamples.names.filter { $0.contains("3.1_delta") }

  @Test(
    "read and written unchanged gives identical chunk payloads",
    .enabled(if: UIMSamples.isAvailable),
    arguments: canonical)
  func identicalPayloads(name: String) throws {
    let bytes = try UIMSamples.bytes(name)
    let original = try UIMFile(parsing: bytes)
    let written = try UIMDocument(parsing: bytes).container()
    #expect(written.chunks.map(\.id) == original.chunks.map(\.id))
    for (ours, theirs) in zip(written.chunks, original.chunks) {
      #expect(ours.payload == theirs.payload, "\(name) \(theirs.id)")
      #expect(ours.descriptor == theirs.descriptor, "\(name) \(theirs.id)")
    }
    #expect(written.serialized() == bytes, "\(name): the whole file")
  }

  @Test(
    "every sample reads back as the same document", .enabled(if: UIMSamples.isAvailable),
    arguments: UIMSamples.names)
  func readsBack(name: String) throws {
    let document = try UIMDocument(parsing: try UIMSamples.bytes(name))
    var reread = try UIMDocument(parsing: try document.serialized())
    #expect(reread.version == [3, 1, 0])
    if document.version == [3, 1, 0] {
      #expect(reread == document, "\(name)")
    } else {
      // A 3.0.0 file is written as 3.1.0: the same content in the new layout.
      reread.version = document.version
      reread.chunkLayout = []
      #expect(reread == document, "\(name)")
    }
  }

  @Test(
    "Wacom's UIMParser reads what willdoc writes, with the same strokes",
    .enabled(if: UIMSamples.isAvailable && Oracle.isAvailable), arguments: UIMSamples.names)
  func oracleReadsWrittenFile(name: String) throws {
    let document = try UIMDocument(parsing: try UIMSamples.bytes(name))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uim-roundtrip-\(UUID().uuidString).uim")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(try document.serialized()).write(to: url)
    let oracle = try Oracle.readUIM(url)
    #expect(oracle.version.contains("3.1.0"))
    try UIMOracleComparison.expect(document, equals: oracle, sample: "\(name) rewritten")
  }
}
