import InkCodec
import Testing

/// The one zlib door: deflate into zlib streams, bounded inflate of zlib streams and raw
/// deflate data that keeps what decoded before damage.
@Suite struct ZlibTests {
  static let text = Array(String(repeating: "ink strokes, ", count: 500).utf8)

  @Test func zlibRoundTripsAtEveryLevel() {
    for level in Int32(0)...9 {
      let stream = Zlib.compress(Self.text, level: level)
      #expect(stream.first == 0x78, "level \(level)")
      #expect(Zlib.decompress(stream, limit: Self.text.count) == .complete(Self.text))
    }
  }

  @Test func oneByteOverTheLimitIsOverLimit() {
    let stream = Zlib.compress(Self.text)
    #expect(Zlib.decompress(stream, limit: Self.text.count - 1) == .overLimit)
  }

  @Test func cutOrDamagedStreamsAreMalformed() {
    let stream = Zlib.compress(Self.text)
    #expect(Zlib.decompress(Array(stream.dropLast(6)), limit: 1 << 20) == .malformed)
    #expect(Zlib.decompress([], limit: 1 << 20) == .malformed)
    var damaged = stream
    damaged[damaged.count - 1] ^= 0xFF  // the Adler-32
    #expect(Zlib.decompress(damaged, limit: 1 << 20) == .malformed)
  }

  /// A zip entry's data is the zlib stream without its 2-byte header and 4-byte Adler-32.
  @Test func rawInflateReadsDeflateDataInPlace() throws {
    let raw = Array(Zlib.compress(Self.text).dropFirst(2).dropLast(4))
    let inflater = try #require(Zlib.Inflater(format: .raw))
    let input = [0xAA, 0xBB] + raw + [0xCC]
    let result = input.withUnsafeBufferPointer { inflater.inflate($0, from: 2, limit: 1 << 20) }
    #expect(result.complete && !result.dataError && !result.exceeded)
    #expect(result.output == Self.text)
    #expect(result.consumed == raw.count)
  }

  /// Salvage keeps what a cut entry decoded before the cut, and the same inflater serves the
  /// next entry.
  @Test func rawInflateKeepsWhatDecodedBeforeTheCut() throws {
    let noise = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }
    let raw = Array(Zlib.compress(noise).dropFirst(2).dropLast(4))
    let inflater = try #require(Zlib.Inflater(format: .raw))
    let cut = Array(raw.prefix(raw.count / 2))
    let partial = cut.withUnsafeBufferPointer { inflater.inflate($0, from: 0, limit: 1 << 20) }
    #expect(!partial.complete && !partial.dataError)
    #expect(partial.output.count > 0)
    #expect(Array(noise.prefix(partial.output.count)) == partial.output)
    let whole = raw.withUnsafeBufferPointer { inflater.inflate($0, from: 0, limit: 1 << 20) }
    #expect(whole.complete && whole.output == noise)
  }
}
