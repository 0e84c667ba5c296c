/// The checks and repairs ``XMLReader`` makes on the raw bytes before the parser sees them.
///
/// - Strips a UTF-8 byte order mark (the cloud conversion writes one).
/// - Rejects NUL bytes and anything that does not start with `<`, which also rules out
///   UTF-16, UCS-4 and EBCDIC input: the byte-level scan below is only sound for UTF-8.
/// - Reads the XML declaration itself, since the parser does not report it, and rejects any
///   encoding but UTF-8.
/// - Rejects `<!DOCTYPE` and every other markup declaration, so that no entity can be
///   declared: the parser substitutes entities, so a DTD would allow "billion laughs"
///   expansion and external (`SYSTEM`) entities.
/// - Inserts a space in processing instructions without data (`<?target?>` becomes
///   `<?target ?>`): FoundationXML on Linux crashes on a processing instruction whose data
///   is missing. Line numbers are unchanged.
/// - Enforces ``DecodingLimits/maxXMLPartBytes`` and ``DecodingLimits/maxXMLNameBytes``
///   (element, attribute and processing-instruction target names), each capped at what
///   libxml2 parses here, so that a part libxml2 would refuse fails with a limit error that
///   names the limit instead of "not well-formed".
struct XMLPreflight {
  /// The largest part libxml2 2.9 parses as FoundationXML runs it: the whole part goes in one
  /// push-parser chunk without `XML_PARSE_HUGE`, and more than `XML_MAX_LOOKUP_LIMIT` bytes
  /// fails with error 1 ("Huge input lookup"), whatever the content.
  static let parserPartCap = DecodingLimits.xmlPartCeiling
  /// The longest name libxml2 parses without `XML_PARSE_HUGE` (`XML_MAX_NAME_LENGTH`); a
  /// longer one fails with error 110.
  static let parserNameCap = DecodingLimits.xmlNameCeiling
  /// The deepest nesting ``XMLReader`` reads, whatever ``DecodingLimits/maxXMLDepth`` says:
  /// libxml2's `xmlParserMaxDepth` without `XML_PARSE_HUGE` (2.9's push parser does not
  /// enforce it, later versions do), and a depth at which the recursive walks over the tree
  /// (section reading, comparison, destruction) stay far from the end of a thread's stack:
  /// 20,000 nested `<g>` overflowed the main thread's 8 MiB in `willdoc inspect`.
  static let parserDepthCap = DecodingLimits.xmlDepthCeiling

  /// The bytes to hand to the parser.
  var body: [UInt8]
  /// The XML declaration, or `nil` when the part has none.
  var declaration: XMLDeclaration?

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
  private static let lessThan = UInt8(ascii: "<")

  /// Checks `bytes` and prepares them for the parser.
  /// - Throws: ``WillErrorKind/malformedXML(line:message:)`` for a NUL byte, an empty part,
  ///   a part that does not start with `<`, a malformed declaration or a DOCTYPE;
  ///   ``WillErrorKind/unsupported(_:)`` for an encoding other than UTF-8;
  ///   ``WillErrorKind/limitExceeded(_:value:limit:)`` for `.xmlPartBytes` or `.xmlNameBytes`
  ///   (the offset of a name is its first byte in `bytes`).
  init(_ bytes: [UInt8], part: String?, limits: DecodingLimits) throws(WillError) {
    let start = bytes.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0
    let maxPart = min(limits.maxXMLPartBytes, Self.parserPartCap)
    func checkSize(_ count: Int) throws(WillError) {
      if count > maxPart {
        throw WillError(
          .limitExceeded(.xmlPartBytes, value: count, limit: maxPart), part: part)
      }
    }
    try checkSize(bytes.count - start)
    let body = Array(bytes[start...])
    func malformed(at index: Int, _ message: String) -> WillError {
      let line = 1 + body[..<min(index, body.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      return WillError(.malformedXML(line: line, message: message), part: part)
    }

    if let nul = body.firstIndex(of: 0) {
      throw malformed(at: nul, "NUL byte")
    }
    guard let first = body.firstIndex(where: { !XMLNode.isWhitespaceByte($0) }) else {
      throw malformed(at: body.count, "no root element: the part is empty")
    }
    guard body[first] == Self.lessThan else {
      throw malformed(at: first, "not XML in UTF-8: the first character is not '<'")
    }

    var scanner = MarkupScanner(
      bytes: body, maxName: min(limits.maxXMLNameBytes, Self.parserNameCap))
    if scanner.startsDeclaration() {
      guard let declaration = scanner.readDeclaration() else {
        throw malformed(at: scanner.index, "malformed XML declaration")
      }
      if let encoding = declaration.encoding,
        !["utf-8", "utf8"].contains(encoding.lowercased())
      {
        throw WillError(.unsupported("XML encoding \(encoding); only UTF-8 is read"), part: part)
      }
      self.declaration = declaration
    } else {
      self.declaration = nil
    }

    var insertions: [Int] = []
    while let markup = scanner.nextMarkup() {
      switch markup {
      case .declaration(let index, let isDoctype):
        throw malformed(
          at: index,
          isDoctype
            ? "DOCTYPE declarations are not allowed (entity expansion, external entities)"
            : "markup declarations are not allowed outside a DOCTYPE")
      case .processingInstructionWithoutData(let close):
        insertions.append(close)
      case .longName(let index, let length):
        throw WillError(
          .limitExceeded(.xmlNameBytes, value: length, limit: scanner.maxName), part: part,
          offset: start + index)
      }
    }
    if insertions.isEmpty {
      self.body = body
    } else {
      // One pass, so that a part full of `<?a?>` costs linear time.
      var patched: [UInt8] = []
      patched.reserveCapacity(body.count + insertions.count)
      var copied = 0
      for index in insertions {
        patched.append(contentsOf: body[copied..<index])
        patched.append(0x20)
        copied = index
      }
      patched.append(contentsOf: body[copied...])
      try checkSize(patched.count)
      self.body = patched
    }
  }
}
