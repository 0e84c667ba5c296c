import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc salvage` on damaged copies of the project's own sample documents.
@Suite struct SalvageCommandTests {
  static let sample = Fixtures.sampleDocuments.appendingPathComponent("valid/handwriting-opc.will")

  @Test func truncatedPackageIsSalvaged() throws {
    let scratch = try TemporaryDirectory()
    let original = try WillDocument(parsing: try Fixtures.bytes(of: Self.sample))
    let bytes = try Fixtures.bytes(of: Self.sample)
    let damaged = scratch.file("damaged.will")
    // Keep the entries but lose the central directory.
    try Data(bytes[..<(bytes.count * 9 / 10)]).write(to: damaged)
    let recovered = scratch.file("recovered.will")
    let result = try WillDocRunner.run(["salvage", damaged.path, "-o", recovered.path])
    #expect(result.status == 1, "something was lost")
    #expect(result.stdout.contains("strokes recovered"))
    #expect(result.stdout.contains("central directory"))
    let document = try WillDocument(parsing: try Fixtures.bytes(of: recovered))
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
      try WillDocument(parsing: try Fixtures.bytes(of: recovered)).strokes
        == (try WillDocument(parsing: try Fixtures.bytes(of: Self.sample))).strokes)
  }

  @Test func refusesToWriteOverTheInput() throws {
    let result = try WillDocRunner.run(["salvage", Self.sample.path, "-o", Self.sample.path])
    #expect(result.status == 64)
  }

  @Test func inputsWithoutWillContentExitTwo() throws {
    let scratch = try TemporaryDirectory()
    let png: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
      + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89]
    for (name, bytes) in [("empty.will", [UInt8]()), ("picture.png", png)] {
      let input = scratch.file(name)
      try Data(bytes).write(to: input)
      let output = scratch.file(name + ".out")
      let result = try WillDocRunner.run(["salvage", input.path, "-o", output.path])
      #expect(result.status == 2, "\(name)")
      #expect(result.stderr.hasPrefix("willdoc: error: \(input.path): "), "\(name)")
      #expect(result.stderr.contains("not a WILL file"), "\(name)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(name)")
      #expect(!FileManager.default.fileExists(atPath: output.path), "\(name)")
    }
  }

  /// `salvagedRealFilesReadInWacomsLibrary` runs over the samples folder: it must hold every
  /// sample.
  @Test(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
  func everySampleIsThere() {
    ExternalSamples.expectEverySample()
  }

  /// Damaged copies of every real sample: salvage exits 1, writes the input's container, and
  /// Wacom's library (through the oracle) reads the result with the strokes willdoc salvaged.
  @Test(
    .enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"),
    .enabled(if: Oracle.isAvailable, "../shared/tools/oracle is absent"),
    arguments: ExternalSamples.names)
  func salvagedRealFilesReadInWacomsLibrary(name: String) throws {
    let scratch = try TemporaryDirectory()
    let bytes = try ExternalSamples.bytes(name)
    let original = try WillDocument(parsing: bytes)
    var damages: [(String, [UInt8])] = [("cut", Array(bytes[..<(bytes.count * 3 / 4)]))]
    if original.container == .opc {
      var flipped = bytes
      flipped[bytes.count / 3] ^= 0x5A
      damages += [("flipped", flipped), ("prefixed", [UInt8](repeating: 0, count: 4_096) + bytes)]
    }
    for (kind, damaged) in damages {
      let input = scratch.file("\(kind).will")
      try Data(damaged).write(to: input)
      let output = scratch.file("\(kind)-salvaged.will")
      let result = try WillDocRunner.run(["salvage", input.path, "-o", output.path])
      #expect(result.status == 1, "\(name) \(kind): \(result.stderr)")
      let salvaged = try WillDocument(parsing: try Fixtures.bytes(of: output))
      #expect(salvaged.container == original.container, "\(name) \(kind)")
      let known = Set(original.strokes)
      #expect(salvaged.strokes.allSatisfy { known.contains($0) }, "\(name) \(kind)")
      let oracle = try Oracle.read(output)
      try OracleComparison.expect(
        salvaged.strokes, equal: oracle.allStrokes, sample: "\(name) \(kind)")
    }
  }
}
