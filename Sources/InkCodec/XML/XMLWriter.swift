/// Writes ``XMLDocument`` trees as deterministic UTF-8 bytes.
///
/// The output is the declaration (if any) and each prolog node on a line of its own, then the
/// root, then each epilog node on a new line, with no final newline. Attributes are written
/// in their stored order, with double quotes; empty elements are written as `<g/>`.
/// Escaping covers `&`, `<` and `>` in text, and also `"`, tab, line feed and carriage
/// return in attribute values, so that `XMLDocument(parsing: document.serialized()) == document`
/// for every document the reader returns.
package enum XMLWriter {
  /// Serialises `document` as UTF-8.
  /// - Parameters:
  ///   - document: The document to write.
  ///   - part: The part it becomes, for the error.
  /// - Returns: The bytes of the XML part.
  /// - Throws: ``WillErrorKind/unsupported(_:)`` when the document cannot be written as
  ///   well-formed XML (``wellFormednessProblem(in:)``): a control character in an app's
  ///   string, a name that is not an XML name. Every document ``XMLReader`` returns can be
  ///   written.
  package static func serialize(_ document: XMLDocument, part: String? = nil) throws(WillError)
    -> [UInt8]
  {
    if let problem = wellFormednessProblem(in: document) {
      throw WillError(.unsupported("XML cannot carry this part: \(problem)"), part: part)
    }
    var output: [UInt8] = []
    if let declaration = document.declaration {
      output.append(contentsOf: "<?xml version=\"\(declaration.version)\"".utf8)
      if let encoding = declaration.encoding {
        output.append(contentsOf: " encoding=\"\(encoding)\"".utf8)
      }
      if let standalone = declaration.standalone {
        output.append(contentsOf: " standalone=\"\(standalone)\"".utf8)
      }
      output.append(contentsOf: "?>\n".utf8)
    }
    for node in document.prolog {
      write(node, to: &output)
      output.append(0x0A)
    }
    write(document.root, to: &output)
    for node in document.epilog {
      output.append(0x0A)
      write(node, to: &output)
    }
    return output
  }

  /// Why `document` cannot be written as well-formed XML, or `nil` when it can.
  ///
  /// Use it to reject a document built from untrusted values before calling
  /// ``serialize(_:)``. It finds names that are not XML names, repeated attributes,
  /// characters XML 1.0 cannot carry (such as U+0000–U+0008), `--` in a comment, `?>` in a
  /// processing instruction, a processing instruction named `xml`, text or elements outside
  /// the root, and a declaration whose encoding is not UTF-8.
  /// - Parameter document: The document to check.
  /// - Returns: A sentence naming the first problem, or `nil`.
  package static func wellFormednessProblem(in document: XMLDocument) -> String? {
    if let declaration = document.declaration {
      if declaration.version.isEmpty
        || !declaration.version.unicodeScalars.allSatisfy({ XMLCharacterClass.isName($0.value) })
      {
        return "invalid XML version \"\(declaration.version)\""
      }
      if let encoding = declaration.encoding, !["utf-8", "utf8"].contains(encoding.lowercased()) {
        return "the declared encoding \"\(encoding)\" is not UTF-8"
      }
      if let standalone = declaration.standalone, standalone != "yes", standalone != "no" {
        return "standalone must be \"yes\" or \"no\", not \"\(standalone)\""
      }
    }
    for node in document.prolog + document.epilog {
      switch node {
      case .comment, .processingInstruction:
        if let problem = problem(in: node) { return problem }
      case .element(let element):
        return "element <\(element.name)> outside the root element"
      case .text:
        return "text outside the root element"
      }
    }
    return problem(in: .element(document.root))
  }

  // MARK: Checking

  private static func problem(in node: XMLNode) -> String? {
    switch node {
    case .element(let element):
      guard isName(element.name) else { return "invalid element name \"\(element.name)\"" }
      var seen = Set<String>()
      for attribute in element.attributes {
        guard isName(attribute.name) else {
          return "invalid attribute name \"\(attribute.name)\" on <\(element.name)>"
        }
        guard seen.insert(attribute.name).inserted else {
          return "attribute \(attribute.name) given twice on <\(element.name)>"
        }
        guard isCharacterData(attribute.value) else {
          return
            "attribute \(attribute.name) on <\(element.name)> holds a character XML cannot carry"
        }
      }
      for child in element.children {
        if let problem = problem(in: child) { return problem }
      }
      return nil
    case .text(let text):
      return isCharacterData(text) ? nil : "text holds a character XML cannot carry"
    case .comment(let comment):
      guard isCharacterData(comment), !comment.contains("--"), comment.last != "-" else {
        return "a comment holds \"--\", ends with \"-\" or holds a character XML cannot carry"
      }
      return nil
    case .processingInstruction(let target, let data):
      guard isName(target), target.lowercased() != "xml" else {
        return "invalid processing instruction target \"\(target)\""
      }
      guard isCharacterData(data), !data.contains("?>") else {
        return "processing instruction \(target) holds \"?>\" or a character XML cannot carry"
      }
      return nil
    }
  }

  /// Whether every character of `text` is an XML 1.0 `Char`.
  private static func isCharacterData(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { XMLCharacterClass.isCharacter($0.value) }
  }

  /// Whether `name` matches the XML 1.0 (fifth edition) `Name` production.
  private static func isName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, XMLCharacterClass.isNameStart(first.value)
    else {
      return false
    }
    return name.unicodeScalars.allSatisfy { XMLCharacterClass.isName($0.value) }
  }

  // MARK: Writing

  private static func write(_ node: XMLNode, to output: inout [UInt8]) {
    switch node {
    case .element(let element):
      write(element, to: &output)
    case .text(let text):
      appendEscaped(text, inAttribute: false, to: &output)
    case .comment(let comment):
      output.append(contentsOf: "<!--\(comment)-->".utf8)
    case .processingInstruction(let target, let data):
      output.append(contentsOf: (data.isEmpty ? "<?\(target)?>" : "<?\(target) \(data)?>").utf8)
    }
  }

  private static func write(_ element: XMLElement, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "<"))
    output.append(contentsOf: element.name.utf8)
    for attribute in element.attributes {
      output.append(0x20)
      output.append(contentsOf: attribute.name.utf8)
      output += [UInt8(ascii: "="), UInt8(ascii: "\"")]
      appendEscaped(attribute.value, inAttribute: true, to: &output)
      output.append(UInt8(ascii: "\""))
    }
    if element.children.isEmpty {
      output += [UInt8(ascii: "/"), UInt8(ascii: ">")]
      return
    }
    output.append(UInt8(ascii: ">"))
    for child in element.children {
      write(child, to: &output)
    }
    output += [UInt8(ascii: "<"), UInt8(ascii: "/")]
    output.append(contentsOf: element.name.utf8)
    output.append(UInt8(ascii: ">"))
  }

  /// Appends `text` with markup characters replaced by references. Bytes of multi-byte UTF-8
  /// sequences are never ASCII, so escaping byte by byte is safe.
  private static func appendEscaped(_ text: String, inAttribute: Bool, to output: inout [UInt8]) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
      case 0x0D: output.append(contentsOf: "&#13;".utf8)
      case UInt8(ascii: "\"") where inAttribute: output.append(contentsOf: "&quot;".utf8)
      case 0x09 where inAttribute: output.append(contentsOf: "&#9;".utf8)
      case 0x0A where inAttribute: output.append(contentsOf: "&#10;".utf8)
      default: output.append(byte)
      }
    }
  }
}
