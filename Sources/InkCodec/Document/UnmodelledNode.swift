/// An SVG node the model does not interpret, kept verbatim and written back unchanged.
public struct UnmodelledNode: Sendable, Hashable {
  package var node: XMLNode

  package init(_ node: XMLNode) { self.node = node }

  /// The element's qualified name, or `nil` for text, comments and processing instructions.
  public var elementName: String? { node.element?.name }

  /// The value of an attribute of the element, by qualified name.
  public func attribute(_ name: String) -> String? { node.element?.attribute(name) }
}
