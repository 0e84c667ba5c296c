import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc salvage` on damaged copies of the project's own sample documents.
@Suite struct SalvageCommandTests {
  static let sample = Fixtures.sampleDocuments.appendingPathComponent("valid/handwriting-opc.will")

  @Test func truncatedPackageIsSalvaged() throws {
    let scratch = try TemporaryDirectory()
    let original = try WillDocument(bytes: try Fixtures.bytes(of: Self.sample))
    let bytes = try Fixtures.bytes(of: Self.sample)
    let damaged = scratch.file("damaged.will")
    // Keep the entries but lose the central directory.
    try Data(bytes[..<(bytes.count * 9 / 10)]).write(to: damaged)
    let recovered = scratch.file("recovered.will")
    let result = try WillDocRunner.run(["salvage", damaged.path, "-o", recovered.path])
    #expect(result.status == 1, "something was lost")
    #expect(result.stdout.contains("strokes recovered"))
    #expect(result.stdout.contains("central directory"))
    let document = try WillDocument(bytes: try Fixtures.bytes(of: recovered))
    #expect(!document.strokes.isEmpty)
    #expect(document.strokes == Array(original.strokes.prefix(document.strokes.count)))
  }

  @Test func intactFileExitsZero() throws {
    let scratch = try TemporaryDirectory()
    let recovered = scratch.file("recovered.will")
    let result = try WillDocRunner.run(["salvage", Self.sample.path, "-o", recovered.path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("intact"))
    #expect(
      try WillDocument(bytes: try Fixtures.bytes(of: recovered)).strokes
        == (try WillDocument(bytes: try Fixtures.bytes(of: Self.sample))).strokes)
  }

  @Test func refusesToWriteOverTheInput() throws {
    let result = try WillDocRunner.run(["salvage", Self.sample.path, "-o", Self.sample.path])
    #expect(result.status == 64)
  }
}
