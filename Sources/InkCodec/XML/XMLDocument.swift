/// A parsed XML part: its declaration, the comments and processing instructions around the
/// root element, and the root.
///
/// `XMLReader.parse` and `XMLWriter.serialize` are inverses for every document the reader
/// returns: `parse(serialize(document)) == document`.
package struct XMLDocument: Sendable, Hashable {
  /// The `<?xml …?>` declaration, or `nil` when the part has none (the Spark app writes none).
  package var declaration: XMLDeclaration?
  /// Comments and processing instructions before the root, in order. The cloud conversion's
  /// bogus first line `<?xm version='1.0' encoding='utf-8'?>` is kept here, as a processing
  /// instruction with target `xm`.
  package var prolog: [XMLNode]
  /// The root element.
  package var root: XMLElement
  /// Comments and processing instructions after the root, in order.
  package var epilog: [XMLNode]

  /// Creates a document.
  /// - Parameters:
  ///   - declaration: The XML declaration, or `nil` to write none.
  ///   - prolog: Comments and processing instructions before the root.
  ///   - root: The root element.
  ///   - epilog: Comments and processing instructions after the root.
  package init(
    declaration: XMLDeclaration? = nil, prolog: [XMLNode] = [], root: XMLElement,
    epilog: [XMLNode] = []
  ) {
    self.declaration = declaration
    self.prolog = prolog
    self.root = root
    self.epilog = epilog
  }

  /// Visits every element from the root down; see ``XMLElement/walk(inheriting:_:)``.
  /// - Parameter visit: Called with each element, the namespace bindings in scope at it and
  ///   its ancestors, outermost first.
  /// - Throws: Whatever `visit` throws.
  package func walk<E: Error>(
    _ visit: (
      _ element: XMLElement, _ namespaces: XMLNamespaces, _ ancestors: [XMLElement]
    ) throws(E) -> Void
  ) throws(E) {
    try root.walk(inheriting: .initial, visit)
  }
}
