/// The portable backend of ``XMLReader``: InkCodec's own non-validating XML 1.0 parser over
/// UTF-8 bytes, for builds without libxml2 (Apple platforms, the portable build profile).
///
/// It returns the same ``XMLDocument`` as the libxml2 backend for every part that backend
/// accepts, and rejects every other part with the same error: the same kind, the same limit,
/// and for ``WillErrorKind/malformedXML(line:message:)`` the same line and words. To get
/// there it reads the part the way libxml2 2.9's push parser does when FoundationXML hands it
/// the whole part at once: the same states (prolog, start tag, content, end tag, CDATA,
/// epilog), the same checks in the same order, and the same places where the push parser
/// stops early and reports an unfinished document. The quirks that follow are kept on
/// purpose, each where it happens: CDATA sections keep their carriage returns, a declaration
/// of `xml`'s own namespace disappears, a part of fewer than four bytes has no root.
///
/// A part both `XMLPreflight` and the parser accept is read in one pass, the parser doing
/// the preflight's checks on the way. Any other part is read again the libxml2 backend's
/// way, preflight first, because the preflight's error wins wherever it lies in the part.
///
/// The parser works on the bytes: names, values and text become `String`s once, straight
/// from the part when nothing needs replacing. Nothing recurses; memory and time are linear
/// in the part, and every limit is checked where it is passed (the depth and the number of
/// attributes when a start tag ends, as the libxml2 backend checks them).
struct PortableXMLParser: ~Copyable {
  /// Parses one XML part.
  /// - Parameters:
  ///   - bytes: The part's bytes, in UTF-8, with or without a byte order mark.
  ///   - part: The part name, such as `/props/core.xml`, used in errors.
  ///   - limits: ``DecodingLimits/maxXMLDepth``, ``DecodingLimits/maxXMLAttributes``,
  ///     ``DecodingLimits/maxXMLPartBytes`` and ``DecodingLimits/maxXMLNameBytes`` apply.
  /// - Returns: The document, with whitespace text between elements kept.
  /// - Throws: ``WillErrorKind/malformedXML(line:message:)`` when the part is not well-formed
  ///   XML or has a DOCTYPE; ``WillErrorKind/limitExceeded(_:value:limit:)`` (`.xmlDepth`,
  ///   `.xmlAttributes`, `.xmlPartBytes`, `.xmlNameBytes`) as soon as a limit is passed;
  ///   ``WillErrorKind/unsupported(_:)`` for an encoding other than UTF-8.
  static func parse(_ bytes: [UInt8], part: String?, limits: DecodingLimits)
    throws(WillError) -> XMLDocument
  {
    if let document = readInOnePass(bytes, part: part, limits: limits) { return document }
    // The error: the preflight's first, which may lie anywhere in the part, then the
    // parser's.
    let preflight = try XMLPreflight(bytes, part: part, limits: limits)
    return try preflight.body.withUnsafeBufferPointer {
      (body) throws(WillError) -> XMLDocument in
      var parser = PortableXMLParser(body, part: part, limits: limits)
      return try parser.document(declaration: preflight.declaration)
    }
  }

  /// Reads a part that both the preflight and the parser accept in one pass, without the
  /// preflight's pass and copy, or returns `nil` for any other part.
  ///
  /// The parser does the preflight's checks on the way: it fails on a NUL byte, on text
  /// before the root and on `<!` other than a comment or CDATA, as the preflight does; it
  /// checks the names the preflight measures against the same limit; and it counts the
  /// processing instructions without data the preflight pads. Only the byte order mark,
  /// the XML declaration and the part's size (padding included) are left to check here.
  private static func readInOnePass(_ bytes: [UInt8], part: String?, limits: DecodingLimits)
    -> XMLDocument?
  {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let maxPart = min(limits.maxXMLPartBytes, XMLPreflight.parserPartCap)
    guard bytes.count - start <= maxPart else { return nil }
    var scanner = MarkupScanner(bytes: bytes, maxName: 0, start: start)
    var declaration: XMLDeclaration?
    if scanner.startsDeclaration() {
      guard let read = scanner.readDeclaration(),
        read.encoding.map({ ["utf-8", "utf8"].contains($0.lowercased()) }) ?? true
      else { return nil }
      declaration = read
    }
    return bytes.withUnsafeBufferPointer { buffer in
      let body = UnsafeBufferPointer(rebasing: buffer[start...])
      var parser = PortableXMLParser(body, part: part, limits: limits)
      guard let document = try? parser.document(declaration: declaration),
        body.count + parser.paddedInstructions <= maxPart
      else { return nil }
      return document
    }
  }

  /// Where the parser is in the document, between constructs.
  private enum Place {
    /// Before the root element.
    case prolog
    /// Inside the root element.
    case content
    /// After the root element.
    case epilog
  }

  /// The part after the preflight: no byte order mark, no NUL byte.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The part name, for errors.
  let part: String?
  /// The deepest nesting allowed.
  let maxDepth: Int
  /// The most attributes allowed on one element.
  let maxAttributes: Int
  /// The longest element, attribute or processing-instruction target name allowed.
  let maxName: Int
  /// The processing instructions without data read so far: the preflight pads each with a
  /// space, which counts towards the part's size.
  var paddedInstructions = 0
  /// The offset of the next byte to read.
  var position = 0
  /// The elements whose end tag has not been read yet, outermost first.
  var open: [OpenElement] = []
  /// Comments and processing instructions before the root.
  var prolog: [XMLNode] = []
  /// Comments and processing instructions after the root.
  var epilog: [XMLNode] = []
  /// The root element, once its end tag has been read.
  var root: XMLElement?
  /// Text read since the last element, comment or processing instruction.
  var text: PendingText
  /// The attributes of the start tag being read, namespace declarations apart.
  var attributes: [TagAttribute] = []
  /// The namespace declarations of the start tag being read.
  var declarations: [TagAttribute] = []
  /// The prefixes ``declarations`` declare; the empty range stands for the default namespace.
  var declaredPrefixes = Set<NameBytes>()
  /// Bytes of a value being unescaped or normalised.
  var scratch: [UInt8] = []

  private init(_ bytes: UnsafeBufferPointer<UInt8>, part: String?, limits: DecodingLimits) {
    self.bytes = bytes
    self.text = PendingText(bytes)
    self.part = part
    self.maxDepth = min(limits.maxXMLDepth, XMLPreflight.parserDepthCap)
    self.maxAttributes = limits.maxXMLAttributes
    self.maxName = min(limits.maxXMLNameBytes, XMLPreflight.parserNameCap)
  }

  /// Reads the whole part.
  private mutating func document(declaration: XMLDeclaration?) throws(WillError) -> XMLDocument {
    // FoundationXML waits for four bytes before it starts libxml2; with fewer, nothing is
    // parsed and there is no root.
    guard bytes.count >= 4 else { throw malformed(.noRootElement, at: 0) }
    if matches("<?xml", at: 0) && XMLNode.isWhitespaceByte(byte(at: 5)) {
      // Whether or not the preflight read a declaration: its repair turns `<?xml?>` into
      // `<?xml ?>`, which libxml2 then takes for one.
      try readDeclaration()
    } else if startsProcessingInstruction(at: 0) && bytes.count < 5 {
      // The push parser needs five bytes to tell a declaration from a processing instruction.
      throw malformed(.noRootElement, at: 0)
    }
    var place = Place.prolog
    reading: while true {
      switch place {
      case .prolog:
        skipBlanks()
        guard available >= 2 else { break reading }
        if try readMiscellany() {
          continue reading
        } else if startsMarkupDeclaration(at: position) && available < 9 {
          break reading
        } else {
          guard byte(at: position) == XMLByte.lessThan else {
            throw malformed(.noRootElement, at: position)
          }
          try readStartTag()
          place = open.isEmpty ? .epilog : .content
        }
      case .content:
        guard available >= 2 else { break reading }
        let current = byte(at: position)
        let next = byte(at: position + 1)
        if current == XMLByte.lessThan && next == XMLByte.slash {
          try readEndTag()
          if open.isEmpty { place = .epilog }
        } else if startsProcessingInstruction(at: position) {
          try readProcessingInstruction()
        } else if current == XMLByte.lessThan && next != XMLByte.exclamation {
          try readStartTag()
        } else if startsComment(at: position) {
          try readComment()
        } else if matches("<![CDATA[", at: position) {
          position += 9
          guard try readCDATA() else { break reading }
        } else if current == XMLByte.lessThan && available < 9 {
          break reading
        } else if current == XMLByte.ampersand {
          try readReference()
        } else {
          let start = position
          try readCharacterData()
          if position == start { throw malformed(.notWellFormed, at: position) }
        }
      case .epilog:
        skipBlanks()
        guard available >= 2 else { break reading }
        if try readMiscellany() {
          continue reading
        } else if startsMarkupDeclaration(at: position) && available < 4 {
          break reading
        } else {
          throw contentAfterRoot()
        }
      }
    }
    // The end of the part, or a construct the push parser waits to see the end of.
    if let innermost = open.last { throw notClosed(innermost) }
    guard let root else { throw malformed(.noRootElement, at: position) }
    if position < bytes.count { throw contentAfterRoot() }
    return XMLDocument(declaration: declaration, prolog: prolog, root: root, epilog: epilog)
  }

  // MARK: Bytes

  /// The byte at `index`, or 0 past the end: the preflight rejects NUL bytes, so 0 marks the
  /// end as it does for libxml2.
  @inline(__always)
  func byte(at index: Int) -> UInt8 {
    index < bytes.count ? bytes[index] : 0
  }

  /// The number of bytes from ``position`` to the end.
  var available: Int { bytes.count - position }

  /// Whether `literal` is at `index`.
  func matches(_ literal: StaticString, at index: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { literalBytes in
      for offset in 0..<count where bytes[index + offset] != literalBytes[offset] {
        return false
      }
      return true
    }
  }

  /// Whether the bytes in `range` are exactly `literal`.
  func range(_ range: Range<Int>, equals literal: StaticString) -> Bool {
    range.count == literal.utf8CodeUnitCount && matches(literal, at: range.lowerBound)
  }

  /// Whether the bytes in `first` and `second` are the same.
  func range(_ first: Range<Int>, equals second: Range<Int>) -> Bool {
    guard first.count == second.count else { return false }
    for offset in 0..<first.count
    where bytes[first.lowerBound + offset] != bytes[second.lowerBound + offset] {
      return false
    }
    return true
  }

  /// A string of the bytes in `range`, which the parser has checked are UTF-8.
  func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// Moves past XML whitespace; the number of bytes skipped.
  @discardableResult
  mutating func skipBlanks() -> Int {
    let start = position
    while position < bytes.count, XMLNode.isWhitespaceByte(bytes[position]) { position += 1 }
    return position - start
  }

  /// Reads a processing instruction or comment, the markup allowed before and after the
  /// root; `false` when the next markup is neither.
  private mutating func readMiscellany() throws(WillError) -> Bool {
    if startsProcessingInstruction(at: position) {
      try readProcessingInstruction()
    } else if startsComment(at: position) {
      try readComment()
    } else {
      return false
    }
    return true
  }

  private func startsProcessingInstruction(at index: Int) -> Bool {
    byte(at: index) == XMLByte.lessThan && byte(at: index + 1) == XMLByte.question
  }

  private func startsComment(at index: Int) -> Bool {
    matches("<!--", at: index)
  }

  private func startsMarkupDeclaration(at index: Int) -> Bool {
    byte(at: index) == XMLByte.lessThan && byte(at: index + 1) == XMLByte.exclamation
  }

  // MARK: Errors

  /// The line of `index`, counted as libxml2 counts it: one more than the line feeds before.
  func line(at index: Int) -> Int {
    var count = 1
    for offset in 0..<min(index, bytes.count) where bytes[offset] == 0x0A { count += 1 }
    return count
  }

  /// A syntax error at `index`.
  func malformed(_ error: XMLSyntaxError, at index: Int) -> WillError {
    malformed(error.message, at: index)
  }

  /// A syntax error at `index`, in words.
  func malformed(_ message: String, at index: Int) -> WillError {
    WillError(.malformedXML(line: line(at: index), message: message), part: part)
  }

  /// Checks the length of a name the preflight measures too (an element's, an attribute's,
  /// a processing instruction's target): after the preflight it always passes; in one pass
  /// it stands for the preflight's check.
  /// - Throws: ``DecodingLimits/Limit/xmlNameBytes``.
  func checkLength(ofName name: Range<Int>) throws(WillError) {
    if name.count > maxName {
      throw WillError(
        .limitExceeded(.xmlNameBytes, value: name.count, limit: maxName), part: part,
        offset: name.lowerBound)
    }
  }

  /// The error for a name longer than libxml2 reads, as the libxml2 backend reports it.
  func nameTooLong() -> WillError {
    let cap = XMLPreflight.parserNameCap
    return WillError(.limitExceeded(.xmlNameBytes, value: cap + 1, limit: cap), part: part)
  }

  private func notClosed(_ element: OpenElement) -> WillError {
    malformed(
      "element <\(element.element.name)> opened at line \(line(at: element.tagEnd)) is not closed",
      at: position)
  }

  private func contentAfterRoot() -> WillError {
    malformed("content after the root element <\(root?.name ?? "")>", at: position)
  }
}
