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
  /// The document's particle paints, which strokes select by ``Stroke/paintIndex`` when the
  /// page is drawn with ``Brush/particle``.
  public var paints: [ParticlesPaint] = []

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

/// How a page is turned into pixels or outlines.
public struct RenderOptions: Sendable, Hashable {
  /// Output pixels per page unit (2 for a retina image).
  public var scale: Double
  /// The geometric tolerance in output pixels: the largest distance between the drawn
  /// outline and the exact union of discs.
  public var tolerance: Double
  /// The width of strokes that store none, in stroke units.
  public var defaultWidth: Double
  /// The bounds on drawing work and canvas size. A page whose canvas (declared, or fitted to
  /// ink that a hostile file can put anywhere) would exceed
  /// ``RenderLimits/maxCanvasPixels`` at ``scale`` is an error, not drawn smaller.
  public var limits: RenderLimits
  /// How strokes are drawn in PNG output and on a canvas (SVG and outlines are always solid).
  public var brush: Brush = .solid
  /// The hair brush's settings, for ``Brush/hair``.
  public var hairBrush = HairBrush()

  /// Creates options.
  /// - Parameters:
  ///   - scale: Output pixels per page unit.
  ///   - tolerance: The geometric tolerance in output pixels.
  ///   - defaultWidth: The width of strokes that store none.
  ///   - limits: The bounds on work and canvas size.
  ///
  /// Rendering throws ``WillErrorKind/unsupported(_:)`` when `scale` or `tolerance` is not
  /// positive and finite.
  public init(
    scale: Double = 1, tolerance: Double = 0.1, defaultWidth: Double = 1,
    limits: RenderLimits = .default
  ) {
    self.scale = scale
    self.tolerance = tolerance
    self.defaultWidth = defaultWidth
    self.limits = limits
  }
}
