/// An XML element: a value-type tree node with its name and attributes exactly as written.
///
/// Names keep their prefixes (`svg`, `dc:title`, `r:id`); use ``walk(inheriting:_:)`` and
/// ``attribute(namespace:localName:in:)`` to match names by namespace whatever prefix a
/// producer chose. Whitespace text between child elements is kept so that a document can be
/// written back with its layout; ``childElements`` and ``removingWhitespaceText()`` ignore it.
package struct XMLElement: Sendable, Hashable {
  /// The qualified name as written, such as `svg` or `dc:title`.
  package var name: String
  /// The attributes, namespace declarations included. ``XMLReader`` sorts them by name
  /// because the parser does not report their order; ``XMLWriter`` keeps the stored order.
  package var attributes: [XMLAttribute]
  /// The child nodes in document order.
  package var children: [XMLNode]

  /// Creates an element.
  /// - Parameters:
  ///   - name: The qualified name, such as `g` or `dc:title`.
  ///   - attributes: The attributes in the order to write them.
  ///   - children: The child nodes.
  package init(_ name: String, attributes: [XMLAttribute] = [], children: [XMLNode] = []) {
    self.name = name
    self.attributes = attributes
    self.children = children
  }

  /// The part of ``name`` before the first colon (`dc` in `dc:title`), or `nil`.
  package var prefix: String? { XMLQualifiedName.prefix(of: name) }

  /// The part of ``name`` after the first colon (`title` in `dc:title`), or the whole name.
  package var localName: String { XMLQualifiedName.localName(of: name) }

  /// The value of the attribute whose qualified name is exactly `name`, or `nil`.
  /// - Parameter name: The name as written, such as `width` or `r:id`.
  package func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// The child elements in document order, without text, comments or processing instructions.
  package var childElements: [XMLElement] {
    children.compactMap(\.element)
  }

  /// The child elements whose local name (the name without its prefix) is `localName`.
  /// - Parameter localName: The name to match, such as `g` or `title`.
  package func elements(named localName: String) -> [XMLElement] {
    childElements.filter { $0.localName == localName }
  }

  /// The text of this element and all its descendants, concatenated in document order.
  /// Comments and processing instructions contribute nothing.
  package var textContent: String {
    var text = ""
    appendText(to: &text)
    return text
  }

  /// Returns this element with every whitespace-only text node removed, at every depth.
  /// Text with any other character is kept whole.
  package func removingWhitespaceText() -> XMLElement {
    var copy = self
    copy.children = children.compactMap { node in
      switch node {
      case .element(let element): .element(element.removingWhitespaceText())
      case .text, .comment, .processingInstruction: node.isWhitespace ? nil : node
      }
    }
    return copy
  }

  private func appendText(to text: inout String) {
    for child in children {
      switch child {
      case .text(let string): text += string
      case .element(let element): element.appendText(to: &text)
      case .comment, .processingInstruction: break
      }
    }
  }
}
