import InkCodec

/// What a page needs to be drawn: its size, background and layers of strokes.
///
/// A page without a size (RIFF and raw documents have none), or one with ``fit`` set to
/// ``PageFit/ink``, is fitted to the bounding box of its ink plus ``margin``. Ink outside a
/// declared page is cropped; ``inkOutsidePage()`` says which strokes that cuts.
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
  /// Which rectangle a page with a declared size is drawn on: the page (the default) or
  /// the ink's bounds plus ``margin``.
  public var fit: PageFit = .page
  /// The document's particle paints, which strokes select by `Stroke.paintIndex` when the
  /// page is drawn with ``Brush/particle``.
  public var paints: [ParticlesPaint] = []
  /// The images drawn on the page under the ink, in order (erasers never remove them).
  public var images: [RenderImage] = []
  /// Every stroke's width multiplied by this, in every output: a rendering choice (a darker
  /// or lighter pen), not a change to the document. Strokes that store no width are scaled
  /// too. Fitting the page to the ink measures the scaled widths. Rendering throws
  /// `WillErrorKind.unsupported(_:)` when it is not positive and finite. The work of drawing
  /// grows with the area the wider strokes cover, and is charged as it is done.
  public var widthScale = 1.0

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
