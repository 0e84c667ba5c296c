/// A `<g>` element and its children.
public struct SectionGroup: Sendable, Hashable {
  /// The group's own transform (identity when it has none).
  public var transform: AffineTransform
  /// The children in document order.
  public var children: [SectionNode]
  /// The element's attributes other than `transform`, kept verbatim.
  package var attributes: [XMLAttribute]
  /// The `transform` attribute as read, written back while ``transform`` is unchanged.
  package var transformText: String?
  package var elementName: String

  /// Creates a group.
  public init(transform: AffineTransform = .identity, children: [SectionNode] = []) {
    self.transform = transform
    self.children = children
    self.attributes = []
    self.transformText = nil
    self.elementName = "g"
  }
}
