import CZlib

/// The project's only door to zlib: deflate in the zlib wrapper, inflate (bounded or not), and
/// CRC-32.
package enum Zlib {
  /// Compresses `bytes` into a zlib stream (RFC 1950) at a fixed level.
  /// - Parameters:
  ///   - bytes: The data.
  ///   - level: The zlib level, 0…9.
  /// - Returns: The zlib stream; the same input and level always give the same bytes.
  /// - Precondition: `level` is in 0…9.
  package static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
    precondition((0...9).contains(level), "the zlib level must be 0…9")
    let capacity = Int(compressBound(uLong(bytes.count)))
    return [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
      var size = uLong(capacity)
      let status = bytes.withUnsafeBufferPointer { input in
        compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), level)
      }
      precondition(status == Z_OK, "compress2 cannot fail with a compressBound buffer")
      count = Int(size)
    }
  }

  /// Inflates a zlib stream.
  /// - Parameter bytes: The zlib stream.
  /// - Returns: The data, or `nil` when the stream is malformed or truncated.
  package static func decompress(_ bytes: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard czlib_inflateInit2(&stream, 15) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var input = bytes
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    return input.withUnsafeMutableBufferPointer { i -> [UInt8]? in
      stream.next_in = i.baseAddress
      stream.avail_in = uInt(i.count)
      while true {
        let status = chunk.withUnsafeMutableBufferPointer { c -> Int32 in
          stream.next_out = c.baseAddress
          stream.avail_out = uInt(c.count)
          return inflate(&stream, Z_NO_FLUSH)
        }
        output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
        if status == Z_STREAM_END { return output }
        if status != Z_OK { return nil }
        if stream.avail_in == 0 && stream.avail_out != 0 { return nil }
      }
    }
  }

  /// What ``decompress(_:limit:)`` found.
  package enum Inflated: Sendable, Hashable {
    /// The whole stream, at most `limit` bytes.
    case complete([UInt8])
    /// The stream is malformed or ends early.
    case malformed
    /// The stream holds more than `limit` bytes; inflating stopped there.
    case overLimit
  }

  /// Inflates a zlib stream (RFC 1950) without ever holding more than `limit` output bytes,
  /// so a small hostile stream (a decompression bomb) cannot exhaust memory.
  /// - Parameters:
  ///   - bytes: The zlib stream; bytes after its end are ignored.
  ///   - limit: The most output bytes accepted.
  /// - Returns: The data, or why there is none.
  /// - Precondition: `limit` is not negative.
  package static func decompress(_ bytes: [UInt8], limit: Int) -> Inflated {
    precondition(limit >= 0, "the inflate limit cannot be negative")
    var stream = z_stream()
    guard czlib_inflateInit2(&stream, 15) == Z_OK else { return .malformed }
    defer { inflateEnd(&stream) }
    var input = bytes
    // One byte past the limit tells a stream that fills the limit exactly from a longer one.
    var output = [UInt8](repeating: 0, count: min(limit + 1, 1 << 16))
    var produced = 0
    return input.withUnsafeMutableBufferPointer { i -> Inflated in
      stream.next_in = i.baseAddress
      stream.avail_in = uInt(i.count)
      while true {
        if produced == output.count {
          guard output.count <= limit else { return .overLimit }
          output.append(
            contentsOf: repeatElement(0, count: min(output.count, limit + 1 - output.count)))
        }
        let status = output.withUnsafeMutableBufferPointer { o -> Int32 in
          let room = o.count - produced
          stream.next_out = o.baseAddress! + produced
          stream.avail_out = uInt(room)
          let status = CZlib.inflate(&stream, Z_NO_FLUSH)
          produced += room - Int(stream.avail_out)
          return status
        }
        if produced > limit { return .overLimit }
        if status == Z_STREAM_END {
          output.removeLast(output.count - produced)
          return .complete(output)
        }
        // Z_BUF_ERROR with input left means no progress was possible: the stream is broken.
        if status != Z_OK || (stream.avail_in == 0 && produced < output.count) {
          return .malformed
        }
      }
    }
  }

  /// The CRC-32 of `bytes` (the PNG and ZIP checksum), continuing from `initial`.
  package static func crc32(_ bytes: [UInt8], initial: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBufferPointer { b in
      UInt32(CZlib.crc32(uLong(initial), b.baseAddress, uInt(b.count)))
    }
  }
}
