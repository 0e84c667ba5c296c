/// A byte cursor that finds the markup the preflight cares about, skipping comments, CDATA
/// sections and processing instructions the way an XML parser does.
struct MarkupScanner {
  /// What ``nextMarkup()`` found.
  enum Markup {
    /// `<!` that opens neither a comment nor a CDATA section, at `index`.
    case declaration(index: Int, isDoctype: Bool)
    /// A processing instruction with no whitespace between `<?` and `?>`; `close` is the
    /// index of its `?>`.
    case processingInstructionWithoutData(close: Int)
    /// An element, attribute or processing-instruction target name longer than `maxName`,
    /// starting at `index`.
    case longName(index: Int, length: Int)
  }

  let bytes: [UInt8]
  /// The longest name allowed, in bytes.
  let maxName: Int
  /// Where the part starts in ``bytes``: after a byte order mark that is left in place.
  let start: Int
  var index: Int

  init(bytes: [UInt8], maxName: Int, start: Int = 0) {
    self.bytes = bytes
    self.maxName = maxName
    self.start = start
    self.index = start
  }

  /// Whether the part starts with `<?xml` followed by whitespace.
  func startsDeclaration() -> Bool {
    matches("<?xml", at: start) && bytes.count > start + 5
      && XMLNode.isWhitespaceByte(bytes[start + 5])
  }

  /// Reads `<?xml version="…" encoding="…" standalone="…"?>` at the start, in that order,
  /// with `version` required; `nil` when it is malformed.
  mutating func readDeclaration() -> XMLDeclaration? {
    index = start + 5
    var values: [(name: String, value: String)] = []
    while true {
      let hadSpace = skipWhitespace()
      if matches("?>", at: index) {
        index += 2
        break
      }
      guard hadSpace, let pair = readPseudoAttribute() else { return nil }
      values.append(pair)
    }
    var declaration = XMLDeclaration(encoding: nil)
    var expected = ["version", "encoding", "standalone"][...]
    for (name, value) in values {
      guard let position = expected.firstIndex(of: name) else { return nil }
      expected = expected[(position + 1)...]
      switch name {
      case "version":
        guard !value.isEmpty, value.utf8.allSatisfy(Self.isVersionByte) else { return nil }
        declaration.version = value
      case "encoding":
        guard let head = value.utf8.first, Self.isLetter(head),
          value.utf8.allSatisfy(Self.isEncodingByte)
        else { return nil }
        declaration.encoding = value
      default:
        guard value == "yes" || value == "no" else { return nil }
        declaration.standalone = value
      }
    }
    guard values.first?.name == "version" else { return nil }
    return declaration
  }

  /// Finds the next DOCTYPE-like declaration or data-less processing instruction.
  mutating func nextMarkup() -> Markup? {
    while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
      index = open
      if matches("<!--", at: index) {
        guard skip(past: "-->", from: index + 4) else { return nil }
      } else if matches("<![CDATA[", at: index) {
        guard skip(past: "]]>", from: index + 9) else { return nil }
      } else if matches("<!", at: index) {
        return .declaration(index: index, isDoctype: matches("<!DOCTYPE", at: index))
      } else if matches("<?", at: index) {
        let start = index + 2
        let target = nameEnd(from: start) - start
        if target > maxName { return .longName(index: start, length: target) }
        guard skip(past: "?>", from: start) else { return nil }
        let close = index - 2
        if !bytes[start..<close].contains(where: XMLNode.isWhitespaceByte) {
          return .processingInstructionWithoutData(close: close)
        }
      } else if let long = scanTag() {
        return long
      }
    }
    index = bytes.count
    return nil
  }

  /// Checks the names of the start or end tag at `index` (a `<`) and moves past them,
  /// stopping early at anything unexpected: libxml2 reports malformed tags itself.
  /// Attribute values are skipped up to their closing quote, or up to a `<`, which ends the
  /// tag for this scan (it is malformed in a value), so that no markup is ever skipped.
  private mutating func scanTag() -> Markup? {
    index += 1
    let isEndTag = index < bytes.count && bytes[index] == UInt8(ascii: "/")
    if isEndTag { index += 1 }
    let elementEnd = nameEnd(from: index)
    if elementEnd - index > maxName { return .longName(index: index, length: elementEnd - index) }
    guard elementEnd > index, !isEndTag else { return nil }
    index = elementEnd
    while skipWhitespace() {
      let end = nameEnd(from: index)
      if end - index > maxName { return .longName(index: index, length: end - index) }
      guard end > index else { return nil }
      index = end
      guard let quote = openValue() else { return nil }
      while index < bytes.count, bytes[index] != quote, bytes[index] != Self.lessThan {
        index += 1
      }
      guard index < bytes.count, bytes[index] == quote else { return nil }
      index += 1
    }
    return nil
  }

  /// The end of the run of name bytes (ASCII letters, digits, `-`, `.`, `_`, `:` and every
  /// non-ASCII byte) starting at `position`.
  private func nameEnd(from position: Int) -> Int {
    var end = position
    while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
    return end
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
  }

  private static let lessThan = UInt8(ascii: "<")

  private func matches(_ literal: StaticString, at position: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { literalBytes in
      literalBytes.indices.allSatisfy { bytes[position + $0] == literalBytes[$0] }
    }
  }

  /// Moves past the first `terminator` at or after `position`; `false` when there is none.
  private mutating func skip(past terminator: StaticString, from position: Int) -> Bool {
    var candidate = position
    let first = terminator.withUTF8Buffer { $0[0] }
    while candidate < bytes.count,
      let found = bytes[candidate...].firstIndex(of: first)
    {
      if matches(terminator, at: found) {
        index = found + terminator.utf8CodeUnitCount
        return true
      }
      candidate = found + 1
    }
    return false
  }

  /// Skips XML whitespace; whether there was any.
  private mutating func skipWhitespace() -> Bool {
    let start = index
    while index < bytes.count, XMLNode.isWhitespaceByte(bytes[index]) { index += 1 }
    return index > start
  }

  /// Reads `name = "value"` or `name = 'value'`.
  private mutating func readPseudoAttribute() -> (name: String, value: String)? {
    let nameStart = index
    while index < bytes.count, Self.isLetter(bytes[index]) { index += 1 }
    guard index > nameStart else { return nil }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    guard let quote = openValue() else { return nil }
    let valueStart = index
    guard let valueEnd = bytes[valueStart...].firstIndex(of: quote) else { return nil }
    index = valueEnd + 1
    return (name, String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self))
  }

  /// Reads ` = "` or ` = '` after an attribute's name; returns the quote, with `index` at the
  /// value's first byte.
  private mutating func openValue() -> UInt8? {
    _ = skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
    index += 1
    _ = skipWhitespace()
    guard index < bytes.count,
      bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
    else { return nil }
    defer { index += 1 }
    return bytes[index]
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte)
  }

  private static func isVersionByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
  }

  private static func isEncodingByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "-")
  }
}
