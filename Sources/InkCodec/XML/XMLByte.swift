/// The ASCII bytes ``PortableXMLParser`` looks for.
enum XMLByte {
  /// Horizontal tab, XML whitespace.
  static let tab: UInt8 = 0x09
  /// Line feed: XML whitespace, and the line end every other line end reads as.
  static let lineFeed: UInt8 = 0x0A
  /// Carriage return: XML whitespace, read as a line feed.
  static let carriageReturn: UInt8 = 0x0D
  /// Space, XML whitespace.
  static let space: UInt8 = 0x20
  /// `!`, after `<` in comments, CDATA sections and declarations.
  static let exclamation = UInt8(ascii: "!")
  /// `"`, around attribute values.
  static let quote = UInt8(ascii: "\"")
  /// `#`, in character references.
  static let hash = UInt8(ascii: "#")
  /// `&`, which starts a reference.
  static let ampersand = UInt8(ascii: "&")
  /// `'`, around attribute values.
  static let apostrophe = UInt8(ascii: "'")
  /// `-`, in comments.
  static let minus = UInt8(ascii: "-")
  /// `.`, in the XML version.
  static let period = UInt8(ascii: ".")
  /// `/`, in end tags and empty-element tags.
  static let slash = UInt8(ascii: "/")
  /// `:`, between a prefix and a local name.
  static let colon = UInt8(ascii: ":")
  /// `;`, which ends a reference.
  static let semicolon = UInt8(ascii: ";")
  /// `<`, which starts markup.
  static let lessThan = UInt8(ascii: "<")
  /// `=`, between an attribute's name and value.
  static let equals = UInt8(ascii: "=")
  /// `>`, which ends markup.
  static let greaterThan = UInt8(ascii: ">")
  /// `?`, in processing instructions.
  static let question = UInt8(ascii: "?")
  /// `]`, in `]]>`.
  static let rightBracket = UInt8(ascii: "]")

  /// Whether `byte` is an ASCII digit.
  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
