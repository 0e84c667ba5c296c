/// One node of a section's SVG tree, in document order.
public indirect enum SectionNode: Sendable, Hashable {
  /// A `<g>` group, usually with a `transform`.
  case group(SectionGroup)
  /// A `<g r:id>` that includes a paths part: the strokes.
  case paths(PathsElement)
  /// A `<g r:id>` (or `<image r:id>`) that includes an image part.
  case image(ImageElement)
  /// Anything else (`<rect>`, `<view>`, text, comments), kept verbatim.
  case unmodelled(UnmodelledNode)
}

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

/// An image part included in a section, kept as bytes.
public struct ImageElement: Sendable, Hashable {
  /// The image's bytes.
  public var data: [UInt8]
  /// Its content type (`image/png`, `image/jpeg`).
  public var contentType: String
  /// The part it was read from.
  public var partName: String?
  package var relationshipID: String?
  package var attributes: [XMLAttribute]
  package var elementName: String

  /// Creates an image element.
  public init(data: [UInt8], contentType: String) {
    self.data = data
    self.contentType = contentType
    self.partName = nil
    self.relationshipID = nil
    self.attributes = []
    self.elementName = "g"
  }
}

/// An SVG node the model does not interpret, kept verbatim and written back unchanged.
public struct UnmodelledNode: Sendable, Hashable {
  package var node: XMLNode

  package init(_ node: XMLNode) { self.node = node }

  /// The element's qualified name, or `nil` for text, comments and processing instructions.
  public var elementName: String? { node.element?.name }

  /// The value of an attribute of the element, by qualified name.
  public func attribute(_ name: String) -> String? { node.element?.attribute(name) }
}
