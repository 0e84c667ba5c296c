extension PortableXMLParser {
  /// The three name productions libxml2 reads.
  enum NameKind {
    /// `NCName`: a name without colons.
    case ncName
    /// `Name`: colons allowed anywhere.
    case name
    /// `Nmtoken`: name characters only, none of them required to start a name.
    case nameToken
  }

  // MARK: Names

  /// The end of the name of `kind` starting at `start`, or `nil` when none starts there.
  /// ASCII names take a fast path; others are read character by character, which also
  /// checks their UTF-8.
  /// - Throws: ``DecodingLimits/Limit/xmlNameBytes`` for a name longer than libxml2 reads;
  ///   ``XMLSyntaxError/invalidCharacter`` for bytes that are not UTF-8.
  func nameEnd(from start: Int, kind: NameKind) throws(WillError) -> Int? {
    var index = start
    var first = true
    // ASCII names first, without decoding.
    if kind != .nameToken, XMLCharacterClass.isNCNameStartByte(byte(at: start)) {
      index += 1
      first = false
      while index < bytes.count, XMLCharacterClass.isNCNameByte(bytes[index]) { index += 1 }
      if index - start > XMLPreflight.parserNameCap { throw nameTooLong() }
    }
    while true {
      let byte = self.byte(at: index)
      let value: UInt32
      let length: Int
      if byte < 0x80 {
        (value, length) = (UInt32(byte), 1)
      } else {
        (value, length) = try character(at: index)
      }
      let isColon = byte == XMLByte.colon
      let accepted =
        if first && kind != .nameToken {
          XMLCharacterClass.isNameStart(value) && !(isColon && kind == .ncName)
        } else {
          value != 0 && XMLCharacterClass.isName(value) && !(isColon && kind == .ncName)
        }
      guard accepted else { break }
      first = false
      index += length
      if index - start > XMLPreflight.parserNameCap { throw nameTooLong() }
    }
    return index > start ? index : nil
  }

  /// Reads a qualified name at `start` the way libxml2 does (`xmlParseQName`), which takes
  /// more than the namespace specification allows (`a:1`, `:a`, `a:b:c`) and reports it as
  /// a warning the reader ignores.
  /// - Returns: The end of the name and the offset of the colon that ends its prefix, when
  ///   libxml2 sees one; `nil` when no name starts at `start`.
  func qualifiedName(from start: Int) throws(WillError) -> (end: Int, prefixEnd: Int?)? {
    guard let localEnd = try nameEnd(from: start, kind: .ncName) else {
      guard byte(at: start) == XMLByte.colon else { return nil }
      return try nameEnd(from: start, kind: .name).map { ($0, nil) }
    }
    guard byte(at: localEnd) == XMLByte.colon else { return (localEnd, nil) }
    let afterColon = localEnd + 1
    guard let secondEnd = try nameEnd(from: afterColon, kind: .ncName) else {
      return (try nameEnd(from: afterColon, kind: .nameToken) ?? afterColon, nil)
    }
    guard byte(at: secondEnd) == XMLByte.colon else { return (secondEnd, localEnd) }
    return (try nameEnd(from: secondEnd + 1, kind: .name) ?? secondEnd + 1, localEnd)
  }

  // MARK: Start tags

  /// Reads a start tag or an empty-element tag at `<`, then opens (and for `/>` closes) its
  /// element.
  ///
  /// The checks come in libxml2's order: each attribute as it is read, namespace
  /// declarations included; then repeated attributes; then the element's depth and
  /// attribute count; then the tag's end.
  /// - Throws: The first syntax error, or ``DecodingLimits/Limit/xmlDepth`` or
  ///   ``DecodingLimits/Limit/xmlAttributes``.
  mutating func readStartTag() throws(WillError) {
    position += 1
    let (name, prefixEnd) = try readTagName()
    attributes.removeAll(keepingCapacity: true)
    if !declarations.isEmpty {
      declarations.removeAll(keepingCapacity: true)
      declaredPrefixes.removeAll(keepingCapacity: true)
    }
    while !atTagEnd(), isTagByte(byte(at: position)) {
      try readAttribute()
      if atTagEnd() { break }
      if skipBlanks() == 0 { throw malformed(.whitespaceRequired, at: position) }
    }
    if hasRepeatedName() {
      throw malformed(.attributeGivenTwice, at: position)
    }
    try openElement(name: name, hasPrefix: prefixEnd != nil)
    if byte(at: position) == XMLByte.slash && byte(at: position + 1) == XMLByte.greaterThan {
      position += 2
      closeElement()
    } else if byte(at: position) == XMLByte.greaterThan {
      position += 1
    } else {
      throw malformed(.greaterThanExpected, at: position)
    }
  }

  /// Reads the qualified name of an element or attribute at `position`, checks its length
  /// and moves past it and the blanks after it.
  /// - Returns: The name and, when it has a prefix, where the prefix ends.
  private mutating func readTagName() throws(WillError) -> (name: Range<Int>, prefixEnd: Int?) {
    guard let (nameEnd, prefixEnd) = try qualifiedName(from: position) else {
      throw malformed(.nameExpected, at: position)
    }
    let name = position..<nameEnd
    try checkLength(ofName: name)
    position = nameEnd
    skipBlanks()
    return (name, prefixEnd)
  }

  /// Whether the tag ends here, with `>` or `/>`.
  private func atTagEnd() -> Bool {
    let current = byte(at: position)
    return current == XMLByte.greaterThan
      || (current == XMLByte.slash && byte(at: position + 1) == XMLByte.greaterThan)
  }

  /// Whether libxml2 goes on reading attributes at `byte`: anything but a control character
  /// or the end of the part.
  private func isTagByte(_ byte: UInt8) -> Bool {
    byte >= 0x20 || byte == XMLByte.tab || byte == XMLByte.lineFeed
      || byte == XMLByte.carriageReturn
  }

  /// Reads `name = "value"` and files it with the attributes or the namespace declarations.
  ///
  /// Namespace declarations are checked as libxml2 checks them: `xml` and `xmlns` keep their
  /// fixed URIs and no prefix is bound to an empty one; a declaration of `xml` to its own
  /// URI is dropped, as libxml2 drops it; a prefix declared twice is refused at once.
  private mutating func readAttribute() throws(WillError) {
    let (name, prefixEnd) = try readTagName()
    let nameEnd = name.upperBound
    guard byte(at: position) == XMLByte.equals else {
      throw malformed(.attributeValueNotQuoted, at: position)
    }
    position += 1
    skipBlanks()
    let value = try readAttributeValue()
    let attribute = TagAttribute(name: name, value: value)
    // libxml2 compares URIs byte for byte; `==` would compare canonical equivalents.
    let isXMLNamespace = value.utf8.elementsEqual(Self.xmlNamespace.utf8)
    let isXMLNSNamespace = value.utf8.elementsEqual(Self.xmlnsNamespace.utf8)
    if prefixEnd == nil && range(name, equals: "xmlns") {
      if isXMLNamespace || isXMLNSNamespace {
        throw malformed(.malformedNamespaceDeclaration, at: position)
      }
      try declare(attribute, prefix: nil)
    } else if let prefixEnd, range(name.lowerBound..<prefixEnd, equals: "xmlns") {
      let prefix = (prefixEnd + 1)..<nameEnd
      if range(prefix, equals: "xml") {
        guard isXMLNamespace else {
          throw malformed(.malformedNamespaceDeclaration, at: position)
        }
        return
      }
      if isXMLNamespace || range(prefix, equals: "xmlns") || isXMLNSNamespace || value.isEmpty {
        throw malformed(.malformedNamespaceDeclaration, at: position)
      }
      try declare(attribute, prefix: prefix)
    } else {
      attributes.append(attribute)
    }
  }

  /// Files a namespace declaration of `prefix` (`nil` for the default namespace).
  /// - Throws: ``XMLSyntaxError/attributeGivenTwice`` when the tag declares it already.
  private mutating func declare(_ attribute: TagAttribute, prefix: Range<Int>?)
    throws(WillError)
  {
    guard declaredPrefixes.insert(NameBytes(bytes: bytes, range: prefix ?? 0..<0)).inserted else {
      throw malformed(.attributeGivenTwice, at: position)
    }
    declarations.append(attribute)
  }

  /// The `xml` prefix's namespace, which no other prefix may take.
  static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
  /// The `xmlns` prefix's namespace, which no prefix may take.
  static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

  /// Whether two of the tag's attributes have the same name, byte for byte. Linear time: a
  /// hash set past a handful of attributes.
  private func hasRepeatedName() -> Bool {
    let count = attributes.count
    if count <= 8 {
      for later in attributes.indices.dropFirst() {
        for earlier in 0..<later
        where range(attributes[earlier].name, equals: attributes[later].name) {
          return true
        }
      }
      return false
    }
    var seen = Set<NameBytes>(minimumCapacity: count)
    return attributes.contains { !seen.insert(NameBytes(bytes: bytes, range: $0.name)).inserted }
  }

  // MARK: Attribute values

  /// Reads a quoted attribute value, unescaped and normalised as libxml2 does for CDATA
  /// attributes: a tab, line feed, carriage return or CR LF reads as one space, references
  /// are replaced, and characters from references are kept as they are.
  /// - Throws: ``XMLSyntaxError/attributeValueNotQuoted``,
  ///   ``XMLSyntaxError/lessThanInAttributeValue``, ``XMLSyntaxError/invalidCharacter``, or
  ///   a reference's error.
  private mutating func readAttributeValue() throws(WillError) -> String {
    let quote = byte(at: position)
    guard quote == XMLByte.quote || quote == XMLByte.apostrophe else {
      throw malformed(.attributeValueNotQuoted, at: position)
    }
    // Most values need nothing replaced: take them as they are.
    var index = position + 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == quote {
        defer { position = index + 1 }
        return string((position + 1)..<index)
      }
      if byte < 0x20 || byte == XMLByte.ampersand || byte == XMLByte.lessThan { break }
      if byte < 0x80 {
        index += 1
      } else {
        let (value, length) = try character(at: index)
        if value == 0 { break }
        index += length
      }
    }
    return try readAttributeValueSlowly(quote: quote)
  }

  /// Reads an attribute value that needs replacing, from its opening quote.
  private mutating func readAttributeValueSlowly(quote: UInt8) throws(WillError) -> String {
    scratch.removeAll(keepingCapacity: true)
    position += 1
    var last: UInt32 = 0
    while byte(at: position) != quote {
      let (value, length) = try character(at: position)
      last = value
      guard XMLCharacterClass.isCharacter(value), value != UInt32(XMLByte.lessThan) else {
        break
      }
      if value == UInt32(XMLByte.ampersand) {
        if byte(at: position + 1) == XMLByte.hash {
          scratch.appendUTF8(try readCharacterReference())
        } else {
          scratch.append(try readEntityReference())
        }
        continue
      }
      if value == 0x20 || value == 0x0A || value == 0x09 {
        scratch.append(XMLByte.space)
      } else {
        scratch.append(contentsOf: bytes[position..<(position + length)])
      }
      position += length
    }
    let current = byte(at: position)
    if current == XMLByte.lessThan { throw malformed(.lessThanInAttributeValue, at: position) }
    if current != quote {
      throw malformed(
        last != 0 && !XMLCharacterClass.isCharacter(last)
          ? .invalidCharacter : .attributeValueNotQuoted, at: position)
    }
    position += 1
    return String(decoding: scratch, as: UTF8.self)
  }

  // MARK: End tags

  /// Reads an end tag at `</` and closes the innermost element.
  ///
  /// libxml2 compares the name with the start tag's first (`xmlParseNameAndCompare`); only
  /// then does it look for `>`.
  /// - Throws: ``XMLSyntaxError/greaterThanExpected`` when the tag does not end with `>`,
  ///   then "end tag does not match" naming the element and its line.
  mutating func readEndTag() throws(WillError) {
    guard let element = open.last else { throw malformed(.extraContent, at: position) }
    position += 2
    let length = element.name.count
    let matchesQuickly =
      position + length <= bytes.count
      && range(position..<(position + length), equals: element.name)
      && (byte(at: position + length) == XMLByte.greaterThan
        || XMLNode.isWhitespaceByte(byte(at: position + length)))
    var matched = matchesQuickly
    if matchesQuickly {
      position += length
    } else {
      let end =
        element.hasPrefix
        ? try qualifiedName(from: position)?.end : try nameEnd(from: position, kind: .name)
      if let end {
        matched = range(position..<end, equals: element.name)
        position = end
      }
    }
    skipBlanks()
    guard byte(at: position) == XMLByte.greaterThan else {
      throw malformed(.greaterThanExpected, at: position)
    }
    position += 1
    guard matched else {
      throw malformed(
        "end tag does not match <\(element.element.name)> opened at line "
          + "\(line(at: element.tagEnd))", at: position)
    }
    closeElement()
  }
}
