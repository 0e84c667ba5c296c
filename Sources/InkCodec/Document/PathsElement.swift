/// A paths part included in a section: its strokes, decoded.
public struct PathsElement: Sendable, Hashable {
  /// The strokes, in stream order.
  public var strokes: [Stroke]
  /// The including element's own transform (identity when it has none); ancestor groups'
  /// transforms compose with it, see ``Section/pathsElements``.
  public var transform: AffineTransform
  /// The part the strokes were read from (`/sections/media/paths.protobuf`), or `nil` for a
  /// new element or a RIFF/raw document.
  public var partName: String?
  /// The relationship id the element was included by, reused when saving.
  package var relationshipID: String?
  package var attributes: [XMLAttribute]
  package var transformText: String?
  package var elementName: String

  /// Creates a paths element.
  public init(strokes: [Stroke], transform: AffineTransform = .identity) {
    self.strokes = strokes
    self.transform = transform
    self.partName = nil
    self.relationshipID = nil
    self.attributes = []
    self.transformText = nil
    self.elementName = "g"
  }

  /// The number of control points of every stroke.
  public var pointCount: Int { strokes.reduce(0) { $0 + $1.pointCount } }
}
