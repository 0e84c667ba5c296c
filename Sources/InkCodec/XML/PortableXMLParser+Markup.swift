extension PortableXMLParser {
  // MARK: Comments

  /// Reads a comment at `<!--` and adds it.
  ///
  /// libxml2 reads a comment in two ways: ASCII bytes fast, and from the first other byte
  /// (or lone carriage return) on, character by character. The second way reads the
  /// character after a `--` before it refuses the `--`, so the error can be that
  /// character's; both are kept.
  /// - Throws: ``XMLSyntaxError/doubleHyphenInComment`` at a `--` that does not end it,
  ///   ``XMLSyntaxError/commentNotTerminated``, ``XMLSyntaxError/invalidCharacter``.
  mutating func readComment() throws(WillError) {
    let start = position + 4
    var index = start
    var hasCarriageReturn = false
    var byCharacter = false
    while true {
      let byte = self.byte(at: index)
      if byte == XMLByte.minus && self.byte(at: index + 1) == XMLByte.minus {
        let after = index + 2
        if self.byte(at: after) == XMLByte.greaterThan { break }
        if byCharacter {
          let (value, _) = try character(at: after)
          if value == 0 { throw malformed(.commentNotTerminated, at: after) }
          if !XMLCharacterClass.isCharacter(value) {
            throw malformed(.invalidCharacter, at: after)
          }
        }
        throw malformed(.doubleHyphenInComment, at: index)
      }
      if (byte >= 0x20 && byte < 0x80) || byte == XMLByte.lineFeed || byte == XMLByte.tab {
        index += 1
      } else if byte == XMLByte.carriageReturn {
        hasCarriageReturn = true
        byCharacter = byCharacter || self.byte(at: index + 1) != XMLByte.lineFeed
        index += 1
      } else if byte < 0x20 {
        throw malformed(
          index < bytes.count ? .invalidCharacter : .commentNotTerminated, at: index)
      } else {
        byCharacter = true
        let (value, length) = try character(at: index)
        if value == 0 { throw malformed(.commentNotTerminated, at: index) }
        index += length
      }
    }
    position = index + 3
    add(.comment(normalizedString(start..<index, hasCarriageReturn: hasCarriageReturn)))
  }

  // MARK: Processing instructions

  /// Reads a processing instruction at `<?` and adds it.
  /// - Throws: ``XMLSyntaxError/malformedProcessingInstruction`` without a target or an
  ///   end; ``XMLSyntaxError/misplacedDeclaration`` for a target `xml` (in any case) or
  ///   starting with it, but for `xml-stylesheet` and `xml-model`;
  ///   ``XMLSyntaxError/notWellFormed`` for a colon in the target;
  ///   ``XMLSyntaxError/whitespaceRequired`` between the target and the data.
  mutating func readProcessingInstruction() throws(WillError) {
    position += 2
    guard let targetEnd = try nameEnd(from: position, kind: .name) else {
      throw malformed(.malformedProcessingInstruction, at: position)
    }
    let target = position..<targetEnd
    try checkLength(ofName: target)
    position = targetEnd
    if target.count >= 3 && bytes[target.lowerBound] | 0x20 == UInt8(ascii: "x")
      && bytes[target.lowerBound + 1] | 0x20 == UInt8(ascii: "m")
      && bytes[target.lowerBound + 2] | 0x20 == UInt8(ascii: "l")
      && (target.count == 3
        || !(range(target, equals: "xml-stylesheet") || range(target, equals: "xml-model")))
    {
      throw malformed(.misplacedDeclaration, at: position)
    }
    if bytes[target].contains(XMLByte.colon) {
      throw malformed(.notWellFormed, at: position)
    }
    if byte(at: position) == XMLByte.question && byte(at: position + 1) == XMLByte.greaterThan {
      position += 2
      paddedInstructions += 1
      add(.processingInstruction(target: string(target), data: ""))
      return
    }
    if skipBlanks() == 0 { throw malformed(.whitespaceRequired, at: position) }
    let start = position
    var hasCarriageReturn = false
    while true {
      let (value, length) = try character(at: position)
      guard XMLCharacterClass.isCharacter(value) else {
        throw malformed(.malformedProcessingInstruction, at: position)
      }
      if value == UInt32(XMLByte.question) && byte(at: position + 1) == XMLByte.greaterThan {
        break
      }
      hasCarriageReturn = hasCarriageReturn || byte(at: position) == XMLByte.carriageReturn
      position += length
    }
    let data = normalizedString(start..<position, hasCarriageReturn: hasCarriageReturn)
    position += 2
    add(.processingInstruction(target: string(target), data: data))
  }

  /// The bytes in `range` as a string, with CR LF and lone CRs read as LF.
  private mutating func normalizedString(_ range: Range<Int>, hasCarriageReturn: Bool)
    -> String
  {
    guard hasCarriageReturn else { return string(range) }
    scratch.removeAll(keepingCapacity: true)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      index += 1
      if byte != XMLByte.carriageReturn {
        scratch.append(byte)
      } else if index == range.upperBound || bytes[index] != XMLByte.lineFeed {
        scratch.append(XMLByte.lineFeed)
      }
    }
    return String(decoding: scratch, as: UTF8.self)
  }

  // MARK: The XML declaration

  /// Moves past the XML declaration, which the preflight has read, checking its version as
  /// libxml2 does: a digit, a period and digits, starting `1.`.
  /// - Throws: ``XMLSyntaxError/declarationWithoutVersion``,
  ///   ``XMLSyntaxError/unsupportedVersion`` or ``XMLSyntaxError/notWellFormed``.
  mutating func readDeclaration() throws(WillError) {
    position = 5
    skipBlanks()
    // The preflight has checked the rest but for the version's value, unless this is its own
    // repair of `<?xml?>`.
    guard matches("version", at: position) else {
      throw malformed(.declarationWithoutVersion, at: position)
    }
    position += 7
    skipBlanks()
    position += 1  // "="
    skipBlanks()
    let quote = byte(at: position)
    let start = position + 1
    var index = start
    guard XMLByte.isDigit(byte(at: index)) else { throw malformed(.notWellFormed, at: index) }
    index += 1
    guard byte(at: index) == XMLByte.period else {
      throw malformed(
        byte(at: index) == quote ? .declarationWithoutVersion : .notWellFormed, at: index)
    }
    index += 1
    while XMLByte.isDigit(byte(at: index)) { index += 1 }
    guard byte(at: index) == quote else { throw malformed(.notWellFormed, at: index) }
    if !matches("1.", at: start) { throw malformed(.unsupportedVersion, at: index) }
    position = (firstIndex(of: "?>", from: index) ?? bytes.count - 2) + 2
  }
}
