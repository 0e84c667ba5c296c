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
      // A 3.0.0 file is written as 3.1.0, upgraded as Wacom's library upgrades it.
      reread.chunkLayout = []
      #expect(reread == document.upgradedFromVersion300(), "\(name)")
      #expect(reread.structure.views.allSatisfy { !$0.name.hasPrefix("will://") })
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
    try UIMOracleComparison.expect(
      document.upgradedFromVersion300(), equals: oracle, sample: "\(name) rewritten")
  }

  @Test(
    "a 3.0.0 sample upgrades to the 3.1.0 sample Wacom's library made of it",
    .enabled(if: UIMSamples.isAvailable),
    arguments: [("3.0.0_1", "3.1.0_1"), ("3.0.0_3", "3.1.0_3")])
  func upgradeMatchesTheLibrary(old: String, new: String) throws {
    let legacy = try #require(UIMSamples.names.first { $0.contains(old) })
    let upgraded = try #require(UIMSamples.names.first { $0.contains(new) })
    let ours = try UIMDocument(parsing: try UIMSamples.bytes(legacy)).container()
    let theirs = try UIMFile(parsing: try UIMSamples.bytes(upgraded))
    // Input data, brushes and the trees come out byte for byte (INKD differs: the library
    // re-encoded the float splines as fixed point).
    for id in ["INPT", "BRSH", "INKS"] {
      let mine = ours.chunks.first { $0.id == id }?.payload
      #expect(mine == theirs.chunks.first { $0.id == id }?.payload, "\(old) \(id)")
    }
    // The knowledge graph holds the same statements, in the library's own order.
    let a = try UIMDocument(parsing: ours.serialized()).knowledgeGraph
    let b = try UIMDocument(parsing: try UIMSamples.bytes(upgraded)).knowledgeGraph
    let key = { (t: UIMTriple) in t.subject + "\u{1}" + t.predicate + "\u{1}" + t.object }
    #expect(a.map(key).sorted() == b.map(key).sorted(), "\(old) KNWG")
  }
}
