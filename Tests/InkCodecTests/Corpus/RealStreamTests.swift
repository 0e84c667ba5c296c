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
    let strokes = try InkDecoder.decodeAll(stream)
    #expect(!strokes.isEmpty)
    #expect(try InkEncoder.encode(strokes) == stream)
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
    let strokes = try InkDecoder.decodeAll(try Self.stream(of: name))
    try OracleComparison.expect(strokes, equal: expected.allStrokes, sample: name)
  }
}

/// Compares decoded strokes with what the oracle printed, value by value.
enum OracleComparison {
  static func expect(
    _ strokes: [Stroke], equal expected: [OracleDocument.Stroke], sample: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try #require(
      strokes.count == expected.count, "\(sample): stroke count", sourceLocation: sourceLocation)
    for (stroke, oracle) in zip(strokes, expected) {
      let context = Comment(rawValue: "\(sample) stroke \(oracle.index)")
      #expect(stroke.pointCount == oracle.pointCount, context, sourceLocation: sourceLocation)
      #expect(stroke.layout.stride == oracle.stride, context, sourceLocation: sourceLocation)
      #expect(stroke.interleavedValues() == oracle.points, context, sourceLocation: sourceLocation)
      #expect(
        stroke.decimalPrecision == oracle.decimalPrecision, context, sourceLocation: sourceLocation)
      #expect(Double(stroke.startParameter) == oracle.ts, context, sourceLocation: sourceLocation)
      #expect(Double(stroke.endParameter) == oracle.tf, context, sourceLocation: sourceLocation)
      #expect(stroke.widths.count == oracle.widthCount, context, sourceLocation: sourceLocation)
      #expect(stroke.constantWidth == oracle.width, context, sourceLocation: sourceLocation)
      #expect(stroke.colors.count == oracle.colorCount, context, sourceLocation: sourceLocation)
      #expect(stroke.color?.rgba == oracle.color?.rgba, context, sourceLocation: sourceLocation)
      if let colors = oracle.colors {
        #expect(
          stroke.colors.map(\.rgba) == colors.map(\.rgba), context, sourceLocation: sourceLocation)
      }
      let wire =
        stroke.storedFields.contains(.compositeOperation) ? Int(stroke.blendMode.rawValue) : nil
      #expect(wire == oracle.blendModeWire, context, sourceLocation: sourceLocation)
      #expect(
        Int(stroke.blendMode.effective.rawValue) == oracle.blendModeValue, context,
        sourceLocation: sourceLocation)
      #expect(
        stroke.paintIndex.map(Int.init) == oracle.strokePaint, context,
        sourceLocation: sourceLocation)
      #expect(
        stroke.particlesRandomSeed.map(Int.init) == oracle.strokeParticlesRandomSeed, context,
        sourceLocation: sourceLocation)
      #expect(stroke.id.map(Int.init) == oracle.id, context, sourceLocation: sourceLocation)
    }
  }
}
