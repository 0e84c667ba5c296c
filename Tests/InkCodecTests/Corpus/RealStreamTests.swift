import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// The RIFF and raw samples in `../shared/will-samples`: their paths streams decode to the
/// values the independent oracle reports, and re-encode byte for byte.
@Suite(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
struct RealStreamTests {
  static let expectedDirectory = Fixtures.packageRoot.appendingPathComponent(
    "Tests/InkCodecTests/Expected")

  /// The cases below come from the samples folder: it must hold every sample, and one oracle
  /// expectation per sample.
  @Test func everySampleIsThereWithItsExpectation() throws {
    ExternalSamples.expectEverySample()
    let expectations = try FileManager.default.contentsOfDirectory(
      atPath: Self.expectedDirectory.path)
    #expect(expectations.sorted() == ExternalSamples.names.map { $0 + ".json" })
  }

  /// The paths stream of a RIFF or raw sample.
  static func stream(of name: String) throws -> [UInt8] {
    let bytes = try ExternalSamples.bytes(name)
    switch ContainerKind(sniffing: bytes) {
    case .riff: return try #require(try WillDataFile(parsing: bytes).ink)
    case .raw: return bytes
    case .opc: throw WillError(.unsupported("zip samples are covered by the document tests"))
    }
  }

  @Test(arguments: ExternalSamples.streamNames)
  func recordsReencodeByteIdentical(name: String) throws {
    let stream = try Self.stream(of: name)
    var encoder = InkEncoder()
    for record in try InkDecoder.records(stream) { encoder.append(record) }
    #expect(encoder.bytes == stream)
  }

  @Test(arguments: ExternalSamples.streamNames)
  func strokesReencodeByteIdentical(name: String) throws {
    let stream = try Self.stream(of: name)
    let strokes = try PathsStream(parsing: stream).strokes
    #expect(!strokes.isEmpty)
    #expect(try PathsStream(strokes: strokes).serialized() == stream)
  }

  @Test(arguments: ExternalSamples.streamNames.filter { $0.hasSuffix(".will") })
  func riffFilesReserialiseByteIdentical(name: String) throws {
    let bytes = try ExternalSamples.bytes(name)
    let file = try WillDataFile(parsing: bytes)
    #expect(file.version == "1.0.0")
    #expect(file.chunks.map(\.id) == ["HEAD", "INK "])
    #expect(file.serialized() == bytes)
  }

  @Test(arguments: ExternalSamples.streamNames)
  func valuesEqualTheOracle(name: String) throws {
    let expected = try OracleDocument.load(name, in: Self.expectedDirectory)
    let strokes = try PathsStream(parsing: try Self.stream(of: name)).strokes
    try OracleComparison.expect(strokes, equal: expected.allStrokes, sample: name)
  }
}
