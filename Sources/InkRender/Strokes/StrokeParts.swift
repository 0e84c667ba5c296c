import InkCodec

/// One stroke of a page cut into parts of constant opacity, each with its geometry in output
/// coordinates: what every stage after the spline hands on.
///
/// The geometry is the stage's: chains of connected ``CubicSegment``s once a stroke is
/// clipped to the output, a fitted Bézier outline (``Renderer/StrokeShape``, from
/// ``Renderer/shapes(of:frame:scale:options:)``), or flattened polygons
/// (``Renderer/StrokePolygons``, from ``Renderer/polygons(of:frame:options:)``).
public struct StrokeParts<Geometry: Sendable & Hashable>: Sendable, Hashable {
  /// The index of the stroke's layer in the page.
  public var layer: Int
  /// The index of the stroke in its layer.
  public var stroke: Int
  /// The stroke's colour; its alpha is replaced by each part's alpha.
  public var color: InkColor
  /// The stroke's blend mode as stored.
  public var blendMode: BlendMode
  /// The parts of constant opacity, in stroke order.
  public var parts: [Part]

  /// A part of a stroke drawn with one opacity.
  public struct Part: Sendable, Hashable {
    /// The opacity, 0…1.
    public var alpha: Double
    /// The part's geometry.
    public var geometry: Geometry
  }
}

extension StrokeParts.Part where Geometry == OutlinePath {
  /// The outline of this part.
  public var path: OutlinePath {
    get { geometry }
    set { geometry = newValue }
  }
}

extension StrokeParts.Part where Geometry == [[InkPoint]] {
  /// Closed polygons, all wound the same way (non-zero rule).
  public var polygons: [[InkPoint]] {
    get { geometry }
    set { geometry = newValue }
  }
}

/// A stroke's segments in output coordinates, clipped to the output rectangle and cut into
/// parts of constant opacity, each a list of chains of connected segments.
typealias PreparedStroke = StrokeParts<[[CubicSegment]]>
