extension XMLElement {
  /// The namespace URI of this element's name: the URI bound to its prefix, or the default
  /// namespace when it has none; `nil` when that is unbound.
  /// - Parameter namespaces: The bindings in scope at this element, its own declarations
  ///   included (as ``walk(inheriting:_:)`` passes them).
  package func namespaceURI(in namespaces: XMLNamespaces) -> String? {
    namespaces.uri(forPrefix: prefix)
  }

  /// The value of the attribute named `localName` in namespace `namespace`, whatever prefix
  /// this document binds to that namespace; `nil` when there is none.
  ///
  /// Unprefixed attributes are in no namespace (the default namespace does not apply to
  /// attributes), so only prefixed attributes can match:
  /// `<g w:id="rId0" xmlns:w="http://schemas.willfileformat.org/2015/relationships"/>` gives
  /// `rId0` for that namespace and the local name `id`.
  /// - Parameters:
  ///   - namespace: The namespace URI.
  ///   - localName: The attribute name without its prefix.
  ///   - namespaces: The bindings in scope at this element, its own declarations included.
  package func attribute(namespace: String, localName: String, in namespaces: XMLNamespaces)
    -> String?
  {
    for attribute in attributes where attribute.localName == localName {
      guard let prefix = attribute.prefix, prefix != "xmlns" else { continue }
      if namespaces.uri(forPrefix: prefix) == namespace { return attribute.value }
    }
    return nil
  }

  /// Visits this element and every descendant element in document order (depth first, a
  /// parent before its children).
  ///
  /// - Parameters:
  ///   - namespaces: The bindings in scope outside this element; ``XMLNamespaces/initial``
  ///     for a document's root.
  ///   - visit: Called once per element with the element, the bindings in scope at it (its
  ///     own declarations included) and its ancestors, outermost first (empty for `self`).
  /// - Throws: Whatever `visit` throws; the walk stops there.
  package func walk<E: Error>(
    inheriting namespaces: XMLNamespaces = .initial,
    _ visit: (
      _ element: XMLElement, _ namespaces: XMLNamespaces, _ ancestors: [XMLElement]
    ) throws(E) -> Void
  ) throws(E) {
    var ancestors: [XMLElement] = []
    try walk(inheriting: namespaces, ancestors: &ancestors, visit)
  }

  private func walk<E: Error>(
    inheriting outer: XMLNamespaces,
    ancestors: inout [XMLElement],
    _ visit: (XMLElement, XMLNamespaces, [XMLElement]) throws(E) -> Void
  ) throws(E) {
    let namespaces = outer.declaring(self)
    try visit(self, namespaces, ancestors)
    ancestors.append(self)
    defer { ancestors.removeLast() }
    for case .element(let child) in children {
      try child.walk(inheriting: namespaces, ancestors: &ancestors, visit)
    }
  }
}
