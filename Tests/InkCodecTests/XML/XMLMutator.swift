import InkTestSupport

/// Seeded damage to XML parts: deletions, replaced bytes, repeated slices, truncations and,
/// most often, markup inserted where it does not belong.
enum XMLMutator {
  /// What gets inserted: markup characters and constructs, references good and bad,
  /// namespace declarations, names beyond ASCII (one canonically equivalent to `K`), line
  /// ends, and bytes that are not UTF-8 or not XML characters.
  static let insertions: [[UInt8]] =
    [
      "<", ">", "/", "?", "!", "&", ";", "\"", "'", "=", " ", "\n", "\r", "\r\n", "\t", "<?x?>",
      "<?", "?>", "<!--", "-->", "--", "<![CDATA[", "]]>", "]]", "&amp;", "&#10;", "&#xD;",
      "&lt;", "&foo;", "&#0;", "&#x110000;", "&#xFFFE;", "xmlns:r=\"\"", "xmlns=\"u\"",
      "xmlns:p=\"u\"", "xmlns:xml=\"http://www.w3.org/XML/1998/namespace\"", "r:", ":",
      " p:x=\"1\"", " a=\"1\"", " a='2'", "<g>", "</g>", "<g/>", "<p:g>", "</p:g>", "\u{FEFF}", "é",
      "·", "\u{300}", "𐀀", "\u{212A}", "K", "<?xml version=\"1.0\"?>", "<?xml-stylesheet a?>",
      "<!DOCTYPE a>", "<a", "a>", "</", "/>", "=\"", "\"\n", "x", "1", "-", ".",
    ].map { Array($0.utf8) } + [
      [0x00], [0xFF], [0xC3], [0xC1, 0x81], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE], [0x01],
      [0x7F], [0xC2, 0x85], [0xF4, 0x90, 0x80, 0x80],
    ]

  /// `input` with one to five random changes.
  static func mutate(_ input: [UInt8], using random: inout SeededRandom) -> [UInt8] {
    var bytes = input
    for _ in 0...Int.random(in: 0...4, using: &random) {
      let index = Int.random(in: 0...bytes.count, using: &random)
      switch Int.random(in: 0..<7, using: &random) {
      case 0 where index < bytes.count:
        bytes.removeSubrange(
          index..<min(bytes.count, index + Int.random(in: 1...8, using: &random)))
      case 1 where index < bytes.count:
        bytes[index] = UInt8.random(in: 0x20...0x7E, using: &random)
      case 2 where !bytes.isEmpty:
        let start = Int.random(in: 0..<bytes.count, using: &random)
        let end = min(bytes.count, start + Int.random(in: 1...40, using: &random))
        bytes.insert(contentsOf: bytes[start..<end], at: index)
      case 3 where Int.random(in: 0..<8, using: &random) == 0:
        bytes.removeSubrange(index...)
      default:
        bytes.insert(contentsOf: insertions.randomElement(using: &random)!, at: index)
      }
    }
    return bytes
  }
}
