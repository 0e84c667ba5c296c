import InkCodec
import Testing

@Suite struct XMLReaderTests {
  // MARK: Producers' shapes

  @Test(arguments: XMLReader.Backend.allCases)
  func sparkSVGKeepsTabsAndNestedGroups(backend: XMLReader.Backend) throws {
    let document = try parseXML(XMLSamples.sparkSVG, backend: backend)
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

  @Test(arguments: XMLReader.Backend.allCases)
  func androidOneLineSVG(backend: XMLReader.Backend) throws {
    let document = try parseXML(XMLSamples.androidSVG, backend: backend)
    #expect(document.declaration == XMLDeclaration(version: "1.0", encoding: "UTF-8"))
    let svg = document.root
    #expect(svg.children.allSatisfy { !$0.isWhitespace })
    #expect(svg.attribute("width") == "592.0")
    #expect(svg.childElements.map(\.name) == ["rect", "g"])
    #expect(svg.childElements[0].attribute("fill-opacity") == "1.0")
    #expect(svg.childElements[1].childElements[0].attribute("r:id") == "image0")
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func cloudLandscapeSVGTransformsReachTheInk(backend: XMLReader.Backend) throws {
    let document = try parseXML(XMLSamples.cloudLandscapeSVG, backend: backend)
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

  @Test(arguments: XMLReader.Backend.allCases)
  func corePropertiesByNamespace(backend: XMLReader.Backend) throws {
    let document = try parseXML(XMLSamples.coreProperties, backend: backend)
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

  @Test(arguments: XMLReader.Backend.allCases)
  func appProperties(backend: XMLReader.Backend) throws {
    let document = try parseXML(XMLSamples.appProperties, backend: backend)
    let fields = document.root.childElements.map { ($0.name, $0.textContent) }
    #expect(fields.map(\.0) == ["Application", "AppVersion", "Template"])
    #expect(fields.map(\.1) == ["Bamboo Spark", "2.0", "Default"])
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func cloudAppPropertiesKeepsTheBogusFirstLine(backend: XMLReader.Backend) throws {
    for prefix in ["", "\u{FEFF}"] {
      let document = try parseXML(prefix + XMLSamples.cloudAppProperties, backend: backend)
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

  @Test(arguments: XMLReader.Backend.allCases)
  func byteOrderMarkIsStripped(backend: XMLReader.Backend) throws {
    let document = try parseXML(XMLSamples.cloudContentTypes, backend: backend)
    #expect(document.declaration == XMLDeclaration(version: "1.0", encoding: "utf-8"))
    let defaults = document.root.elements(named: "Default")
    #expect(defaults.map { $0.attribute("Extension") } == ["rels", "xml", "svg", "protobuf"])
    #expect(document.root.elements(named: "Override").count == 1)
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func relationshipsPart(backend: XMLReader.Backend) throws {
    let document = try parseXML(XMLSamples.androidSectionRelationships, backend: backend)
    let relationship = try #require(document.root.childElements.first)
    #expect(relationship.attribute("Id") == "image0")
    #expect(relationship.attribute("Target") == "/sections/media/strokes700920024.protobuf")
    #expect(relationship.attributes.map(\.name) == ["Id", "Target", "Type"])
  }

  // MARK: Content

  @Test(arguments: XMLReader.Backend.allCases)
  func entitiesCharacterReferencesAndCDATA(backend: XMLReader.Backend) throws {
    let document = try parseXML(
      "<a t=\"&amp;lt; &#38;#38; &quot; x&#10;y\ttab\">&amp;&lt;&gt;&#x41;<![CDATA[<c>&amp;]]> tail\r\nx</a>",
      backend: backend)
    #expect(document.root.attribute("t") == "&lt; &#38; \" x\ny tab")
    #expect(document.root.children == [.text("&<>A<c>&amp; tail\nx")])
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func commentsAndProcessingInstructionsAroundTheRoot(backend: XMLReader.Backend) throws {
    let document = try parseXML(
      "<!-- before --><?pi one two?>\n<a><!--in--><?q?></a>\n<!-- after -->\n", backend: backend)
    #expect(
      document.prolog == [
        .comment(" before "), .processingInstruction(target: "pi", data: "one two"),
      ])
    #expect(
      document.root.children == [.comment("in"), .processingInstruction(target: "q", data: "")])
    #expect(document.epilog == [.comment(" after ")])
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func processingInstructionsWithoutDataDoNotCrash(backend: XMLReader.Backend) throws {
    let document = try parseXML(
      "<?t?><a><?u?><!-- <?v?> --><![CDATA[<?w?>]]></a><?x?>", backend: backend)
    #expect(document.prolog == [.processingInstruction(target: "t", data: "")])
    #expect(
      document.root.children == [
        .processingInstruction(target: "u", data: ""), .comment(" <?v?> "), .text("<?w?>"),
      ])
    #expect(document.epilog == [.processingInstruction(target: "x", data: "")])
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func manyProcessingInstructionsWithoutDataParseInLinearTime(backend: XMLReader.Backend) throws {
    let count = 20_000
    let xml = "<a>" + String(repeating: "<?p?>", count: count) + "</a>"
    let clock = ContinuousClock()
    var document: XMLDocument?
    let elapsed = try clock.measure { document = try parseXML(xml, backend: backend) }
    #expect(document?.root.children.count == count)
    #expect(elapsed < .seconds(5))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func emptyValuesAndEmptyMarkup(backend: XMLReader.Backend) throws {
    let document = try parseXML("<a b=\"\"><!----><![CDATA[]]></a>", backend: backend)
    #expect(document.root.attributes == [XMLAttribute("b", "")])
    #expect(document.root.children == [.comment("")])
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func whitespaceTextIsKeptAndCanBeIgnored(backend: XMLReader.Backend) throws {
    let document = try parseXML("<a>\n  <b> x </b>\n  <c/>\n</a>", backend: backend)
    #expect(document.root.children.count == 5)
    #expect(document.root.children.filter(\.isWhitespace).count == 3)
    let stripped = document.root.removingWhitespaceText()
    #expect(
      stripped.children == [
        .element(XMLElement("b", children: [.text(" x ")])), .element(XMLElement("c")),
      ])
    #expect(document.root.textContent == "\n   x \n  \n")
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func attributesAreSortedByName(backend: XMLReader.Backend) throws {
    let document = try parseXML(
      "<a z=\"1\" b=\"2\" xmlns:r=\"http://r\" r:id=\"3\" A=\"4\"/>", backend: backend)
    #expect(document.root.attributes.map(\.name) == ["A", "b", "r:id", "xmlns:r", "z"])
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func declarationValuesAsWritten(backend: XMLReader.Backend) throws {
    #expect(
      try parseXML("<?xml version='1.0'?><a/>", backend: backend).declaration
        == XMLDeclaration(encoding: nil))
    #expect(
      try parseXML(
        "<?xml version=\"1.0\" encoding=\"utf8\" standalone='no' ?>\r\n<a/>", backend: backend
      ).declaration
        == XMLDeclaration(version: "1.0", encoding: "utf8", standalone: "no"))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func nonASCIIText(backend: XMLReader.Backend) throws {
    let document = try parseXML("<title>Ünïcødé 日本 🖋</title>", backend: backend)
    #expect(document.root.textContent == "Ünïcødé 日本 🖋")
  }

  // MARK: Namespaces

  @Test(arguments: XMLReader.Backend.allCases)
  func relationshipIdWhateverThePrefix(backend: XMLReader.Backend) throws {
    let xml = """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:w="\(XMLSamples.relationshipsNamespace)">
        <g r:id="wrong" xmlns:r="http://example.com/other"><g w:id="rId7"/></g>
        <g xmlns:w="http://example.com/rebound" w:id="hidden"/>
        <g id="unprefixed"/>
      </svg>
      """
    let document = try parseXML(xml, backend: backend)
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

  @Test(arguments: XMLReader.Backend.allCases)
  func walkOrderAncestorsAndDefaultNamespace(backend: XMLReader.Backend) throws {
    let document = try parseXML(
      "<a xmlns=\"http://one\"><b><c xmlns=\"\"/></b><p:d xmlns:p=\"http://two\"/></a>",
      backend: backend)
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

  @Test(arguments: XMLReader.Backend.allCases)
  func walkStopsAtTheFirstThrow(backend: XMLReader.Backend) throws {
    let document = try parseXML("<a><b/><c/></a>", backend: backend)
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

  @Test(arguments: XMLReader.Backend.allCases)
  func undeclaredPrefixIsKeptAsWritten(backend: XMLReader.Backend) throws {
    let document = try parseXML("<svg><g r:id=\"image0\"/><p:q/></svg>", backend: backend)
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

  @Test(
    arguments: XMLReader.Backend.allCases,
    [
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
      (
        "<?xml version=\"1.0\" encoding=\"UTF-8\" bogus=\"1\"?><a/>", 1, "malformed XML declaration"
      ),
      ("<?xml encoding=\"UTF-8\"?><a/>", 1, "malformed XML declaration"),
      ("<?xml version=\"1.0\" standalone=\"maybe\"?><a/>", 1, "malformed XML declaration"),
    ])
  func malformed(backend: XMLReader.Backend, example: (xml: String, line: Int, message: String)) {
    #expect(
      xmlError(example.xml, backend: backend)?.kind
        == .malformedXML(line: example.line, message: example.message))
  }

  @Test(
    arguments: XMLReader.Backend.allCases,
    [
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
  func rejectedByTheParser(
    backend: XMLReader.Backend, example: (xml: String, line: Int, message: String)
  ) {
    #expect(
      xmlError(example.xml, backend: backend)?.kind
        == .malformedXML(line: example.line, message: message(example.message, from: backend)))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func invalidUTF8(backend: XMLReader.Backend) {
    let bytes: [UInt8] = Array("<a>\n".utf8) + [0xFF, 0xFE] + Array("</a>".utf8)
    guard case .malformedXML(let line, _)? = xmlError(bytes, backend: backend)?.kind else {
      Issue.record("expected malformedXML")
      return
    }
    #expect(line == 2)
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func otherEncodingsAreNotRead(backend: XMLReader.Backend) {
    let utf16: [UInt8] = [0xFF, 0xFE] + "<a/>".utf8.flatMap { [$0, 0] }
    #expect(xmlError(utf16, backend: backend)?.kind == .malformedXML(line: 1, message: "NUL byte"))
    let utf16WithoutZero: [UInt8] = [0xFE, 0xFF, 0x3C, 0x61]
    #expect(
      xmlError(utf16WithoutZero, backend: backend)?.kind
        == .malformedXML(line: 1, message: "not XML in UTF-8: the first character is not '<'"))
    #expect(
      xmlError("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>", backend: backend)?.kind
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

  @Test(arguments: XMLReader.Backend.allCases)
  func billionLaughsIsRejectedFast(backend: XMLReader.Backend) {
    let clock = ContinuousClock()
    var error: WillError?
    let elapsed = clock.measure { error = xmlError(Self.billionLaughs, backend: backend) }
    #expect(error?.kind == .malformedXML(line: 2, message: Self.doctypeMessage))
    #expect(elapsed < .milliseconds(100))
  }

  @Test(
    arguments: XMLReader.Backend.allCases,
    [
      ("<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>", 1),
      (
        "<?xml version=\"1.0\"?>\n<!-- c -->\n<?pi x?>\n<!DOCTYPE a SYSTEM \"http://example.com/a.dtd\"><a/>",
        4
      ),
      ("\u{FEFF}<!DOCTYPE a><a/>", 1),
      ("<a/>\n<!DOCTYPE a>", 2),
    ])
  func doctypeIsRejected(backend: XMLReader.Backend, example: (xml: String, line: Int)) {
    #expect(
      xmlError(example.xml, backend: backend)?.kind
        == .malformedXML(line: example.line, message: Self.doctypeMessage))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func markupDeclarationsOutsideADoctypeAreRejected(backend: XMLReader.Backend) {
    #expect(
      xmlError("<a>\n<!ENTITY x \"y\"></a>", backend: backend)?.kind
        == .malformedXML(line: 2, message: "markup declarations are not allowed outside a DOCTYPE"))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func doctypeTextInCommentsAndCDATAIsContent(backend: XMLReader.Backend) throws {
    let document = try parseXML(
      "<!-- <!DOCTYPE a> --><a><![CDATA[<!DOCTYPE b>]]></a>", backend: backend)
    #expect(document.prolog == [.comment(" <!DOCTYPE a> ")])
    #expect(document.root.textContent == "<!DOCTYPE b>")
  }

  // MARK: Limits

  @Test(arguments: XMLReader.Backend.allCases)
  func depthLimitStopsDeepNesting(backend: XMLReader.Backend) {
    let deep = String(repeating: "<g>", count: 10_000) + String(repeating: "</g>", count: 10_000)
    let clock = ContinuousClock()
    var error: WillError?
    let elapsed = clock.measure { error = xmlError(deep, backend: backend) }
    #expect(error?.kind == .limitExceeded(.xmlDepth, value: 257, limit: 256))
    #expect(elapsed < .seconds(1))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func depthLimitIsInclusive(backend: XMLReader.Backend) throws {
    let limits = DecodingLimits(maxXMLDepth: 3)
    #expect(try parseXML("<a><b><c/></b></a>", limits: limits, backend: backend).root.name == "a")
    #expect(
      xmlError("<a><b><c><d/></c></b></a>", limits: limits, backend: backend)?.kind
        == .limitExceeded(.xmlDepth, value: 4, limit: 3))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func attributeLimitCountsNamespaceDeclarations(backend: XMLReader.Backend) throws {
    let limits = DecodingLimits(maxXMLAttributes: 2)
    #expect(
      try parseXML("<a x=\"1\" xmlns=\"http://a\"/>", limits: limits, backend: backend).root
        .attributes.count == 2)
    #expect(
      xmlError("<a><b x=\"1\" y=\"2\" xmlns=\"http://a\"/></a>", limits: limits, backend: backend)?
        .kind
        == .limitExceeded(.xmlAttributes, value: 3, limit: 2))
  }

  @Test(arguments: XMLReader.Backend.allCases)
  func attributeFloodHitsTheDefaultLimit(backend: XMLReader.Backend) {
    let attributes = (0...1_024).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
    #expect(
      xmlError("<svg><g \(attributes)/></svg>", backend: backend)?.kind
        == .limitExceeded(.xmlAttributes, value: 1_025, limit: 1_024))
  }
}
