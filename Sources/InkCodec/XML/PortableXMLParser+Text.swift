extension PortableXMLParser {
  // MARK: Characters

  /// The character at `index` and its length in bytes, read as libxml2 reads one (its
  /// `xmlCurrentChar`): a carriage return, alone or before a line feed, reads as a line feed;
  /// a control character is returned for the caller to refuse.
  ///
  /// - Returns: `(0, 0)` at the end of the part, and for bytes that are not UTF-8 within the
  ///   last three bytes, which libxml2 takes for a character cut by the end of its buffer.
  /// - Throws: ``XMLSyntaxError/invalidCharacter`` at `index` for bytes that are not UTF-8
  ///   (overlong forms included) and for a character outside `Char`.
  func character(at index: Int) throws(WillError) -> (value: UInt32, length: Int) {
    let lead = byte(at: index)
    if lead < 0x80 {
      if lead == XMLByte.carriageReturn {
        return (UInt32(XMLByte.lineFeed), byte(at: index + 1) == XMLByte.lineFeed ? 2 : 1)
      }
      return (UInt32(lead), lead == 0 ? 0 : 1)
    }
    guard let (value, length) = decodeMultibyte(at: index) else {
      if bytes.count - index < 4 { return (0, 0) }
      throw malformed(.invalidCharacter, at: index)
    }
    guard XMLCharacterClass.isCharacter(value) else {
      throw malformed(.invalidCharacter, at: index)
    }
    return (value, length)
  }

  /// The value and length of the strict UTF-8 sequence of two to four bytes at `index`, or
  /// `nil` when the bytes are not one (a stray continuation byte, a missing one, an overlong
  /// form, a lead byte past F7).
  private func decodeMultibyte(at index: Int) -> (UInt32, Int)? {
    let lead = byte(at: index)
    func continuation(_ offset: Int) -> UInt32? {
      let next = byte(at: index + offset)
      return next & 0xC0 == 0x80 ? UInt32(next & 0x3F) : nil
    }
    guard lead & 0x40 != 0, lead != 0xC0, let second = continuation(1) else { return nil }
    if lead & 0xE0 == 0xC0 {
      let value = UInt32(lead & 0x1F) << 6 | second
      return value < 0x80 ? nil : (value, 2)
    }
    guard let third = continuation(2) else { return nil }
    if lead & 0xF0 == 0xE0 {
      let value = UInt32(lead & 0x0F) << 12 | second << 6 | third
      return value < 0x800 ? nil : (value, 3)
    }
    guard lead & 0xF8 == 0xF0, let fourth = continuation(3) else { return nil }
    let value = UInt32(lead & 0x07) << 18 | second << 12 | third << 6 | fourth
    return value < 0x10000 ? nil : (value, 4)
  }

  // MARK: Character data

  /// Reads text up to the next `<` or `&`, with line ends normalised.
  /// - Throws: ``XMLSyntaxError/notWellFormed`` for `]]>`, ``XMLSyntaxError/invalidCharacter``
  ///   for a character outside `Char` or bytes that are not UTF-8.
  mutating func readCharacterData() throws(WillError) {
    var start = position
    var index = position
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x20 && byte < 0x80 {
        if byte == XMLByte.lessThan || byte == XMLByte.ampersand { break }
        if byte == XMLByte.rightBracket && self.byte(at: index + 1) == XMLByte.rightBracket
          && self.byte(at: index + 2) == XMLByte.greaterThan
        {
          throw malformed(.notWellFormed, at: index)
        }
        index += 1
      } else if byte == XMLByte.lineFeed || byte == XMLByte.tab {
        index += 1
      } else if byte == XMLByte.carriageReturn {
        // CR LF and a lone CR both read as LF: keep what came before, then go on from the LF
        // (CR LF) or with an LF of our own (a lone CR).
        text.append(start..<index)
        index += 1
        if self.byte(at: index) != XMLByte.lineFeed { text.append(XMLByte.lineFeed) }
        start = index
      } else if byte < 0x20 {
        throw malformed(.invalidCharacter, at: index)
      } else {
        let (value, length) = try character(at: index)
        if value == 0 { break }
        index += length
      }
    }
    text.append(start..<index)
    position = index
  }

  /// Reads a CDATA section from just after `<![CDATA[`. Its bytes become text as they are:
  /// libxml2's push parser neither normalises line ends in CDATA nor checks its UTF-8
  /// strictly (an overlong form of a character reads as replacement characters).
  /// - Returns: `false` when the section does not end: the push parser then waits, and the
  ///   document is unfinished.
  /// - Throws: ``XMLSyntaxError/invalidCharacter`` for a character outside `Char` or bytes
  ///   that are not UTF-8 even to libxml2's looser check, at the line the section starts.
  mutating func readCDATA() throws(WillError) -> Bool {
    let start = position
    guard let end = firstIndex(of: "]]>", from: start) else {
      // The push parser passes on an unended section 300 bytes at a time, once, keeping two
      // bytes back in case they start `]]>`.
      let block = 300
      guard available >= block + 2 else { return false }
      let checked = try checkCDATA(start..<(start + block), complete: false)
      text.append(checked.range, strict: checked.isStrict)
      position = checked.range.upperBound
      return false
    }
    let checked = try checkCDATA(start..<end, complete: true)
    text.append(checked.range, strict: checked.isStrict)
    position = end + 3
    return true
  }

  /// Checks CDATA bytes as libxml2's push parser does (`xmlCheckCdataPush`): every sequence
  /// well-formed in shape and decoding to a `Char`, overlong forms allowed.
  /// - Parameters:
  ///   - range: The bytes to check.
  ///   - complete: Whether `range` ends the section; otherwise a sequence cut at its end is
  ///     left for later.
  /// - Returns: The bytes that passed, and whether they are strict UTF-8 too.
  /// - Throws: ``XMLSyntaxError/invalidCharacter``, at the line the section starts.
  private func checkCDATA(_ range: Range<Int>, complete: Bool) throws(WillError) -> (
    range: Range<Int>, isStrict: Bool
  ) {
    var index = range.lowerBound
    var isStrict = true
    while index < range.upperBound {
      let lead = bytes[index]
      if lead < 0x80 {
        guard
          lead >= 0x20 || lead == XMLByte.tab || lead == XMLByte.lineFeed
            || lead == XMLByte.carriageReturn
        else { break }
        index += 1
        continue
      }
      let length =
        lead & 0xE0 == 0xC0 ? 2 : lead & 0xF0 == 0xE0 ? 3 : lead & 0xF8 == 0xF0 ? 4 : 0
      guard length > 0 else { break }
      guard index + length <= range.upperBound else {
        if complete { break }
        return (range.lowerBound..<index, isStrict)
      }
      var value = UInt32(lead) & (0xFF >> (length + 1))
      var wellFormed = true
      for offset in 1..<length {
        let next = bytes[index + offset]
        wellFormed = wellFormed && next & 0xC0 == 0x80
        value = value << 6 | UInt32(next & 0x3F)
      }
      guard wellFormed, XMLCharacterClass.isCharacter(value) else { break }
      if decodeMultibyte(at: index) == nil { isStrict = false }
      index += length
    }
    guard index == range.upperBound else {
      // libxml2 signals a bad byte by its negated offset, which at offset 0 reads as success
      // for a block of an unended section: nothing is passed on, and the section stays open.
      if !complete && index == range.lowerBound { return (index..<index, isStrict) }
      throw malformed(.invalidCharacter, at: range.lowerBound)
    }
    return (range, isStrict)
  }

  /// The offset of the first `literal` at or after `start`, or `nil`.
  func firstIndex(of literal: StaticString, from start: Int) -> Int? {
    let first = literal.withUTF8Buffer { $0[0] }
    var index = start
    while index < bytes.count {
      if bytes[index] == first && matches(literal, at: index) { return index }
      index += 1
    }
    return nil
  }

  // MARK: References

  /// Reads a character or entity reference in content, at `&`.
  /// - Throws: The reference's error (see ``readCharacterReference()`` and
  ///   ``readEntityReference()``).
  mutating func readReference() throws(WillError) {
    if byte(at: position + 1) == XMLByte.hash {
      text.append(scalar: try readCharacterReference())
    } else {
      text.append(try readEntityReference())
    }
  }

  /// Reads `&#…;` or `&#x…;` at ``position``, as libxml2 does (`xmlParseCharRef`): values
  /// are clamped at U+110000 as they grow, so any number of digits is safe, and past ten hex
  /// digits a letter is refused.
  /// - Returns: The character, a `Char`.
  /// - Throws: ``XMLSyntaxError/invalidCharacterReference`` for a character that is not a
  ///   digit, ``XMLSyntaxError/invalidCharacter`` for a value outside `Char`.
  mutating func readCharacterReference() throws(WillError) -> UInt32 {
    var value: UInt32 = 0
    let isHex = byte(at: position + 2) == UInt8(ascii: "x")
    position += isHex ? 3 : 2
    // libxml2 counts twice per digit and starts again past 20: a quirk that decides when it
    // takes a hex letter.
    var count = 0
    while byte(at: position) != XMLByte.semicolon {
      let previous = count
      count += 1
      if previous > 20 { count = 0 }
      let digit = byte(at: position)
      if XMLByte.isDigit(digit) {
        value = value * (isHex ? 16 : 10) + UInt32(digit - 0x30)
      } else if isHex, count < 20, (digit | 0x20) >= 0x61, (digit | 0x20) <= 0x66 {
        value = value * 16 + UInt32((digit | 0x20) - 0x61 + 10)
      } else {
        throw malformed(.invalidCharacterReference, at: position)
      }
      value = min(value, 0x11_0000)
      position += 1
      count += 1
    }
    position += 1
    guard XMLCharacterClass.isCharacter(value) else {
      throw malformed(.invalidCharacter, at: position)
    }
    return value
  }

  /// Reads `&name;` at ``position``: one of the five predefined entities, since no other
  /// can be declared.
  /// - Returns: The entity's character.
  /// - Throws: ``XMLSyntaxError/nameExpected``,
  ///   ``XMLSyntaxError/entityReferenceWithoutSemicolon``, or "undefined entity" naming it.
  mutating func readEntityReference() throws(WillError) -> UInt8 {
    position += 1
    guard let nameEnd = try nameEnd(from: position, kind: .name) else {
      throw malformed(.nameExpected, at: position)
    }
    let name = position..<nameEnd
    position = nameEnd
    guard byte(at: position) == XMLByte.semicolon else {
      throw malformed(.entityReferenceWithoutSemicolon, at: position)
    }
    position += 1
    if range(name, equals: "lt") { return XMLByte.lessThan }
    if range(name, equals: "gt") { return XMLByte.greaterThan }
    if range(name, equals: "amp") { return XMLByte.ampersand }
    if range(name, equals: "apos") { return XMLByte.apostrophe }
    if range(name, equals: "quot") { return XMLByte.quote }
    throw malformed("undefined entity &\(string(name));", at: position)
  }
}
