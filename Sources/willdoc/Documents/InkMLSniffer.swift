import InkCodec

/// Whether bytes are InkML: XML whose root element is `ink`, in the InkML namespace or in none,
/// with any prefix (`<ink>`, `<inkml:ink …>`), after any declaration, comments or doctype.
enum InkMLSniffer {
  static func sniff(_ bytes: [UInt8]) -> Bool {
    guard mayStartWithMarkup(bytes) else { return false }
    let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
    var rest = Substring(head.drop { $0 == "\u{FEFF}" || $0.isWhitespace })
    guard rest.hasPrefix("<") else { return false }
    if head.contains(InkMLDocument.namespace) { return true }
    // Skip `<?…?>`, `<!--…-->` and `<!…>` before the root element.
    while rest.hasPrefix("<?") || rest.hasPrefix("<!") {
      let end = rest.hasPrefix("<!--") ? "-->" : ">"
      guard let close = rest.firstRange(of: end) else { return false }
      rest = rest[close.upperBound...].drop { $0.isWhitespace }
    }
    guard rest.hasPrefix("<") else { return false }
    let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
    return name == "ink" || name.hasSuffix(":ink")
  }

  /// False when the first byte after a byte order mark and ASCII white space is an ASCII
  /// byte other than `<` (a zip package's `P`): then the text is not read at all, since
  /// decoding a binary file's head as UTF-8 costs more than reading a note's zip directory.
  /// Anything else (`<`, a byte that may start other white space) is for ``sniff(_:)`` to judge.
  private static func mayStartWithMarkup(_ bytes: [UInt8]) -> Bool {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count, bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) {
      index += 1
    }
    guard index < bytes.count else { return true }
    return bytes[index] >= 0x80 || bytes[index] == UInt8(ascii: "<")
  }
}
