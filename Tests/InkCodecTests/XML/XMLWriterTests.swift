import InkCodec
import Testing

@Suite struct XMLWriterTests {
  private func string(_ document: XMLDocument) -> String {
    String(decoding: (try? document.serialized()) ?? [], as: UTF8.self)
  }

  // MARK: Round trips

  @Test(arguments: XMLReader.Backend.allCases)
  func sparkSVGRoundTripsByteForByte(backend: XMLReader.Backend) throws {
    let document = try parseXML(XMLSamples.sparkSVG, backend: backend)
    #expect(string(document) == XMLSamples.sparkSVG)
  }

  @Test(arguments: XMLReader.Backend.allCases, XMLSamples.all.map(\.name))
  func producerPartsRoundTrip(backend: XMLReader.Backend, name: String) throws {
    let xml = try #require(XMLSamples.all.first { $0.name == name }?.xml)
    let document = try parseXML(xml, backend: backend)
    let bytes = try document.serialized()
    let reparsed = try XMLReader.parse(bytes, part: "/test.xml", limits: .default, backend: backend)
    #expect(reparsed == document)
    #expect(try reparsed.serialized() == bytes)
  }

  @Test(
    arguments: XMLReader.Backend.allCases,
    [
      "<a t=\"&amp;lt; &#38;#38; &quot; x&#10;y&#9;z&#13;w\ttab\">&amp;&lt;&gt;<![CDATA[<c>]]>&#13;\r\n</a>",
      "<!-- before --><?pi one two?><?t?>\n<a><!--in--><?q  x ?></a>\n<!-- after --><?z?>",
      "<?xml version='1.0' encoding='utf-8' standalone='yes'?><a>\n\t<b/>\n</a>",
      "\u{FEFF}<?xm version='1.0' encoding='utf-8'?>\n<P xmlns=\"http://p\"><A>x</A></P>",
      "<a xmlns:p=\"http://p\" p:x=\"'single' &amp; &quot;double&quot;\">Ünïcødé 🖋 &gt;</a>",
    ])
  func trickyContentRoundTrips(backend: XMLReader.Backend, xml: String) throws {
    let document = try parseXML(xml, backend: backend)
    let reparsed = try XMLReader.parse(
      try document.serialized(), part: nil, limits: .default, backend: backend)
    #expect(reparsed == document)
  }

  // MARK: Output

  @Test func escaping() {
    let root = XMLElement(
      "a", attributes: [XMLAttribute("t", "<&>\"'\t\n\r")], children: [.text("<&>\"'\t\n\r")])
    #expect(
      string(XMLDocument(root: root))
        == "<a t=\"&lt;&amp;&gt;&quot;'&#9;&#10;&#13;\">&lt;&amp;&gt;\"'\t\n&#13;</a>")
  }

  @Test func layout() {
    let document = XMLDocument(
      declaration: XMLDeclaration(version: "1.0", encoding: "UTF-8", standalone: "yes"),
      prolog: [.processingInstruction(target: "xm", data: "version='1.0'"), .comment(" c ")],
      root: XMLElement(
        "svg", attributes: [XMLAttribute("xmlns:r", "http://r"), XMLAttribute("b", "2")],
        children: [
          .element(XMLElement("g", attributes: [XMLAttribute("r:id", "rId0")])),
          .element(XMLElement("p", children: [.processingInstruction(target: "t", data: "")])),
        ]),
      epilog: [.comment("end")])
    #expect(
      string(document) == """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <?xm version='1.0'?>
        <!-- c -->
        <svg xmlns:r="http://r" b="2"><g r:id="rId0"/><p><?t?></p></svg>
        <!--end-->
        """)
    #expect(string(XMLDocument(root: XMLElement("g"))) == "<g/>")
    #expect(
      string(XMLDocument(declaration: XMLDeclaration(encoding: nil), root: XMLElement("g")))
        == "<?xml version=\"1.0\"?>\n<g/>")
  }

  // MARK: Well-formedness

  @Test(arguments: XMLReader.Backend.allCases)
  func readerOutputIsWellFormed(backend: XMLReader.Backend) throws {
    for (_, xml) in XMLSamples.all {
      #expect(XMLWriter.wellFormednessProblem(in: try parseXML(xml, backend: backend)) == nil)
    }
  }

  @Test(arguments: [
    (XMLDocument(root: XMLElement("1a")), "invalid element name \"1a\""),
    (XMLDocument(root: XMLElement("a b")), "invalid element name \"a b\""),
    (
      XMLDocument(
        root: XMLElement("a", attributes: [XMLAttribute("x", "1"), XMLAttribute("x", "2")])),
      "attribute x given twice on <a>"
    ),
    (
      XMLDocument(root: XMLElement("a", attributes: [XMLAttribute("x=", "1")])),
      "invalid attribute name \"x=\" on <a>"
    ),
    (
      XMLDocument(root: XMLElement("a", attributes: [XMLAttribute("x", "\u{1}")])),
      "attribute x on <a> holds a character XML cannot carry"
    ),
    (
      XMLDocument(root: XMLElement("a", children: [.text("\u{0}")])),
      "text holds a character XML cannot carry"
    ),
    (
      XMLDocument(root: XMLElement("a", children: [.comment("a--b")])),
      "a comment holds \"--\", ends with \"-\" or holds a character XML cannot carry"
    ),
    (
      XMLDocument(root: XMLElement("a", children: [.comment("a-")])),
      "a comment holds \"--\", ends with \"-\" or holds a character XML cannot carry"
    ),
    (
      XMLDocument(
        root: XMLElement("a", children: [.processingInstruction(target: "XML", data: "")])),
      "invalid processing instruction target \"XML\""
    ),
    (
      XMLDocument(
        root: XMLElement("a", children: [.processingInstruction(target: "p", data: "?>")])),
      "processing instruction p holds \"?>\" or a character XML cannot carry"
    ),
    (XMLDocument(prolog: [.text("x")], root: XMLElement("a")), "text outside the root element"),
    (
      XMLDocument(root: XMLElement("a"), epilog: [.element(XMLElement("b"))]),
      "element <b> outside the root element"
    ),
    (
      XMLDocument(declaration: XMLDeclaration(encoding: "UTF-16"), root: XMLElement("a")),
      "the declared encoding \"UTF-16\" is not UTF-8"
    ),
    (
      XMLDocument(declaration: XMLDeclaration(version: "1\"0"), root: XMLElement("a")),
      "invalid XML version \"1\"0\""
    ),
    (
      XMLDocument(declaration: XMLDeclaration(standalone: "maybe"), root: XMLElement("a")),
      "standalone must be \"yes\" or \"no\", not \"maybe\""
    ),
  ])
  func problems(document: XMLDocument, problem: String) {
    #expect(XMLWriter.wellFormednessProblem(in: document) == problem)
  }

  @Test func anUnwritableDocumentIsATypedErrorNotATrap() {
    let error = #expect(throws: WillError.self) {
      try (XMLDocument(root: XMLElement("not a name"))).serialized(part: "/x.xml")
    }
    #expect(error?.part == "/x.xml")
    #expect(
      error?.kind == .unsupported("XML cannot carry this part: invalid element name \"not a name\"")
    )
  }

  /// An app's string that XML cannot carry (a control character in a title) makes saving
  /// throw, naming the part, instead of stopping the app.
  @Test func aPropertyXMLCannotCarryIsATypedErrorWhenSaving() {
    var document = WillDocument(strokes: [], pageWidth: 100, pageHeight: 100)
    document.properties.title = "bell \u{7}"
    let error = #expect(throws: WillError.self) { try document.serialized() }
    #expect(error?.part == "/props/core.xml")
    #expect(error?.category == .unsupported)
  }
}
