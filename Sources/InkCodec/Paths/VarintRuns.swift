/// Where the values of one repeated varint field (`data`, `strokeWidth`, `strokeColor`) lie in
/// a record: one byte range per packed chunk, or per element when the field is not packed.
///
/// Decoders count the values first (from the bytes present, never from a declared count),
/// allocate once, then decode straight into the result.
struct VarintRuns {
  /// The first run; real files have exactly one, so no array is allocated for them.
  private(set) var first: Range<Int>?
  /// Runs after the first (a field split into chunks, or written unpacked).
  private(set) var rest: [Range<Int>] = []
  /// The offset of the first tag of this field, for error reports.
  private(set) var tagOffset: Int?

  /// Whether the field occurred at all.
  var isEmpty: Bool { first == nil }

  mutating func append(_ run: Range<Int>, tagOffset offset: Int) {
    if first == nil {
      first = run
      tagOffset = offset
    } else {
      rest.append(run)
    }
  }

  /// Calls `body` for each run in order.
  @inline(__always)
  func forEachRun(_ body: (Range<Int>) -> WillError?) -> WillError? {
    guard let first else { return nil }
    if let error = body(first) { return error }
    for run in rest {
      if let error = body(run) { return error }
    }
    return nil
  }

  /// The number of values: bytes without the continuation bit. Throws if a run ends inside
  /// a varint.
  func count(in base: UnsafeRawBufferPointer) throws(WillError) -> Int {
    var total = 0
    let failure = forEachRun { run in
      guard !run.isEmpty else { return nil }
      if base[run.upperBound - 1] >= 0x80 {
        return WillError(.truncated(needed: 1, available: 0), offset: run.upperBound)
      }
      total += Varint.endCount(in: base, run)
      return nil
    }
    if let failure { throw failure }
    return total
  }

  /// Decodes every value as a 32-bit varint and passes it, with its byte offset, to `body`.
  ///
  /// `body` returns `false` to report that the value overflowed its channel; decoding then
  /// stops with ``WillErrorKind/integerOverflow(channel:)`` at that offset. Runs must have
  /// passed ``count(in:)`` first, so every run ends on a complete varint.
  @inline(__always)
  func forEachValue(
    in base: UnsafeRawBufferPointer, field: String, _ body: (UInt32, Int) -> Bool
  ) -> WillError? {
    forEachRun { run in
      var index = run.lowerBound
      let end = run.upperBound
      while index < end {
        let start = index
        guard let value = Self.readValue(base, &index) else {
          return outOfRange(base, at: start, field: field)
        }
        if !body(value, start) {
          return WillError(.integerOverflow(channel: field), offset: start)
        }
      }
      return nil
    }
  }

  /// The only run, when the field is one packed chunk (as every producer writes it).
  var singleRun: Range<Int>? { rest.isEmpty ? first : nil }

  /// Reads one 32-bit varint at `index` and moves past it, or returns `nil` (leaving `index`
  /// somewhere inside it) when it does not fit 32 bits. The caller knows the run ends on a
  /// terminator, so every byte read is in bounds.
  @inline(__always)
  static func readValue(_ base: UnsafeRawBufferPointer, _ index: inout Int) -> UInt32? {
    var byte = UInt32(base[index])
    index &+= 1
    if byte < 0x80 { return byte }
    var value = byte & 0x7F
    var shift: UInt32 = 7
    repeat {
      byte = UInt32(base[index])
      index &+= 1
      if shift == 28 && byte > 0x0F { return nil }
      value |= (byte & 0x7F) << shift
      shift += 7
    } while byte >= 0x80
    return value
  }

  /// The error for a varint at `start` that does not fit 32 bits.
  func outOfRange(_ base: UnsafeRawBufferPointer, at start: Int, field: String) -> WillError {
    var value: UInt64 = 0
    var index = start
    for shift in stride(from: 0, through: 28, by: 7) {
      value |= UInt64(base[index] & 0x7F) << UInt64(shift)
      index += 1
    }
    return WillError(.valueOutOfRange(field: field, value: value), offset: start)
  }
}
