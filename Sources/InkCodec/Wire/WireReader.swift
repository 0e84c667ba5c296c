/// A cursor over borrowed bytes that never reads out of bounds.
///
/// `read…` methods consume; `peek…` methods look without moving. A failed read throws a
/// ``WillError`` carrying the offset of the first byte that caused it and leaves ``position``
/// unchanged. Offsets are absolute within the part the bytes came from: a slice made by
/// ``readLengthDelimited()`` keeps counting from the same origin.
///
/// The reader borrows its buffer: create and use it inside `withUnsafeBytes`.
package struct WireReader {
  /// The whole part. Only `position..<end` is readable.
  @usableFromInline let base: UnsafeRawBufferPointer
  /// The offset of the first readable byte, from the start of the part.
  package let start: Int
  /// The offset of the next byte to read, from the start of the part.
  package private(set) var position: Int
  /// The offset one past the last readable byte.
  package let end: Int

  /// Creates a reader over all of `bytes`.
  package init(_ bytes: UnsafeRawBufferPointer) {
    self.base = bytes
    self.start = 0
    self.position = 0
    self.end = bytes.count
  }

  /// Creates a reader over `range` of `bytes`.
  /// - Precondition: `range` lies within `bytes`.
  package init(_ bytes: UnsafeRawBufferPointer, range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of bounds")
    self.base = bytes
    self.start = range.lowerBound
    self.position = range.lowerBound
    self.end = range.upperBound
  }

  /// Whether every byte has been read.
  package var isAtEnd: Bool { position >= end }

  /// The number of unread bytes.
  package var remaining: Int { end - position }

  /// The next byte, without consuming it.
  package func peekByte() -> UInt8? {
    position < end ? base[position] : nil
  }

  /// An error located at `offset` (by default the current position).
  package func error(_ kind: WillErrorKind, at offset: Int? = nil) -> WillError {
    WillError(kind, offset: offset ?? position)
  }

  /// Reads a varint of up to 10 bytes and 64 bits.
  @inlinable
  package mutating func readVarint() throws(WillError) -> UInt64 {
    var index = position
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard index < end else {
        throw WillError(
          .truncated(needed: index - position + 1, available: end - position), offset: position)
      }
      let byte = base[index]
      index += 1
      if shift == 63 && byte > 1 {
        throw WillError(.malformedVarint, offset: position)
      }
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
      if shift > 63 { throw WillError(.malformedVarint, offset: position) }
    }
    position = index
    return result
  }

  /// Reads a varint that must fit in 32 bits (`uint32`, `sint32` before zigzag, enums).
  @inlinable
  package mutating func readVarint32(field: String) throws(WillError) -> UInt32 {
    let start = position
    let value = try readVarint()
    guard let narrow = UInt32(exactly: value) else {
      position = start
      throw WillError(.valueOutOfRange(field: field, value: value), offset: start)
    }
    return narrow
  }

  /// Reads four little-endian bytes.
  package mutating func readFixed32() throws(WillError) -> UInt32 {
    try readInteger(.littleEndian)
  }

  /// Reads eight little-endian bytes.
  package mutating func readFixed64() throws(WillError) -> UInt64 {
    try readInteger(.littleEndian)
  }

  /// Consumes `count` bytes and returns their range.
  /// - Precondition: `count` is not negative.
  package mutating func readRange(count: Int) throws(WillError) -> Range<Int> {
    precondition(count >= 0, "a byte count cannot be negative")
    guard count <= remaining else {
      throw error(.truncated(needed: count, available: remaining))
    }
    position += count
    return (position - count)..<position
  }

  /// Reads a fixed-width integer.
  mutating func readInteger<T: FixedWidthInteger>(_ order: ByteOrder) throws(WillError) -> T {
    guard let value: T = getInteger(at: position, order) else {
      throw error(.truncated(needed: T.bitWidth / 8, available: remaining))
    }
    position += T.bitWidth / 8
    return value
  }

  /// Reads a field tag.
  package mutating func readTag() throws(WillError) -> FieldTag {
    let start = position
    let raw = try readVarint()
    guard let tag = FieldTag(rawValue: raw) else {
      position = start
      throw WillError(.invalidTag(raw), offset: start)
    }
    return tag
  }

  /// Reads a varint length and returns the range of the bytes it covers, consuming them.
  package mutating func readLengthDelimited() throws(WillError) -> Range<Int> {
    let start = position
    let length = try readVarint()
    guard length <= UInt64(remaining) else {
      let available = remaining
      position = start
      throw WillError(
        .truncated(needed: Int(clamping: length), available: available), offset: start)
    }
    let range = position..<(position + Int(length))
    position = range.upperBound
    return range
  }

  /// Skips the value of a field with `tag`, and returns the range of the value's bytes.
  ///
  /// Groups are skipped up to their matching end tag, however deeply nested, without recursion.
  package mutating func skipValue(of tag: FieldTag) throws(WillError) -> Range<Int> {
    let start = position
    switch tag.wireType {
    case .varint: _ = try readVarint()
    case .fixed32: _ = try readFixed32()
    case .fixed64: _ = try readFixed64()
    case .lengthDelimited: _ = try readLengthDelimited()
    case .endGroup: throw error(.unbalancedGroup)
    case .startGroup:
      var depth = 1
      while depth > 0 {
        let inner = try readTag()
        switch inner.wireType {
        case .startGroup: depth += 1
        case .endGroup: depth -= 1
        default: _ = try skipValue(of: inner)
        }
      }
    }
    return start..<position
  }

  /// The bytes of `range` as an array.
  package func bytes(in range: Range<Int>) -> [UInt8] {
    Array(UnsafeRawBufferPointer(rebasing: base[range]))
  }
}

extension Array where Element == UInt8 {
  /// Calls `body` with the array's bytes, keeping `body`'s typed error.
  @inlinable
  package func withWireBytes<Result>(
    _ body: (UnsafeRawBufferPointer) throws(WillError) -> Result
  ) throws(WillError) -> Result {
    try withUnsafeBytes { buffer in
      Swift.Result { () throws(WillError) -> Result in try body(buffer) }
    }.get()
  }
}
