import InkCodec

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
  /// How SVG output draws strokes: filled outlines (the default) or stroked centre lines.
  public var svgStyle: SVGStyle = .outline
  /// The quality of JPEG output (``Renderer/renderJPEG(_:options:report:images:)``), 1…100
  /// as libjpeg takes it (values outside are clamped); 90 unless set.
  public var jpegQuality = 90

  /// Creates options.
  /// - Parameters:
  ///   - scale: Output pixels per page unit.
  ///   - tolerance: The geometric tolerance in output pixels.
  ///   - defaultWidth: The width of strokes that store none.
  ///   - limits: The bounds on work and canvas size.
  ///
  /// Rendering throws `WillErrorKind.unsupported(_:)` when `scale` or `tolerance` is not
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
