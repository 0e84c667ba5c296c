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

  /// How many varints end in `bytes`: one ends at each byte below 0x80. Counted 8 bytes at a
  /// time (byte by byte, this pass was a fifth of decoding a stroke). A run that ends inside a
  /// varint is the caller's to refuse.
  package static func endCount(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
    var count = 0
    var index = range.lowerBound
    let wordEnd = range.upperBound &- 8
    while index <= wordEnd {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      count &+= (~word & 0x8080_8080_8080_8080).nonzeroBitCount
      index &+= 8
    }
    while index < range.upperBound {
      if bytes[index] < 0x80 { count &+= 1 }
      index &+= 1
    }
    return count
  }

  /// `value`'s varint bytes, for building test and hostile inputs (writers append straight
  /// into their buffer with ``WireWriter/writeVarint(_:)``).
  package static func bytes(of value: UInt64) -> [UInt8] {
    WireWriter.withBuffer(size: encodedSize(of: value)) { $0.writeVarint(value) }
  }
}
