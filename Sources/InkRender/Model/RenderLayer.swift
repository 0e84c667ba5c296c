import InkCodec

/// A group of strokes drawn with one transform: a section's paths part with the product of
/// its ancestor `<g transform>` matrices.
public struct RenderLayer: Sendable, Hashable {
  /// The strokes, in drawing order.
  public var strokes: [Stroke]
  /// Maps stroke coordinates to page coordinates.
  public var transform: AffineTransform
  /// The strokes drawn with their vector brush's shapes (``ShapedStroke``), by index in
  /// ``strokes``; the others are drawn as WILL draws them, discs swept along the spline.
  public var shapedStrokes: [Int: ShapedStroke] = [:]
  /// The strokes drawn with their particle paint (the stroke's `paintIndex`) whatever
  /// ``RenderOptions/brush`` says, by index in ``strokes``: UIM strokes of a raster brush.
  /// PNG, JPEG and a canvas draw them so; SVG and PDF draw a page that has any as an image
  /// of its ink made by the PNG painter (``RenderReport/brushesDrawnAsImage``); outline JSON
  /// draws them solid.
  public var particleStrokes: Set<Int> = []
  /// The seeds of strokes' particles, by index in ``strokes``, in place of the ones their
  /// place gives them: a replay draws a page's strokes a layer each, with their page's seeds.
  var particleSeeds: [Int: UInt64] = [:]

  /// Creates a layer.
  /// - Parameters:
  ///   - strokes: The strokes, in drawing order.
  ///   - transform: Maps stroke coordinates to page coordinates.
  public init(strokes: [Stroke], transform: AffineTransform = .identity) {
    self.strokes = strokes
    self.transform = transform
  }
}
