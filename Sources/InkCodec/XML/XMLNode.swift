/// One node of an XML tree: an element, text, a comment or a processing instruction.
///
/// Text is stored unescaped and CDATA sections are read as text, so `<![CDATA[a<b]]>` and
/// `a&lt;b` give the same node. The XML declaration is not a node: see ``XMLDeclaration``.
package enum XMLNode: Sendable, Hashable {
  /// An element with its attributes and children.
  case element(XMLElement)
  /// Character data, unescaped. Adjacent text and CDATA sections are read as one node.
  case text(String)
  /// The content of a comment, between `<!--` and `-->`.
  case comment(String)
  /// A processing instruction `<?target data?>`. `data` is empty when there is none.
  case processingInstruction(target: String, data: String)

  /// Whether this node is text made only of XML whitespace (space, tab, CR, LF): the
  /// indentation between elements, which carries no meaning in WILL parts.
  package var isWhitespace: Bool {
    guard case .text(let text) = self else { return false }
    return text.utf8.allSatisfy(XMLNode.isWhitespaceByte)
  }

  /// The element, when this node is one.
  package var element: XMLElement? {
    guard case .element(let element) = self else { return nil }
    return element
  }

  /// The number of elements strictly inside this node. Iterative, so a deep tree cannot
  /// exhaust the stack.
  package var descendantElementCount: Int {
    var count = 0
    var pending = element.map { [$0] } ?? []
    while let next = pending.popLast() {
      for case .element(let child) in next.children {
        count += 1
        pending.append(child)
      }
    }
    return count
  }

  /// Whether `byte` is one of the four XML whitespace characters.
  static func isWhitespaceByte(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
