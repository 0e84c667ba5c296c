import InkCodec
import Testing

@Suite struct XMLReaderTests {
  // MARK: Producers' shapes

  @Test func sparkSVGKeepsTabsAndNestedGroups() throws {
    let document = try parseXML(XMLSamples.sparkSVG)
    #expect(document.declaration == nil)
    #expect(document.prolog.isEmpty && document.epilog.isEmpty)
    let svg = document.root
    #expect(svg.name == "svg")
    #expect(
      svg.attributes == [
        XMLAttribute("height", "1188"), XMLAttribute("width", "864"),
        XMLAttribute("xmlns", "http://www.w3.org/2000/svg"),
        XMLAttribute("xmlns:r", XMLSamples.relationshipsNamespace),
      ])
    #expect(svg.children.first == .text("\n\t"))
    #expect(svg.childElements.map(\.name) == ["rect", "g"])
    let inner = svg.elements(named: "g")[0].childElements[0]
    #expect(inner.name == "g")
    #expect(inner.attribute("r:id") == "rId0")
    #expect(inner.attribute("transform") == "matrix(1 0 0 1 0 0)")
    #expect(inner.children.isEmpty)
  }

  @Test func androidOneLineSVG() throws {
    let document = try parseXML(XMLSamples.androidSVG)
    #expect(document.declaration == XMLDeclaration(version: "1.0", encoding: "UTF-8"))
    let svg = document.root
    #expect(svg.children.allSatisfy { !$0.isWhitespace })
    #expect(svg.attribute("width") == "592.0")
    #expect(svg.childElements.map(\.name) == ["rect", "g"])
    #expect(svg.childElements[0].attribute("fill-opacity") == "1.0")
    #expect(svg.childElements[1].childElements[0].attribute("r:id") == "image0")
  }

  @Test func cloudLandscapeSVGTransformsReachTheInk() throws {
    let document = try parseXML(XMLSamples.cloudLandscapeSVG)
    #expect(document.declaration == XMLDeclaration(version: "1.0", encoding: "utf-8"))
    #expect(document.root.childElements.map(\.name) == ["view", "g"])
    let view = document.root.childElements[0]
    #expect(view.attribute("viewBox") == "0 0 1188 864")
    #expect(view.attribute("viewTarget") == "group0")

    var found: [(id: String, transforms: [String])] = []
    document.walk { element, namespaces, ancestors in
      guard
        let id = element.attribute(
          namespace: XMLSamples.relationshipsNamespace, localName: "id", in: namespaces)
      else { return }
      let transforms = (ancestors + [element]).compactMap { $0.attribute("transform") }
      found.append((id, transforms))
    }
    #expect(found.count == 1)
    #expect(found.first?.id == "rId0")
    #expect(found.first?.transforms == ["matrix(1 0 0 1 0 0)", "matrix(0 -1 1 0 0 864)"])
  }

  @Test func corePropertiesByNamespace() throws {
    let document = try parseXML(XMLSamples.coreProperties)
    #expect(
      document.declaration == XMLDeclaration(version: "1.0", encoding: "UTF-8", standalone: "yes"))
    #expect(document.root.name == "coreProperties")
    #expect(
      document.root.attributes.map(\.name) == ["xmlns", "xmlns:dc", "xmlns:dcterms", "xmlns:xsi"])

    var values: [String: String] = [:]
    document.walk { element, namespaces, _ in
      guard let uri = element.namespaceURI(in: namespaces) else { return }
      values["{\(uri)}\(element.localName)"] = element.textContent
    }
    #expect(values["{http://purl.org/dc/elements/1.1/}title"] == "WCM0006")
    #expect(values["{http://purl.org/dc/terms/}modified"] == "2018-08-14T15:50:18+02:00")
    let coreNamespace =
      "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"
    #expect(values["{\(coreNamespace)}version"] == "1.0")
    #expect(document.root.elements(named: "title").first?.name == "dc:title")
  }

  @Test func appProperties() throws {
    let document = try parseXML(XMLSamples.appProperties)
    let fields = document.root.childElements.map { ($0.name, $0.textContent) }
    #expect(fields.map(\.0) == ["Application", "AppVersion", "Template"])
    #expect(fields.map(\.1) == ["Bamboo Spark", "2.0", "Default"])
  }

  @Test func cloudAppPropertiesKeepsTheBogusFirstLine() throws {
    for prefix in ["", "\u{FEFF}"] {
      let document = try parseXML(prefix + XMLSamples.cloudAppProperties)
      #expect(document.declaration == nil)
      #expect(
        document.prolog == [
          .processingInstruction(target: "xm", data: "version='1.0' encoding='utf-8'")
        ])
      #expect(
        document.root.removingWhitespaceText().childElements.map(\.textContent) == [
          "com.wacom.cloud.conversion", "1.0.0",
        ])
    }
  }

  @Test func byteOrderMarkIsStripped() throws {
    let document = try parseXML(XMLSamples.cloudContentTypes)
    #expect(document.declaration == XMLDeclaration(version: "1.0", encoding: "utf-8"))
    let defaults = document.root.elements(named: "Default")
    #expect(defaults.map { $0.attribute("Extension") } == ["rels", "xml", "svg", "protobuf"])
    #expect(document.root.elements(named: "Override").count == 1)
  }

  @Test func relationshipsPart() throws {
    let document = try parseXML(XMLSamples.androidSectionRelationships)
    let relationship = try #require(document.root.childElements.first)
    #expect(relationship.attribute("Id") == "image0")
    #expect(relationship.attribute("Target") == "/sections/media/strokes700920024.protobuf")
    #expect(relationship.attributes.map(\.name) == ["Id", "Target", "Type"])
  }

  // MARK: Content

  @Test func entitiesCharacterReferencesAndCDATA() throws {
    let document = try parseXML(
      "<a t=\"&amp;lt; &#38;#38; &quot; x&#10;y\ttab\">&amp;&lt;&gt;&#x41;<![CDATA[<c>&amp;]]> tail\r\nx</a>"
    )
    #expect(document.root.attribute("t") == "&lt; &#38; \" x\ny tab")
    #expect(document.root.children == [.text("&<>A<c>&amp; tail\nx")])
  }

  @Test func commentsAndProcessingInstructionsAroundTheRoot() throws {
    let document = try parseXML(
      "<!-- before --><?pi one two?>\n<a><!--in--><?q?></a>\n<!-- after -->\n")
    #expect(
      document.prolog == [
        .comment(" before "), .processingInstruction(target: "pi", data: "one two"),
      ])
    #expect(
      document.root.children == [.comment("in"), .processingInstruction(target: "q", data: "")])
    #expect(document.epilog == [.comment(" after ")])
  }

  @Test func processingInstructionsWithoutDataDoNotCrash() throws {
    let document = try parseXML("<?t?><a><?u?><!-- <?v?> --><![CDATA[<?w?>]]></a><?x?>")
    #expect(document.prolog == [.processingInstruction(target: "t", data: "")])
    #expect(
      document.root.children == [
        .processingInstruction(target: "u", data: ""), .comment(" <?v?> "), .text("<?w?>"),
      ])
    #expect(document.epilog == [.processingInstruction(target: "x", data: "")])
  }

  @Test func manyProcessingInstructionsWithoutDataParseInLinearTime() throws {
    let count = 20_000
    let xml = "<a>" + String(repeating: "<?p?>", count: count) + "</a>"
    let clock = ContinuousClock()
    var document: XMLDocument?
    let elapsed = try clock.measure { document = try parseXML(xml) }
    #expect(document?.root.children.count == count)
    #expect(elapsed < .seconds(5))
  }

  @Test func emptyValuesAndEmptyMarkup() throws {
    let document = try parseXML("<a b=\"\"><!----><![CDATA[]]></a>")
    #expect(document.root.attributes == [XMLAttribute("b", "")])
    #expect(document.root.children == [.comment("")])
  }

  @Test func whitespaceTextIsKeptAndCanBeIgnored() throws {
    let document = try parseXML("<a>\n  <b> x </b>\n  <c/>\n</a>")
    #expect(document.root.children.count == 5)
    #expect(document.root.children.filter(\.isWhitespace).count == 3)
    let stripped = document.root.removingWhitespaceText()
    #expect(
      stripped.children == [
        .element(XMLElement("b", children: [.text(" x ")])), .element(XMLElement("c")),
      ])
    #expect(document.root.textContent == "\n   x \n  \n")
  }

  @Test func attributesAreSortedByName() throws {
    let document = try parseXML("<a z=\"1\" b=\"2\" xmlns:r=\"http://r\" r:id=\"3\" A=\"4\"/>")
    #expect(document.root.attributes.map(\.name) == ["A", "b", "r:id", "xmlns:r", "z"])
  }

  @Test func declarationValuesAsWritten() throws {
    #expect(try parseXML("<?xml version='1.0'?><a/>").declaration == XMLDeclaration(encoding: nil))
    #expect(
      try parseXML("<?xml version=\"1.0\" encoding=\"utf8\" standalone='no' ?>\r\n<a/>").declaration
        == XMLDeclaration(version: "1.0", encoding: "utf8", standalone: "no"))
  }

  @Test func nonASCIIText() throws {
    let document = try parseXML("<title>Ünïcødé 日本 🖋</title>")
    #expect(document.root.textContent == "Ünïcødé 日本 🖋")
  }

  // MARK: Namespaces

  @Test func relationshipIdWhateverThePrefix() throws {
    let xml = """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:w="\(XMLSamples.relationshipsNamespace)">
        <g r:id="wrong" xmlns:r="http://example.com/other"><g w:id="rId7"/></g>
        <g xmlns:w="http://example.com/rebound" w:id="hidden"/>
        <g id="unprefixed"/>
      </svg>
      """
    let document = try parseXML(xml)
    var ids: [String] = []
    document.walk { element, namespaces, _ in
      if let id = element.attribute(
        namespace: XMLSamples.relationshipsNamespace, localName: "id", in: namespaces)
      {
        ids.append(id)
      }
    }
    #expect(ids == ["rId7"])
  }

  @Test func walkOrderAncestorsAndDefaultNamespace() throws {
    let document = try parseXML(
      "<a xmlns=\"http://one\"><b><c xmlns=\"\"/></b><p:d xmlns:p=\"http://two\"/></a>")
    var visits: [String] = []
    document.walk { element, namespaces, ancestors in
      let uri = element.namespaceURI(in: namespaces) ?? "-"
      visits.append("\(ancestors.map(\.name).joined(separator: "/"))>\(element.name) \(uri)")
    }
    #expect(
      visits == [
        ">a http://one", "a>b http://one", "a/b>c -", "a>p:d http://two",
      ])
    #expect(XMLNamespaces.initial.uri(forPrefix: "xml") == XMLNamespaces.xmlURI)
    #expect(XMLNamespaces.initial.uri(forPrefix: nil) == nil)
  }

  @Test func walkStopsAtTheFirstThrow() throws {
    let document = try parseXML("<a><b/><c/></a>")
    var seen: [String] = []
    let error = #expect(throws: WillError.self) {
      try document.walk { (element, _, _) throws(WillError) in
        seen.append(element.name)
        if element.name == "b" { throw WillError(.missingPart(element.name)) }
      }
    }
    #expect(error?.kind == .missingPart("b"))
    #expect(seen == ["a", "b"])
  }

  @Test func undeclaredPrefixIsKeptAsWritten() throws {
    let document = try parseXML("<svg><g r:id=\"image0\"/><p:q/></svg>")
    let g = document.root.childElements[0]
    #expect(g.attribute("r:id") == "image0")
    #expect(
      g.attribute(namespace: XMLSamples.relationshipsNamespace, localName: "id", in: .initial)
        == nil)
    #expect(document.root.childElements[1].name == "p:q")
    #expect(document.root.childElements[1].prefix == "p")
    #expect(document.root.childElements[1].localName == "q")
  }

  // MARK: Malformed input

  @Test(arguments: [
    ("<a>\n<b>", 2, "element <b> opened at line 2 is not closed"),
    ("<a>\n<b>\n</a>", 3, "end tag does not match <b> opened at line 2"),
    ("<a/>\n<b/>", 2, "content after the root element <a>"),
    ("<a/>\ntext", 2, "content after the root element <a>"),
    ("not xml", 1, "not XML in UTF-8: the first character is not '<'"),
    ("", 1, "no root element: the part is empty"),
    (" \n\t ", 2, "no root element: the part is empty"),
    ("<!-- only a comment -->", 1, "no root element"),
    ("<a>", 1, "no root element"),
    ("<a>\n\u{0}</a>", 2, "NUL byte"),
    ("<?xml version=\"1.0\" encoding=\"UTF-8\" bogus=\"1\"?><a/>", 1, "malformed XML declaration"),
    ("<?xml encoding=\"UTF-8\"?><a/>", 1, "malformed XML declaration"),
    ("<?xml version=\"1.0\" standalone=\"maybe\"?><a/>", 1, "malformed XML declaration"),
  ])
  func malformed(xml: String, line: Int, message: String) {
    #expect(xmlError(xml)?.kind == .malformedXML(line: line, message: message))
  }

  @Test(arguments: [
    ("<a>\n&foo;</a>", 2, "undefined entity &foo;"),
    ("<a x='1'\n x='2'/>", 2, "attribute given twice (libxml2 error 42)"),
    ("<a>\n<b x=\"<\"/></a>", 2, "'<' in an attribute value (libxml2 error 38)"),
    ("<a>&#0;</a>", 1, "invalid character (or not UTF-8) (libxml2 error 9)"),
    ("<a><!-- x -- y --></a>", 1, "'--' in a comment (libxml2 error 80)"),
    ("<a>\n</b>", 2, "end tag does not match <a> opened at line 1"),
    ("<a><b></b>", 1, "element <a> opened at line 1 is not closed"),
    (
      "<?xml version=\"1.0\"?>\n<?xml version=\"1.0\"?><a/>", 2,
      "the XML declaration is only allowed at the start (libxml2 error 64)"
    ),
    ("<a xmlns:p=\"\"/>", 1, "malformed namespace declaration (libxml2 error 200)"),
  ])
  func rejectedByTheParser(xml: String, line: Int, message: String) {
    #expect(xmlError(xml)?.kind == .malformedXML(line: line, message: message))
  }

  @Test func invalidUTF8() {
    let bytes: [UInt8] = Array("<a>\n".utf8) + [0xFF, 0xFE] + Array("</a>".utf8)
    guard case .malformedXML(let line, _)? = xmlError(bytes)?.kind else {
      Issue.record("expected malformedXML")
      return
    }
    #expect(line == 2)
  }

  @Test func otherEncodingsAreNotRead() {
    let utf16: [UInt8] = [0xFF, 0xFE] + "<a/>".utf8.flatMap { [$0, 0] }
    #expect(xmlError(utf16)?.kind == .malformedXML(line: 1, message: "NUL byte"))
    let utf16WithoutZero: [UInt8] = [0xFE, 0xFF, 0x3C, 0x61]
    #expect(
      xmlError(utf16WithoutZero)?.kind
        == .malformedXML(line: 1, message: "not XML in UTF-8: the first character is not '<'"))
    #expect(
      xmlError("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>")?.kind
        == .unsupported("XML encoding ISO-8859-1; only UTF-8 is read"))
  }

  // MARK: DTDs and entities

  static let billionLaughs = """
    <?xml version="1.0"?>
    <!DOCTYPE lolz [
     <!ENTITY lol "lol">
     <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
     <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
     <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
     <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
     <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
     <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
     <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
     <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
     <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
    ]>
    <lolz>&lol9;</lolz>
    """

  static let doctypeMessage =
    "DOCTYPE declarations are not allowed (entity expansion, external entities)"

  @Test func billionLaughsIsRejectedFast() {
    let clock = ContinuousClock()
    var error: WillError?
    let elapsed = clock.measure { error = xmlError(Self.billionLaughs) }
    #expect(error?.kind == .malformedXML(line: 2, message: Self.doctypeMessage))
    #expect(elapsed < .milliseconds(100))
  }

  @Test(arguments: [
    ("<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>", 1),
    (
      "<?xml version=\"1.0\"?>\n<!-- c -->\n<?pi x?>\n<!DOCTYPE a SYSTEM \"http://example.com/a.dtd\"><a/>",
      4
    ),
    ("\u{FEFF}<!DOCTYPE a><a/>", 1),
    ("<a/>\n<!DOCTYPE a>", 2),
  ])
  func doctypeIsRejected(xml: String, line: Int) {
    #expect(xmlError(xml)?.kind == .malformedXML(line: line, message: Self.doctypeMessage))
  }

  @Test func markupDeclarationsOutsideADoctypeAreRejected() {
    #expect(
      xmlError("<a>\n<!ENTITY x \"y\"></a>")?.kind
        == .malformedXML(line: 2, message: "markup declarations are not allowed outside a DOCTYPE"))
  }

  @Test func doctypeTextInCommentsAndCDATAIsContent() throws {
    let document = try parseXML("<!-- <!DOCTYPE a> --><a><![CDATA[<!DOCTYPE b>]]></a>")
    #expect(document.prolog == [.comment(" <!DOCTYPE a> ")])
    #expect(document.root.textContent == "<!DOCTYPE b>")
  }

  // MARK: Limits

  @Test func depthLimitStopsDeepNesting() {
    let deep = String(repeating: "<g>", count: 10_000) + String(repeating: "</g>", count: 10_000)
    let clock = ContinuousClock()
    var error: WillError?
    let elapsed = clock.measure { error = xmlError(deep) }
    #expect(error?.kind == .limitExceeded(.xmlDepth, value: 257, limit: 256))
    #expect(elapsed < .seconds(1))
  }

  @Test func depthLimitIsInclusive() throws {
    let limits = DecodingLimits(maxXMLDepth: 3)
    #expect(try parseXML("<a><b><c/></b></a>", limits: limits).root.name == "a")
    #expect(
      xmlError("<a><b><c><d/></c></b></a>", limits: limits)?.kind
        == .limitExceeded(.xmlDepth, value: 4, limit: 3))
  }

  @Test func attributeLimitCountsNamespaceDeclarations() throws {
    let limits = DecodingLimits(maxXMLAttributes: 2)
    #expect(
      try parseXML("<a x=\"1\" xmlns=\"http://a\"/>", limits: limits).root.attributes.count == 2)
    #expect(
      xmlError("<a><b x=\"1\" y=\"2\" xmlns=\"http://a\"/></a>", limits: limits)?.kind
        == .limitExceeded(.xmlAttributes, value: 3, limit: 2))
  }

  @Test func attributeFloodHitsTheDefaultLimit() {
    let attributes = (0...1_024).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
    #expect(
      xmlError("<svg><g \(attributes)/></svg>")?.kind
        == .limitExceeded(.xmlAttributes, value: 1_025, limit: 1_024))
  }
}
