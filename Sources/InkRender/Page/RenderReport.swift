import InkCodec

/// What drawing one page used: for callers that draw several pages under one budget, and
/// that tell people about paints drawn solid.
public struct RenderReport: Sendable, Hashable {
  /// The used paints whose textures cannot be decoded (their strokes are drawn solid), each
  /// once.
  public var undecodablePaints: [PaintFailure] = []
  /// The section images the output could not draw (a format it cannot decode, a damaged
  /// file), each with the reason: a caller should say so.
  public var undrawnImages: [ImageFailure] = []
  /// The blend modes a vector output could not draw as vectors, each once, in the order
  /// first met: PDF draws a page with them as an image of its ink. A caller should say so.
  public var approximatedBlendModes: [BlendMode] = []
  /// Whether a vector output (SVG, PDF) drew the page's ink as an image because strokes are
  /// drawn with particles or hairs (a brush other than solid, or a layer's
  /// ``RenderLayer/particleStrokes``): vectors cannot hold them. A caller should say so.
  public var brushesDrawnAsImage = false
  /// The work units the page took (see ``RenderLimits/maxWork``).
  public var work = 0

  /// Creates an empty report.
  public init() {}
}
