import CZlib

/// The project's only door to zlib: deflate into a zlib stream (PNG `IDAT`) and into raw
/// deflate data (the portable zip writer), bounded inflate of zlib streams (PNG) and raw
/// deflate data (salvage, keeping what decoded before damage; the portable zip reader, step
/// by step), and the CRC-32 behind ``CRC32``.
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

  /// Compresses `bytes` into raw deflate data (RFC 1951) the way libzip writes zip entries:
  /// a 32 KiB window, zlib's largest memory level (9) and the default strategy.
  /// - Parameters:
  ///   - bytes: The data.
  ///   - level: The zlib level, 1…9.
  /// - Returns: The deflate data; the same input and level always give the same bytes.
  /// - Precondition: `level` is in 1…9.
  package static func deflateRaw(_ bytes: [UInt8], level: Int32) -> [UInt8] {
    precondition((1...9).contains(level), "the deflate level must be 1…9")
    var stream = z_stream()
    precondition(
      czlib_deflateInit2(&stream, level, -15, 9) == Z_OK, "zlib could not allocate its state")
    defer { deflateEnd(&stream) }
    var output: [UInt8] = []
    // Compress in steps of at most 64 KiB: deflateBound would reserve the input's size even
    // for data that shrinks a thousandfold; a small entry needs one small step.
    let bound = Int(deflateBound(&stream, uLong(min(bytes.count, Int(UInt32.max)))))
    var chunk = [UInt8](repeating: 0, count: min(bound, 64 << 10))
    bytes.withUnsafeBufferPointer { input in
      var rest = UnsafeBufferPointer(rebasing: input[...])
      var status = Z_OK
      while status != Z_STREAM_END {
        // zlib's avail_in is 32 bits: a longer input is fed in pieces.
        if stream.avail_in == 0 {
          let count = min(rest.count, Int(UInt32.max))
          stream.next_in = UnsafeMutablePointer(mutating: rest.baseAddress)
          stream.avail_in = uInt(count)
          rest = UnsafeBufferPointer(rebasing: rest[count...])
        }
        let flush = rest.isEmpty ? Z_FINISH : Z_NO_FLUSH
        chunk.withUnsafeMutableBufferPointer { out in
          stream.next_out = out.baseAddress
          stream.avail_out = uInt(out.count)
          status = deflate(&stream, flush)
          output.append(contentsOf: out[..<(out.count - Int(stream.avail_out))])
        }
        precondition(
          status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR,
          "deflate cannot fail on a valid stream")
      }
    }
    return output
  }

  /// zlib's name for a status code (`zError`), as libzip puts it in its "Zlib error" message.
  package static func message(for status: Int32) -> String {
    String(cString: zError(status))
  }

  /// Compresses `bytes` into a zlib stream (RFC 1950) a piece at a time, asking `proceed`
  /// after each piece whether to go on: for callers that pay for compression as it goes,
  /// since its time follows what it produces (incompressible data takes several times as
  /// long as uniform data).
  /// - Parameters:
  ///   - bytes: The data.
  ///   - level: The zlib level, 0…9.
  ///   - pieceSize: The input bytes between two calls of `proceed`.
  ///   - proceed: Called with the input bytes consumed and the output bytes produced by the
  ///     last piece; compression stops when it returns `false`.
  /// - Returns: The zlib stream (the same input and level always give the same bytes), or
  ///   `nil` when `proceed` stopped it.
  /// - Precondition: `level` is in 0…9 and `pieceSize` is positive.
  package static func compress(
    _ bytes: [UInt8], level: Int32, pieceSize: Int = 1 << 20,
    proceed: (_ consumed: Int, _ produced: Int) -> Bool
  ) -> [UInt8]? {
    precondition((0...9).contains(level), "the zlib level must be 0…9")
    precondition(pieceSize > 0, "a piece must hold at least one byte")
    var stream = z_stream()
    precondition(
      czlib_deflateInit2(&stream, level, 15, 8) == Z_OK, "deflateInit2 fails only without memory")
    defer { deflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var offset = 0
    let finished = bytes.withUnsafeBufferPointer { input -> Bool in
      repeat {
        let take = min(pieceSize, input.count - offset)
        // zlib never writes through next_in; it is declared mutable only without ZLIB_CONST.
        stream.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0 + offset) }
        stream.avail_in = uInt(take)
        offset += take
        let flush = offset == input.count ? Z_FINISH : Z_NO_FLUSH
        let before = output.count
        var status = Z_OK
        repeat {
          chunk.withUnsafeMutableBufferPointer { out in
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(out.count)
            status = deflate(&stream, flush)
            output.append(contentsOf: out[..<(out.count - Int(stream.avail_out))])
          }
        } while status == Z_OK && (stream.avail_out == 0 || flush == Z_FINISH)
        guard proceed(take, output.count - before) else { return false }
      } while offset < input.count
      return true
    }
    return finished ? output : nil
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
    guard let inflater = Inflater(format: .zlib) else { return .malformed }
    let result = bytes.withUnsafeBufferPointer { inflater.inflate($0, from: 0, limit: limit) }
    if result.exceeded { return .overLimit }
    return result.complete ? .complete(result.output) : .malformed
  }

  /// The CRC-32 register after `bytes`, continuing from `crc` (0 to start). Use ``CRC32``.
  static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32) -> UInt32 {
    // zlib's length is 32 bits: feed a longer buffer in pieces.
    var crc = uLong(crc)
    var rest = bytes
    repeat {
      let count = min(rest.count, Int(UInt32.max))
      crc = CZlib.crc32(crc, rest.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(count))
      rest = UnsafeRawBufferPointer(rebasing: rest[count...])
    } while !rest.isEmpty
    return UInt32(truncatingIfNeeded: crc)
  }

  /// The CRC-32 of `first` followed by `count` bytes whose CRC-32 is `second`, in
  /// O(log count). Use ``CRC32``.
  static func crc32Combine(_ first: UInt32, _ second: UInt32, count: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: crc32_combine(uLong(first), uLong(second), .init(count)))
  }
}

extension Zlib {
  /// Inflates as far as the data allows, keeping what it decoded before damage: salvage's
  /// raw deflate entries and, through ``Zlib/decompress(_:limit:)``, PNG's zlib streams.
  ///
  /// One inflater serves every entry of a scan: its zlib state and output chunk are allocated
  /// once and reset per entry, and it reads the input in place, so inflating an entry costs
  /// what the entry consumes and produces, never the size of the whole input.
  package final class Inflater {
    /// The framing of the compressed data.
    package enum Format {
      /// A zlib stream (RFC 1950): a header, deflate data and an Adler-32.
      case zlib
      /// Raw deflate data (RFC 1951), as zip entries hold it.
      case raw
    }

    /// The result of inflating as far as the data allows.
    package struct Result {
      package var output: [UInt8]
      /// Whether the stream ended properly (for a zlib stream, with a matching Adler-32).
      package var complete: Bool
      /// Whether zlib found the data invalid (as opposed to running out of input).
      package var dataError = false
      /// Whether the stream would have produced more than the limit; `output` holds the first
      /// `limit` bytes.
      package var exceeded: Bool
      /// How many input bytes the stream used.
      package var consumed: Int
    }

    /// zlib keeps a pointer back to its `z_stream`, so the stream lives at a fixed address.
    private let stream: UnsafeMutablePointer<z_stream>
    private let chunk: UnsafeMutableBufferPointer<UInt8>

    /// An inflater with a 32 KiB window; `nil` when zlib cannot allocate its state.
    package init?(format: Format) {
      stream = .allocate(capacity: 1)
      stream.initialize(to: z_stream())
      chunk = .allocate(capacity: 64 << 10)
      guard czlib_inflateInit2(stream, format == .raw ? -15 : 15) == Z_OK else {
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

    /// Starts inflating the raw deflate or zlib stream in `input` step by step with
    /// ``inflateStep(into:)``; the memory of `input` must stay valid until the last step.
    /// - Returns: Whether zlib could reset its state.
    package func begin(_ input: UnsafeRawBufferPointer) -> Bool {
      guard inflateReset(stream) == Z_OK else { return false }
      // zlib never writes through next_in; it is declared mutable only without ZLIB_CONST.
      stream.pointee.next_in = UnsafeMutablePointer(
        mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
      stream.pointee.avail_in = uInt(min(input.count, Int(UInt32.max)))
      return true
    }

    /// The input bytes that ``begin(_:)`` gave and zlib has not consumed yet.
    package var remainingInput: Int { Int(stream.pointee.avail_in) }

    /// Inflates as much of the stream begun with ``begin(_:)`` as fits into `output`.
    /// - Returns: The bytes written, and zlib's status: `Z_OK`, `Z_STREAM_END` at the end of
    ///   the stream, `Z_BUF_ERROR` when no progress is possible (the input is used up), or an
    ///   error.
    package func inflateStep(into output: UnsafeMutableRawBufferPointer) -> (
      produced: Int, status: Int32
    ) {
      stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
      stream.pointee.avail_out = uInt(output.count)
      let status = CZlib.inflate(stream, Z_SYNC_FLUSH)
      return (output.count - Int(stream.pointee.avail_out), status)
    }

    /// Inflates the stream starting at `start`, stopping at its end, at damage, or once it
    /// would produce more than `limit` bytes.
    package func inflate(_ input: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int)
      -> Result
    {
      var result = Result(output: [], complete: false, exceeded: false, consumed: 0)
      guard start <= input.count, inflateReset(stream) == Z_OK, let base = input.baseAddress
      else { return result }
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
}
