/// Bounds on the work and memory of drawing one page, so that no input can make rendering run
/// for minutes or allocate more than the caller allows.
///
/// Work is counted in units that cost about the same time each (one unit ≈ one pixel of
/// coverage composited); see ``maxWork`` for what each step of drawing is charged. A page that
/// would exceed a limit stops early with
/// `WillError(.renderLimitExceeded(.work | .canvasPixels, value:limit:))`; nothing is drawn
/// past the limit, and no buffer a limit guards is allocated before it is checked.
///
/// The defaults draw any page in a few seconds: see `docs/render-budget.md` for the
/// measurements that chose them.
public struct RenderLimits: Sendable, Hashable {
  /// The most work units drawing one page may take (default 2^28, about 2.7 × 10^8).
  ///
  /// Units are charged as the work is done, or before it when it can be counted in advance:
  /// - each line piece a stroke's centre line is flattened into (outlines, particle and hair
  ///   walks): ``stepCost`` units;
  /// - each outline vertex or fitted outline curve (an edge for the rasteriser, a polygon
  ///   point for outline JSON, a Bézier for SVG): ``stepCost`` units;
  /// - each row an outline edge crosses on the canvas: 1 unit;
  /// - each pixel of coverage composited onto the canvas or into a stroke's mask: 1 unit;
  /// - each particle placed, each hair drawn: ``stampCost`` units, plus the pixels it covers.
  ///
  /// Geometry outside the canvas (with the stroke's width as margin) is skipped before it is
  /// flattened and costs nothing. Memory follows work: the outline of one stroke holds at most
  /// `maxWork ÷ stepCost` vertices.
  public var maxWork: Int
  /// The most pixels (width × height) of one canvas, checked before it is allocated
  /// (default 2^26: 256 MB of RGBA, plus as much again for a brush's stroke mask).
  public var maxCanvasPixels: Int

  /// The units charged per flattened step or outline vertex: a vertex costs about as much
  /// time (and memory for the rasteriser) as this many pixels of coverage.
  public static let stepCost = 16
  /// The units charged per particle or hair, besides the pixels it covers.
  public static let stampCost = 16

  /// Creates limits.
  /// - Parameters:
  ///   - maxWork: The most work units for one page.
  ///   - maxCanvasPixels: The most pixels of one canvas.
  public init(maxWork: Int = 1 << 28, maxCanvasPixels: Int = 1 << 26) {
    self.maxWork = maxWork
    self.maxCanvasPixels = maxCanvasPixels
  }

  /// The defaults: 2^28 work units, 2^26 canvas pixels.
  public static let `default` = RenderLimits()

  /// No practical limit: for trusted input. A page can still fail with
  /// `WillError(.allocationFailed(bytes:))` when memory runs out.
  public static let unlimited = RenderLimits(maxWork: .max, maxCanvasPixels: .max)
}
