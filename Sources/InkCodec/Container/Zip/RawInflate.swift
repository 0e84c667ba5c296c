import CZlib

/// Raw deflate decoding that keeps what it decoded before damage, for salvage. The only
/// CZlib use in InkCodec (libzip does all other zip work).
///
/// One inflater serves every entry of a scan: its zlib state and output chunk are allocated
/// once and reset per entry, and it reads the input in place, so inflating an entry costs
/// what the entry consumes and produces, never the size of the whole input.
final class RawInflate {
  /// The result of inflating as far as the data allows.
  struct Result {
    var output: [UInt8]
    /// Whether the deflate stream ended properly.
    var complete: Bool
    /// Whether zlib found the data invalid (as opposed to running out of input).
    var dataError = false
    /// Whether the stream would have produced more than the limit; `output` holds the first
    /// `limit` bytes.
    var exceeded: Bool
    /// How many input bytes the stream used.
    var consumed: Int
  }

  /// zlib keeps a pointer back to its `z_stream`, so the stream lives at a fixed address.
  private let stream: UnsafeMutablePointer<z_stream>
  private let chunk: UnsafeMutableBufferPointer<UInt8>

  /// A raw (headerless, 32 KiB window) inflater; `nil` when zlib cannot allocate its state.
  init?() {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    chunk = .allocate(capacity: 64 << 10)
    guard czlib_inflateInit2(stream, -15) == Z_OK else {
      stream.deallocate()
      chunk.deallocate()
      return nil
    }
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
    chunk.deallocate()
  }

  /// Inflates the raw deflate stream starting at `start`, stopping at its end, at damage, or
  /// once it would produce more than `limit` bytes.
  func inflate(_ input: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Result {
    var result = Result(output: [], complete: false, exceeded: false, consumed: 0)
    guard start <= input.count, inflateReset(stream) == Z_OK, let base = input.baseAddress else {
      return result
    }
    // zlib's avail_in is 32 bits: a longer input is fed as its first 4 GiB.
    let available = min(input.count - start, Int(UInt32.max))
    // zlib never writes through next_in; it is declared mutable only without ZLIB_CONST.
    stream.pointee.next_in = UnsafeMutablePointer(mutating: base + start)
    stream.pointee.avail_in = uInt(available)
    while true {
      stream.pointee.next_out = chunk.baseAddress
      stream.pointee.avail_out = uInt(chunk.count)
      let status = CZlib.inflate(stream, Z_NO_FLUSH)
      let produced = chunk.count - Int(stream.pointee.avail_out)
      let kept = min(produced, limit - result.output.count)
      if kept > 0 {
        let size = result.output.count + kept
        if size > result.output.capacity {
          // Grow by hand: doubling must not allocate past the limit.
          result.output.reserveCapacity(min(max(size, result.output.capacity * 2), limit))
        }
        result.output.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<kept]))
      }
      if kept < produced {
        result.exceeded = true
        break
      }
      if status == Z_STREAM_END {
        result.complete = true
        break
      }
      if status != Z_OK && status != Z_BUF_ERROR {
        result.dataError = true
        break
      }
      if status == Z_BUF_ERROR || (produced == 0 && stream.pointee.avail_in == 0) { break }
    }
    result.consumed = available - Int(stream.pointee.avail_in)
    return result
  }
}
