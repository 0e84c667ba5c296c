/// What drawing one page used: for callers that draw several pages under one budget, and
/// that tell people about paints drawn solid.
public struct RenderReport: Sendable, Hashable {
  /// The used paints whose textures cannot be decoded (their strokes are drawn solid), each
  /// once.
  public var undecodablePaints: [PaintFailure] = []
  /// The work units the page took (see ``RenderLimits/maxWork``).
  public var work = 0

  /// Creates an empty report.
  public init() {}
}
