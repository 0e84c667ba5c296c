import InkCodec

/// A stroke drawn as the Universal Ink Model draws it: its vector brush's shapes
/// (prototypes) placed along the Catmull-Rom spline, each scaled by the point's size and
/// scale, turned by its rotation and moved by its offset, and the convex hull of every two
/// consecutive shapes filled.
///
/// A layer holds one for each stroke it draws this way (``RenderLayer/shapedStrokes``); the
/// layer's WILL stroke of the same index still gives the colour, blend mode and particles,
/// and measures the ink when a page is fitted to it.
public struct ShapedStroke: Sendable, Hashable {
  /// The stroke: its points and channels.
  public var stroke: UIMStroke
  /// The brush whose prototypes are placed.
  public var brush: UIMVectorBrush
  /// The stroke's path point properties: the values of the channels it does not store.
  public var properties: UIMPathPointProperties

  /// Creates a shaped stroke.
  /// - Parameters:
  ///   - stroke: The stroke.
  ///   - brush: Its vector brush.
  ///   - properties: Its path point properties.
  public init(stroke: UIMStroke, brush: UIMVectorBrush, properties: UIMPathPointProperties) {
    self.stroke = stroke
    self.brush = brush
    self.properties = properties
  }
}
