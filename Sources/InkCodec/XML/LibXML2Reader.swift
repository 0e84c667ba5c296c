#if LibXML2 && canImport(FoundationXML)
  import Foundation
  import FoundationXML

  /// The libxml2 backend of ``XMLReader``: parses XML parts into ``XMLDocument`` trees through
  /// FoundationXML's `XMLParser`, in the default build profile on Linux. The only user of
  /// FoundationXML in InkCodec.
  ///
  /// The reader accepts what real producers write (UTF-8 byte order marks, the cloud
  /// conversion's `<?xm version='1.0' …?>` first line, one-line XML, tabs) and is strict about
  /// everything else, because `XMLParser` on its own is not: it reports success for a mismatched
  /// end tag, an unclosed element or a second root. Here the first error libxml2 reports
  /// stops and fails the parse, except warnings and the namespace errors that lose nothing (an
  /// undeclared prefix, a malformed qualified name): names are kept as written and matched by
  /// namespace only on request.
  ///
  /// Attribute order: `XMLParser` hands attributes over in a dictionary, so their order in the
  /// source is lost; the reader sorts them by name, which makes the result deterministic.
  ///
  /// Entities: FoundationXML runs libxml2 with entity substitution on, so `XMLPreflight`
  /// rejects every DTD before parsing. No entity beyond the five predefined ones and character
  /// references is ever expanded, and no external entity is ever loaded.
  enum LibXML2Reader {
    /// Parses one XML part.
    /// - Parameters:
    ///   - bytes: The part's bytes, in UTF-8, with or without a byte order mark.
    ///   - part: The part name, such as `/props/core.xml`, used in errors.
    ///   - limits: ``DecodingLimits/maxXMLDepth``, ``DecodingLimits/maxXMLAttributes``,
    ///     ``DecodingLimits/maxXMLPartBytes`` and ``DecodingLimits/maxXMLNameBytes`` apply.
    /// - Returns: The document, with whitespace text between elements kept.
    /// - Throws: ``WillErrorKind/malformedXML(line:message:)`` when the part is not well-formed
    ///   XML or has a DOCTYPE; ``WillErrorKind/limitExceeded(_:value:limit:)`` (`.xmlDepth`,
    ///   `.xmlAttributes`, `.xmlPartBytes`, `.xmlNameBytes`) as soon as a limit is passed; ``WillErrorKind/unsupported(_:)`` for
    ///   an encoding other than UTF-8.
    static func parse(_ bytes: [UInt8], part: String?, limits: DecodingLimits)
      throws(WillError) -> XMLDocument
    {
      let preflight = try XMLPreflight(bytes, part: part, limits: limits)
      let builder = TreeBuilder(part: part, limits: limits)
      let parser = XMLParser(data: Data(preflight.body))
      parser.shouldProcessNamespaces = false
      parser.shouldReportNamespacePrefixes = false
      parser.shouldResolveExternalEntities = false
      parser.externalEntityResolvingPolicy = .never
      parser.delegate = builder
      let succeeded = parser.parse()
      let (prolog, root, epilog) = try builder.finish(succeeded: succeeded, parser: parser)
      return XMLDocument(
        declaration: preflight.declaration, prolog: prolog, root: root, epilog: epilog)
    }
  }

  /// Builds the tree from `XMLParser` events, checks what the parser lets through, and stops
  /// the parse at the first error.
  private final class TreeBuilder: NSObject, XMLParserDelegate {
    /// An element whose end tag has not been seen yet.
    private struct OpenElement {
      var element: XMLElement
      let line: Int
    }

    /// libxml2 error codes that do not fail the parse: warnings (97 unknown version, 98
    /// `xml:lang`, 99 and 100 namespace URIs, 102 `xml:space`, 106 a colon in a name) and the
    /// namespace errors that lose nothing (201 undeclared prefix, 202 malformed qualified
    /// name, 203 an attribute repeated through two prefixes). Names are kept as written.
    private static let toleratedCodes: Set<Int> = [97, 98, 99, 100, 102, 106, 201, 202, 203]

    private let part: String?
    private let limits: DecodingLimits
    private var open: [OpenElement] = []
    private var prolog: [XMLNode] = []
    private var epilog: [XMLNode] = []
    private var root: XMLElement?
    private var pendingText = ""
    private var failure: WillError?

    init(part: String?, limits: DecodingLimits) {
      self.part = part
      self.limits = limits
    }

    /// The parts of the document, or the first error.
    func finish(succeeded: Bool, parser: XMLParser) throws(WillError) -> (
      prolog: [XMLNode], root: XMLElement, epilog: [XMLNode]
    ) {
      if let failure { throw failure }
      if !succeeded {
        let code = (parser.parserError as NSError?)?.code
        throw malformed(parser, code.map(Self.describe) ?? "the parser stopped")
      }
      if let last = open.last {
        throw malformed(
          parser, "element <\(last.element.name)> opened at line \(last.line) is not closed")
      }
      guard let root else { throw malformed(parser, "no root element") }
      return (prolog, root, epilog)
    }

    // MARK: Elements

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes attributeDict: [String: String]
    ) {
      guard failure == nil else { return }
      flushText()
      if open.isEmpty, let root {
        return fail(
          parser, malformed(parser, "second root element <\(elementName)> after <\(root.name)>"))
      }
      let maxDepth = min(limits.maxXMLDepth, XMLPreflight.parserDepthCap)
      if open.count + 1 > maxDepth {
        return fail(
          parser,
          WillError(.limitExceeded(.xmlDepth, value: open.count + 1, limit: maxDepth), part: part))
      }
      do {
        try limits.check(.xmlAttributes, attributeDict.count, part: part)
      } catch {
        return fail(parser, error)
      }
      let attributes = attributeDict.map { XMLAttribute($0.key, $0.value) }
        .sorted { $0.name < $1.name }
      open.append(
        OpenElement(element: XMLElement(elementName, attributes: attributes), line: line(parser)))
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      guard failure == nil else { return }
      flushText()
      guard let last = open.popLast() else {
        return fail(parser, malformed(parser, "end tag </\(elementName)> without a start tag"))
      }
      guard last.element.name == elementName else {
        return fail(parser, mismatch(parser, last))
      }
      if open.isEmpty {
        root = last.element
      } else {
        open[open.count - 1].element.children.append(.element(last.element))
      }
    }

    // MARK: Other content

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      addText(string, parser)
    }

    func parser(_ parser: XMLParser, foundIgnorableWhitespace whitespaceString: String) {
      addText(whitespaceString, parser)
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
      addText(String(decoding: block, as: UTF8.self), parser)
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
      add(.comment(comment))
    }

    func parser(
      _ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?
    ) {
      add(.processingInstruction(target: target, data: data ?? ""))
    }

    // MARK: Entities and errors

    // No entity declaration callbacks: XMLPreflight rejects every DTD before parsing, so only
    // the predefined entities exist and an undefined reference ends up here.
    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?)
      -> Data?
    {
      if failure == nil { fail(parser, malformed(parser, "undefined entity &\(name);")) }
      return nil
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
      let code = (parseError as NSError).code
      guard failure == nil, !Self.toleratedCodes.contains(code) else { return }
      switch code {
      case 110:
        // A name over libxml2's cap that the preflight did not see (an entity reference's).
        let cap = XMLPreflight.parserNameCap
        fail(
          parser,
          WillError(.limitExceeded(.xmlNameBytes, value: cap + 1, limit: cap), part: part))
      case 4, 5, 77:
        // Premature end, content after the root, or an unfinished tag: say which.
        if let last = open.last {
          fail(
            parser,
            malformed(
              parser, "element <\(last.element.name)> opened at line \(last.line) is not closed"))
        } else if let root {
          fail(parser, malformed(parser, "content after the root element <\(root.name)>"))
        } else {
          fail(parser, malformed(parser, code == 77 ? Self.describe(code) : "no root element"))
        }
      case 76:
        if let last = open.last {
          fail(parser, mismatch(parser, last))
        } else {
          fail(parser, malformed(parser, Self.describe(code)))
        }
      default:
        fail(parser, malformed(parser, Self.describe(code)))
      }
    }

    // MARK: Helpers

    private func addText(_ text: String, _ parser: XMLParser) {
      guard failure == nil else { return }
      if open.isEmpty {
        if !text.utf8.allSatisfy(XMLNode.isWhitespaceByte) {
          fail(parser, malformed(parser, "text outside the root element"))
        }
        return
      }
      pendingText += text
    }

    private func add(_ node: XMLNode) {
      guard failure == nil else { return }
      flushText()
      if let index = open.indices.last {
        open[index].element.children.append(node)
      } else if root == nil {
        prolog.append(node)
      } else {
        epilog.append(node)
      }
    }

    private func flushText() {
      guard !pendingText.isEmpty, let index = open.indices.last else { return }
      open[index].element.children.append(.text(pendingText))
      pendingText = ""
    }

    private func fail(_ parser: XMLParser, _ error: WillError) {
      if failure == nil { failure = error }
      parser.abortParsing()
    }

    private func line(_ parser: XMLParser) -> Int {
      max(1, parser.lineNumber)
    }

    private func malformed(_ parser: XMLParser, _ message: String) -> WillError {
      WillError(.malformedXML(line: line(parser), message: message), part: part)
    }

    private func mismatch(_ parser: XMLParser, _ element: OpenElement) -> WillError {
      malformed(
        parser, "end tag does not match <\(element.element.name)> opened at line \(element.line)")
    }

    /// A description of a libxml2 error code (`xmlParserErrors`).
    private static func describe(_ code: Int) -> String {
      "\(XMLSyntaxError(libxml2Code: code).message) (libxml2 error \(code))"
    }
  }
#endif
