import InkCodec

/// A group of strokes drawn with one transform: a section's paths part with the product of
/// its ancestor `<g transform>` matrices.
public struct RenderLayer: Sendable, Hashable {
  /// The strokes, in drawing order.
  public var strokes: [Stroke]
  /// Maps stroke coordinates to page coordinates.
  public var transform: AffineTransform

  /// Creates a layer.
  /// - Parameters:
  ///   - strokes: The strokes, in drawing order.
  ///   - transform: Maps stroke coordinates to page coordinates.
  public init(strokes: [Stroke], transform: AffineTransform = .identity) {
    self.strokes = strokes
    self.transform = transform
  }
}
