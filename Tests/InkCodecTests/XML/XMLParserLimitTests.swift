import Testing

@testable import InkCodec

/// The limits libxml2 enforces on well-formed parts, as FoundationXML runs it (libxml2 2.9,
/// push parser, no `XML_PARSE_HUGE`): each fails with a limit error that names it, never with
/// "not well-formed". For each, the largest part that passes parses and one byte more fails.
@Suite struct XMLParserLimitTests {
  static let partCap = XMLPreflight.parserPartCap
  static let nameCap = XMLPreflight.parserNameCap

  /// `<a>xxx…</a>`, `size` bytes in all.
  static func textPart(size: Int, prefix: String = "") -> [UInt8] {
    Array(("<a>" + prefix).utf8)
      + [UInt8](repeating: UInt8(ascii: "x"), count: size - 7 - prefix.utf8.count)
      + Array("</a>".utf8)
  }

  // MARK: Part size

  @Test(arguments: XMLReader.Backend.allCases)
  func largestPartParses(backend: XMLReader.Backend) throws {
    let document = try XMLReader.parse(
      Self.textPart(size: Self.partCap), part: "/test.xml", limits: .default, backend: backend)
    #expect(document.root.textContent.utf8.count == Self.partCap - 7)
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func oneByteMoreIsThePartLimit(backend: XMLReader.Backend) {
    #expect(
      xmlError(Self.textPart(size: Self.partCap + 1), backend: backend)?.kind
        == .limitExceeded(.xmlPartBytes, value: Self.partCap + 1, limit: Self.partCap))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func anAttributeValueCountsAsPartOfThePart(backend: XMLReader.Backend) throws {
    func part(_ size: Int) -> [UInt8] {
      Array("<a b=\"".utf8) + [UInt8](repeating: UInt8(ascii: "v"), count: size - 10)
        + Array("\"/>".utf8) + [0x0A]
    }
    #expect(
      try XMLReader.parse(part(Self.partCap), part: "/test.xml", limits: .default, backend: backend)
        .root.attributes.first?.value.utf8.count == Self.partCap - 10)
    #expect(
      xmlError(part(Self.partCap + 1), backend: backend)?.kind
        == .limitExceeded(.xmlPartBytes, value: Self.partCap + 1, limit: Self.partCap))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func aByteOrderMarkIsNotCounted(backend: XMLReader.Backend) throws {
    let bytes = [0xEF, 0xBB, 0xBF] + Self.textPart(size: Self.partCap)
    #expect(throws: Never.self) {
      try XMLReader.parse(bytes, part: "/test.xml", limits: .default, backend: backend)
    }
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func theProcessingInstructionRepairIsCounted(backend: XMLReader.Backend) {
    // `<?p?>` becomes `<?p ?>`: one byte more than the part.
    #expect(
      xmlError(Self.textPart(size: Self.partCap, prefix: "<?p?>"), backend: backend)?.kind
        == .limitExceeded(.xmlPartBytes, value: Self.partCap + 1, limit: Self.partCap))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func aRaisedPartLimitStillStopsAtTheParserCap(backend: XMLReader.Backend) {
    let limits = DecodingLimits(maxXMLPartBytes: 4 * Self.partCap)
    #expect(
      xmlError(Self.textPart(size: Self.partCap + 1), limits: limits, backend: backend)?.kind
        == .limitExceeded(.xmlPartBytes, value: Self.partCap + 1, limit: Self.partCap))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func aLowerPartLimitIsExact(backend: XMLReader.Backend) throws {
    let limits = DecodingLimits(maxXMLPartBytes: 1_000)
    _ = try XMLReader.parse(
      Self.textPart(size: 1_000), part: "/test.xml", limits: limits, backend: backend)
    #expect(
      xmlError(Self.textPart(size: 1_001), limits: limits, backend: backend)?.kind
        == .limitExceeded(.xmlPartBytes, value: 1_001, limit: 1_000))
  }

  // MARK: Names

  static func name(_ length: Int) -> String { String(repeating: "n", count: length) }

  /// Parts with one name of `length` bytes, in every place a name is checked.
  static func namedParts(_ length: Int) -> [(place: String, xml: String, offset: Int)] {
    let name = name(length)
    return [
      ("element", "<\(name)/>", 1),
      ("end tag", "<\(name)></\(name)>", 1),
      ("attribute", "<a \(name)=\"1\"/>", 3),
      ("attribute after a value with >", "<a b='>' \(name)=\"1\"/>", 9),
      ("processing instruction", "<a><?\(name) data?></a>", 5),
    ]
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func longestNamesParse(backend: XMLReader.Backend) throws {
    for (place, xml, _) in Self.namedParts(Self.nameCap) {
      #expect(throws: Never.self, "\(place)") { try parseXML(xml, backend: backend) }
    }
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func oneByteMoreIsTheNameLimit(backend: XMLReader.Backend) {
    for (place, xml, offset) in Self.namedParts(Self.nameCap + 1) {
      let error = xmlError(xml, backend: backend)
      #expect(
        error?.kind == .limitExceeded(.xmlNameBytes, value: Self.nameCap + 1, limit: Self.nameCap),
        "\(place)")
      #expect(error?.offset == offset, "\(place)")
    }
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func nonASCIINamesCountBytes(backend: XMLReader.Backend) throws {
    let name = String(repeating: "é", count: Self.nameCap / 2)
    _ = try parseXML("<\(name)/>", backend: backend)
    #expect(
      xmlError("<\(name)a/>", backend: backend)?.kind
        == .limitExceeded(.xmlNameBytes, value: Self.nameCap + 1, limit: Self.nameCap))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func longTextAndValuesAreNotNames(backend: XMLReader.Backend) throws {
    let run = Self.name(2 * Self.nameCap)
    let document = try parseXML(
      "<a b=\"\(run)\">\(run)<!-- \(run) --><![CDATA[\(run)]]></a>", backend: backend)
    #expect(document.root.attributes.first?.value == run)
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func aLongEntityNameIsTheNameLimit(backend: XMLReader.Backend) {
    // The preflight does not look at references; libxml2's own error 110 is recognised.
    #expect(
      xmlError("<a>&\(Self.name(Self.nameCap + 1));</a>", backend: backend)?.kind
        == .limitExceeded(.xmlNameBytes, value: Self.nameCap + 1, limit: Self.nameCap))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func aRaisedNameLimitStillStopsAtTheParserCap(backend: XMLReader.Backend) {
    let limits = DecodingLimits(maxXMLNameBytes: 10 * Self.nameCap)
    #expect(
      xmlError("<\(Self.name(Self.nameCap + 1))/>", limits: limits, backend: backend)?.kind
        == .limitExceeded(.xmlNameBytes, value: Self.nameCap + 1, limit: Self.nameCap))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func aLowerNameLimitIsExact(backend: XMLReader.Backend) throws {
    let limits = DecodingLimits(maxXMLNameBytes: 10)
    _ = try parseXML("<abcdefghij klmnopqrst=\"1\"/>", limits: limits, backend: backend)
    #expect(
      xmlError("<abcdefghij klmnopqrstu=\"1\"/>", limits: limits, backend: backend)?.kind
        == .limitExceeded(.xmlNameBytes, value: 11, limit: 10))
  }

  // MARK: Depth

  @Test(arguments: XMLReader.Backend.allCases)
  func aRaisedDepthLimitStillStopsAtTheCap(backend: XMLReader.Backend) throws {
    func nested(_ depth: Int) -> String {
      String(repeating: "<g>", count: depth) + String(repeating: "</g>", count: depth)
    }
    let cap = XMLPreflight.parserDepthCap
    let limits = DecodingLimits(maxXMLDepth: 100 * cap)
    _ = try parseXML(nested(cap), limits: limits, backend: backend)
    #expect(
      xmlError(nested(20_000), limits: limits, backend: backend)?.kind
        == .limitExceeded(.xmlDepth, value: cap + 1, limit: cap))
  }
}
