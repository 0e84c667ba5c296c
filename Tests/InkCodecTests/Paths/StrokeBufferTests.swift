import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// Decoding into a reused buffer gives what decoding into a `Stroke` gives: the same values,
/// the same record ranges, the same errors, and nothing left over from a larger stroke.
@Suite struct StrokeBufferTests {
  /// Every paths stream of a file: a package's paths parts, a RIFF file's chunks, a raw file.
  static func streams(of bytes: [UInt8]) throws -> [[UInt8]] {
    try StrokeStreams(parsing: bytes).streams.map(\.bytes)
  }

  /// Decodes `stream` both ways and compares stroke by stroke; returns how many strokes.
  @discardableResult
  static func expectSame(_ stream: [UInt8], _ name: String) throws -> Int {
    var strokes = InkDecoder(bytes: stream)
    var buffered = InkDecoder(bytes: stream)
    var buffer = StrokeBuffer()
    var count = 0
    while let stroke = try strokes.next() {
      #expect(try buffered.next(into: &buffer), "\(name) stroke \(count)")
      let fromBuffer = buffer.stroke()
      #expect(fromBuffer == stroke, "\(name) stroke \(count)")
      #expect(fromBuffer.wire.recordRange == stroke.wire.recordRange, "\(name) stroke \(count)")
      #expect(buffer.bounds == stroke.bounds, "\(name) stroke \(count)")
      #expect(Array(buffer.x) == stroke.points.map(\.x), "\(name) stroke \(count)")
      count += 1
    }
    #expect(try !buffered.next(into: &buffer), "\(name)")
    #expect(buffered.offset == strokes.offset && buffered.strokeIndex == count)
    return count
  }

  @Test(.enabled(if: ExternalSamples.isAvailable)) func everyRealSample() throws {
    ExternalSamples.expectEverySample()
    var total = 0
    for name in ExternalSamples.names {
      for stream in try Self.streams(of: try ExternalSamples.bytes(name)) {
        total += try Self.expectSame(stream, name)
      }
    }
    #expect(total >= 743)
  }

  @Test func everyGeneratedSample() throws {
    let folder = Fixtures.sampleDocuments.appendingPathComponent("valid")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count >= 11)
    for name in names {
      let bytes = try Fixtures.bytes(of: folder.appendingPathComponent(name))
      for stream in try Self.streams(of: bytes) { try Self.expectSame(stream, name) }
    }
  }

  /// Fields reversed, points unpacked, unknown fields: the general decoding path.
  @Test func nonCanonicalRecords() throws {
    var stream: [UInt8] = []
    for record in [
      DiagnosticOffsetTests.canonical, DiagnosticOffsetTests.scrambled,
      DiagnosticOffsetTests.canonical,
    ] {
      stream += Varint.bytes(of: UInt64(record.count)) + record
    }
    #expect(try Self.expectSame(stream, "scrambled") == 3)
  }

  /// A small stroke after a large one shows only its own values; shrinking and growing
  /// again keeps every channel right.
  @Test func nothingIsLeftFromALargerStroke() throws {
    let large = Stroke(
      points: (0..<50).map { InkPoint(x: Double($0), y: Double(2 * $0)) },
      widths: (0..<50).map { 1 + Double($0) / 10 },
      colors: (0..<50).map { InkColor(red: UInt8($0), green: 0, blue: 0) },
      startParameter: 0.25, endParameter: 0.75, blendMode: .destinationOut, paintIndex: 2,
      particlesRandomSeed: 9, id: 7, decimalPrecision: 1)
    var small = Stroke(points: [InkPoint(x: 5, y: 6)], widths: [], colors: [])
    small.wire.storedFields = [.decimalPrecision]
    let stream = try PathsStream(strokes: [large, small, large, small]).serialized()
    let count = try Self.expectSame(stream, "shrinking")
    #expect(count == 4)
    var decoder = InkDecoder(bytes: stream)
    var buffer = StrokeBuffer()
    _ = try decoder.next(into: &buffer)
    _ = try decoder.next(into: &buffer)
    #expect(buffer.pointCount == 1 && buffer.widths.isEmpty && buffer.colors.isEmpty)
    #expect(buffer.paintIndex == nil && buffer.id == nil && buffer.startParameter == 0)
    #expect(buffer.storedFields == [.decimalPrecision])
  }

  /// The same bad bytes fail the same way, at the same stroke, and leave the decoder where
  /// it was.
  @Test func theSameErrors() throws {
    let good = try PathsStream(
      strokes: [Stroke(points: [InkPoint(x: 1, y: 2), InkPoint(x: 3, y: 4)], widths: [1])]
    ).serialized()
    let cases: [(String, [UInt8])] = [
      ("cut", good + Array(good.dropLast())),
      ("odd values", good + [0x03, 0x22, 0x01, 0x02]),
      ("overflow", good + [0x07, 0x22, 0x05, 0xFE, 0xFF, 0xFF, 0xFF, 0x0F]),
      ("precision", good + [0x02, 0x18, 0x09]),
      ("width list", good + [0x08, 0x22, 0x02, 0x02, 0x02, 0x2A, 0x02, 0x02, 0x02]),
    ]
    for (name, stream) in cases {
      var strokes = InkDecoder(bytes: stream)
      var buffered = InkDecoder(bytes: stream)
      var buffer = StrokeBuffer()
      var expected: WillError?
      do { while try strokes.next() != nil {} } catch { expected = error }
      var got: WillError?
      do { while try buffered.next(into: &buffer) {} } catch { got = error }
      #expect(expected != nil, "\(name)")
      #expect(got == expected, "\(name)")
      #expect(buffered.offset == strokes.offset && buffered.strokeIndex == strokes.strokeIndex)
    }
    // The total-points limit counts the same way.
    var limits = DecodingLimits.default
    limits.maxTotalPoints = 3
    var strokes = InkDecoder(bytes: good + good, limits: limits)
    var buffered = InkDecoder(bytes: good + good, limits: limits)
    var buffer = StrokeBuffer()
    var expected: WillError?
    do { while try strokes.next() != nil {} } catch { expected = error }
    var got: WillError?
    do { while try buffered.next(into: &buffer) {} } catch { got = error }
    #expect(expected?.kind == .limitExceeded(.totalPoints, value: 4, limit: 3))
    #expect(got == expected)
  }
}
