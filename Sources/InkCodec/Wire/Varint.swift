/// Base-128 varints: 7 bits per byte, low group first, high bit set on every byte but the last.
package enum Varint {
  /// The longest encoding of a 64-bit value.
  package static let maxLength = 10

  /// The number of bytes `value` takes as a varint (1…10).
  @inlinable
  package static func encodedSize(of value: UInt64) -> Int {
    // Bits needed, rounded up to groups of 7; zero still takes one byte.
    let bits = 64 - (value | 1).leadingZeroBitCount
    return (bits + 6) / 7
  }

  /// The number of bytes `value` takes as a varint.
  @inlinable
  package static func encodedSize(of value: UInt32) -> Int {
    let bits = 32 - (value | 1).leadingZeroBitCount
    return (bits + 6) / 7
  }

  /// `value`'s varint bytes, for building test and hostile inputs (writers append straight
  /// into their buffer with ``WireWriter/writeVarint(_:)``).
  package static func bytes(of value: UInt64) -> [UInt8] {
    WireWriter.withBuffer(size: encodedSize(of: value)) { $0.writeVarint(value) }
  }
}
