/// Bounds on the work and memory of drawing one page, so that no input can make rendering run
/// for minutes or allocate more than the caller allows.
///
/// Work is counted in units that cost about the same time each (one unit ≈ one pixel of
/// coverage composited); <doc:RenderBudget> lists what each step of drawing is charged. A
/// page that would exceed a limit stops early with
/// `WillError(.renderLimitExceeded(.work | .canvasPixels, value:limit:))`; nothing is drawn
/// past the limit, and no buffer a limit guards is allocated before it is checked.
///
/// The defaults draw any page in a few seconds: see `docs/render-budget.md` for the
/// measurements that chose them.
public struct RenderLimits: Sendable, Hashable {
  /// The most work units drawing one page may take (default 2^30, about 1.07 × 10^9: at most
  /// a few seconds in a release build).
  ///
  /// A unit is about a nanosecond of a release build; <doc:RenderBudget> lists what each
  /// step of drawing is charged. A page over the limit stops early.
  public var maxWork: Int
  /// The most pixels (width × height) of one canvas, checked before it is allocated
  /// (default 2^25: 128 MiB of RGBA, plus as much again for a brush's stroke mask). Filling
  /// and encoding a canvas is work too, 16 units a pixel: the largest canvas takes half of
  /// the default ``maxWork``.
  public var maxCanvasPixels: Int
  /// The most scans of one JPEG section image (default 100; encoders write 1 for a baseline
  /// image and about 10 for a progressive one). A decoder walks every block of every scan,
  /// even a scan that holds no data, so a progressive file of a few kilobytes and a thousand
  /// scans would take a thousand passes over its blocks. An image with more scans is not
  /// drawn (in SVG and PDF it is not embedded either): its failure, the limit error, names it.
  public var maxImageScans: Int

  /// Creates limits.
  /// - Parameters:
  ///   - maxWork: The most work units for one page.
  ///   - maxCanvasPixels: The most pixels of one canvas.
  ///   - maxImageScans: The most scans of one JPEG image.
  public init(maxWork: Int = 1 << 30, maxCanvasPixels: Int = 1 << 25, maxImageScans: Int = 100) {
    self.maxWork = maxWork
    self.maxCanvasPixels = maxCanvasPixels
    self.maxImageScans = maxImageScans
  }

  /// The defaults: 2^30 work units, 2^25 canvas pixels, 100 JPEG scans.
  public static let `default` = RenderLimits()

  /// No practical limit: for trusted input. A page can still fail with
  /// `WillError(.allocationFailed(bytes:))` when memory runs out.
  public static let unlimited = RenderLimits(
    maxWork: .max, maxCanvasPixels: .max, maxImageScans: .max)
}
