#if LZMA && os(Linux)
  import CLZMA
#endif

/// The project's only door to liblzma: the LZMA chunk compression of UIM 3.1.0.
///
/// The format names LZMA without saying which container; willdoc writes `.xz` streams (what
/// Python's `lzma.compress` writes by default) and reads `.xz` and legacy `.lzma` streams
/// (liblzma's auto decoder, Python's `FORMAT_AUTO`). Only the `LZMA` trait on Linux links
/// liblzma; other builds have no LZMA codec (liblzma is private on iOS), so they refuse LZMA
/// chunks by name and write zlib chunks instead. No real file seen uses LZMA.
package enum LZMA {
  /// Whether this build reads and writes LZMA chunks.
  package static var isAvailable: Bool {
    #if LZMA && os(Linux)
      true
    #else
      false
    #endif
  }

  /// Why this build cannot read LZMA, for errors and reports.
  package static let unavailableReason =
    "this build of willdoc has no LZMA codec (the portable profile, built without the LZMA trait)"
}

#if LZMA && os(Linux)
  extension LZMA {
    /// Compresses `bytes` into an `.xz` stream at preset 6 with a CRC-64 check.
    /// - Returns: The stream; the same input always gives the same bytes.
    package static func compress(_ bytes: [UInt8]) -> [UInt8] {
      let capacity = lzma_stream_buffer_bound(bytes.count)
      return [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
        var position = 0
        let status = bytes.withUnsafeBufferPointer { input in
          lzma_easy_buffer_encode(
            6, LZMA_CHECK_CRC64, nil, input.baseAddress, input.count, out.baseAddress, &position,
            capacity)
        }
        precondition(
          status == LZMA_OK, "lzma_easy_buffer_encode cannot fail with a bound-sized buffer")
        count = position
      }
    }

    /// Decompresses an `.xz` or `.lzma` stream without ever holding more than `limit` output
    /// bytes.
    /// - Parameters:
    ///   - bytes: The stream.
    ///   - limit: The most output bytes accepted.
    /// - Returns: The data, or why there is none (as for zlib).
    /// - Precondition: `limit` is not negative.
    package static func decompress(_ bytes: [UInt8], limit: Int) -> Zlib.Inflated {
      precondition(limit >= 0, "the decompression limit cannot be negative")
      var stream = lzma_stream()
      guard lzma_auto_decoder(&stream, 1 << 28, 0) == LZMA_OK else { return .malformed }
      defer { lzma_end(&stream) }
      var output: [UInt8] = []
      let piece = 1 << 16
      var buffer = [UInt8](repeating: 0, count: piece)
      return bytes.withUnsafeBufferPointer { input -> Zlib.Inflated in
        stream.next_in = input.baseAddress
        stream.avail_in = input.count
        while true {
          let (status, produced) = buffer.withUnsafeMutableBufferPointer { out in
            stream.next_out = out.baseAddress
            stream.avail_out = out.count
            let status = lzma_code(&stream, LZMA_FINISH)
            return (status, out.count - stream.avail_out)
          }
          if output.count + produced > limit { return .overLimit }
          output.append(contentsOf: buffer[0..<produced])
          switch status {
          case LZMA_STREAM_END: return .complete(output)
          case LZMA_OK: continue
          default: return .malformed
          }
        }
      }
    }
  }
#endif
