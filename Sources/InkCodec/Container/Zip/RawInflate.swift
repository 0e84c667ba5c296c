import CZlib

/// Raw deflate decoding that keeps what it decoded before damage, for salvage. The only
/// CZlib use in InkCodec (libzip does all other zip work).
enum RawInflate {
  /// The result of inflating as far as the data allows.
  struct Result {
    var output: [UInt8]
    /// Whether the deflate stream ended properly.
    var complete: Bool
    /// How many input bytes the stream used.
    var consumed: Int
  }

  /// Inflates the raw deflate stream starting at `start`, stopping at its end, at damage, or
  /// at `limit` output bytes.
  static func inflate(_ input: [UInt8], from start: Int, limit: Int) -> Result {
    var stream = z_stream()
    guard czlib_inflateInit2(&stream, -15) == Z_OK else {
      return Result(output: [], complete: false, consumed: 0)
    }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    var complete = false
    var source = input
    let available = source.count - start
    source.withUnsafeMutableBufferPointer { inputBuffer in
      stream.next_in = inputBuffer.baseAddress.map { $0 + start }
      stream.avail_in = uInt(clamping: available)
      while true {
        let status = chunk.withUnsafeMutableBufferPointer { outBuffer -> Int32 in
          stream.next_out = outBuffer.baseAddress
          stream.avail_out = uInt(outBuffer.count)
          return CZlib.inflate(&stream, Z_NO_FLUSH)
        }
        let produced = chunk.count - Int(stream.avail_out)
        output.append(contentsOf: chunk[..<min(produced, max(0, limit - output.count))])
        if status == Z_STREAM_END {
          complete = true
          return
        }
        if status != Z_OK || output.count >= limit || (produced == 0 && stream.avail_in == 0) {
          return
        }
      }
    }
    return Result(output: output, complete: complete, consumed: available - Int(stream.avail_in))
  }

  /// The CRC-32 of `bytes`.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
  }
}
