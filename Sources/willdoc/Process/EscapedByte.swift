/// The characters that stand for raw bytes in ``SystemPath``'s spelling of a name: a byte that
/// is not part of valid UTF-8 is held as the private-use character U+10FF00 + byte.
enum EscapedByte {
  /// The first of the 256 characters that stand for raw bytes.
  static let base: UInt32 = 0x10_FF00

  /// Whether `scalar` stands for a raw byte.
  static func contains(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= base && scalar.value <= base + 0xFF
  }
}
