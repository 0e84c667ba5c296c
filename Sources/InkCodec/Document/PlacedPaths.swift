/// A paths element where its section draws it: the element and the product of its ancestors'
/// transforms and its own (outer on the left), which maps its strokes onto the page.
public struct PlacedPaths: Sendable, Hashable {
  /// The element, with its strokes.
  public var element: PathsElement
  /// The transform from the strokes' coordinates to the page's.
  public var transform: AffineTransform

  /// Creates a placed element.
  public init(element: PathsElement, transform: AffineTransform) {
    self.element = element
    self.transform = transform
  }
}
