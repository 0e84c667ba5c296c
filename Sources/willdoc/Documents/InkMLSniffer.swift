import InkCodec

/// Whether bytes are InkML: XML whose root element is `ink`, in the InkML namespace or in none,
/// with any prefix (`<ink>`, `<inkml:ink …>`), after any declaration, comments or doctype.
enum InkMLSniffer {
  static func sniff(_ bytes: [UInt8]) -> Bool {
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
}
