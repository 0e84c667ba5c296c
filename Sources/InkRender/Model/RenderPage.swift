import InkCodec

/// What a page needs to be drawn: its size, background and layers of strokes.
///
/// A page without a size (RIFF and raw documents have none) is fitted to the bounding box of
/// its ink plus ``margin``. Ink outside the page is still drawn wherever the canvas reaches.
public struct RenderPage: Sendable, Hashable {
  /// The page width in page units, or `nil` to fit the ink.
  public var width: Double?
  /// The page height in page units, or `nil` to fit the ink.
  public var height: Double?
  /// The page colour, or `nil` for a transparent page.
  public var background: InkColor?
  /// The layers, drawn in order.
  public var layers: [RenderLayer]
  /// The space around the ink, in page units, when the page is fitted to the ink.
  public var margin: Double
  /// The document's particle paints, which strokes select by `Stroke.paintIndex` when the
  /// page is drawn with ``Brush/particle``.
  public var paints: [ParticlesPaint] = []
  /// The images drawn on the page under the ink, in order (erasers never remove them).
  public var images: [RenderImage] = []

  /// Creates a page.
  /// - Parameters:
  ///   - width: The width in page units, or `nil` to fit the ink.
  ///   - height: The height in page units, or `nil` to fit the ink.
  ///   - background: The page colour, or `nil` for transparent.
  ///   - layers: The layers, drawn in order.
  ///   - margin: The space around fitted ink, in page units.
  public init(
    width: Double? = nil, height: Double? = nil, background: InkColor? = nil,
    layers: [RenderLayer], margin: Double = 8
  ) {
    self.width = width
    self.height = height
    self.background = background
    self.layers = layers
    self.margin = margin
  }

  /// Creates a page of one layer of untransformed strokes, fitted to the ink.
  /// - Parameters:
  ///   - strokes: The strokes, in drawing order.
  ///   - background: The page colour, or `nil` for transparent.
  public init(strokes: [Stroke], background: InkColor? = nil) {
    self.init(background: background, layers: [RenderLayer(strokes: strokes)])
  }
}
