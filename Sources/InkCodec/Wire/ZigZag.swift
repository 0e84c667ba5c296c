/// ZigZag mapping of signed to unsigned integers, so that small magnitudes make short varints
/// (`sint32`, `sint64`): 0 → 0, −1 → 1, 1 → 2, −2 → 3, …
package enum ZigZag {
  /// Maps a signed 32-bit value to its zigzag form.
  @inlinable
  package static func encoded(_ value: Int32) -> UInt32 {
    UInt32(bitPattern: (value &<< 1) ^ (value >> 31))
  }

  /// Maps a zigzag value back to the signed value.
  @inlinable
  package static func decoded(_ value: UInt32) -> Int32 {
    Int32(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
  }

  /// Maps a signed 64-bit value to its zigzag form.
  @inlinable
  package static func encoded(_ value: Int64) -> UInt64 {
    UInt64(bitPattern: (value &<< 1) ^ (value >> 63))
  }

  /// Maps a zigzag value back to the signed 64-bit value.
  @inlinable
  package static func decoded(_ value: UInt64) -> Int64 {
    Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
  }
}
