/// The character classes of XML 1.0 (fifth edition): `Char`, `NameStartChar` and `NameChar`,
/// the ranges libxml2 applies too.
enum XMLCharacterClass {
  /// Whether `value` matches the `Char` production: tab, line feed, carriage return and
  /// U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF. C0 controls, surrogates, U+FFFE and
  /// U+FFFF are out; DEL and the C1 controls are in.
  static func isCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// Whether `value` may start a name (`NameStartChar`, colon included).
  static func isNameStart(_ value: UInt32) -> Bool {
    switch value {
    case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF,
      0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF,
      0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
      true
    default: false
    }
  }

  /// Whether `value` may continue a name (`NameChar`, colon included).
  static func isName(_ value: UInt32) -> Bool {
    switch value {
    case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
    default: isNameStart(value)
    }
  }

  /// Whether an ASCII `byte` may start a name without a colon: a letter or `_`.
  static func isNCNameStartByte(_ byte: UInt8) -> Bool {
    ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte == 0x5F
  }

  /// Whether an ASCII `byte` may continue a name without a colon: a letter, a digit, `_`,
  /// `-` or `.`.
  static func isNCNameByte(_ byte: UInt8) -> Bool {
    isNCNameStartByte(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
  }
}
