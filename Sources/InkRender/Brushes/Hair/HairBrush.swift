import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A hair brush driven by pressure and tilt: tufts of thin hairs along the stroke.
///
/// Tufts sit every ``spacing`` × width along the samples (interpolated between them). Each
/// tuft has `1 + round(force × (maximumHairs − 1))` hairs rooted at random points of the
/// disc of the width. A hair points along the azimuth, turned by up to ±``spread`` radians;
/// its length is ``length`` × width × (0.25 + 0.75 cos altitude) × (0.6…1): an upright pen
/// makes short hairs, a tilted one long hairs. Hairs are ``hairWidth`` × width wide at the root
/// (at least 0.5 output pixels) and taper to a third of that. Each hair is filled by the coverage
/// rasteriser (exact-area anti-aliasing) and laid over the stroke's mask, so crossing hairs
/// darken; the mask is composited once with the stroke's colour and blend mode.
///
/// Random choices come from SplitMix64 seeded per stroke: the same samples and seed give the
/// same pixels on every run.
public struct HairBrush: Sendable, Hashable {
  /// The hairs of a tuft at force 1 (at least 1).
  public var maximumHairs: Int
  /// Hair length relative to the width, for a flat pen.
  public var length: Double
  /// The hair's width at the root, relative to the stroke's width.
  public var hairWidth: Double
  /// The distance between tufts, relative to the width.
  public var spacing: Double
  /// The largest random turn of a hair from the azimuth, in radians.
  public var spread: Double
  /// For stored strokes: the azimuth relative to the direction of travel, in radians (π
  /// trails the pen; the default leans back and to the side).
  public var azimuthOffset: Double
  /// For stored strokes: the altitude, in radians.
  public var altitude: Double

  /// Creates a hair brush.
  /// - Parameters:
  ///   - maximumHairs: Hairs per tuft at force 1.
  ///   - length: Hair length relative to the width, for a flat pen.
  ///   - hairWidth: Hair width relative to the stroke's width.
  ///   - spacing: The distance between tufts, relative to the width.
  ///   - spread: The largest random turn from the azimuth, in radians.
  ///   - azimuthOffset: For stored strokes, the azimuth relative to the direction of travel.
  ///   - altitude: For stored strokes, the altitude.
  /// - Precondition: `maximumHairs` is in 1…256 and `spacing` is positive.
  public init(
    maximumHairs: Int = 12, length: Double = 1.8, hairWidth: Double = 0.08,
    spacing: Double = 0.4, spread: Double = 0.45, azimuthOffset: Double = 2.6,
    altitude: Double = Double.pi / 4
  ) {
    precondition((1...256).contains(maximumHairs), "a tuft has 1…256 hairs")
    precondition(spacing > 0 && spacing.isFinite, "the tuft spacing must be positive")
    self.maximumHairs = maximumHairs
    self.length = length
    self.hairWidth = hairWidth
    self.spacing = spacing
    self.spread = spread
    self.azimuthOffset = azimuthOffset
    self.altitude = altitude
  }

  /// The number of hairs in a tuft drawn at `force`: 1 at force 0, ``maximumHairs`` at 1.
  public func hairCount(force: Double) -> Int {
    let f = force.isFinite ? min(max(force, 0), 1) : 0
    return 1 + Int((f * Double(maximumHairs - 1)).rounded())
  }

  /// Samples for a stored stroke, which has no pressure or tilt: one per flattened point of
  /// its spline, with force = width ÷ the stroke's largest width, azimuth = the direction of
  /// travel + ``azimuthOffset``, and altitude = ``altitude``.
  /// - Parameters:
  ///   - stroke: The stroke.
  ///   - defaultWidth: The width when the stroke stores none.
  /// - Returns: The samples in stroke coordinates; empty when the stroke draws nothing.
  public func samples(of stroke: Stroke, defaultWidth: Double = 1) -> [HairSample] {
    samples(along: CatmullRom.segments(of: stroke, defaultWidth: defaultWidth))
  }

  /// The samples along a spline, charging `budget` ``WorkBudget/stepCost`` per point; stops
  /// (with the samples so far) when it is spent.
  func samples(along segments: [CubicSegment], budget: WorkBudget = .unlimited())
    -> [HairSample]
  {
    var points: [(SplinePoint, Double)] = []
    var heading = 0.0
    for segment in segments {
      let n = segment.subdivisions(tolerance: 0.1, limit: 256)
      guard budget.charge((n + 1) * WorkBudget.stepCost) else { break }
      for k in 0...n where k > 0 || points.isEmpty {
        let t = Double(k) / Double(n)
        let p = segment.point(at: t)
        let d = segment.derivative(at: t)
        if d.x != 0 || d.y != 0 { heading = atan2(d.y, d.x) }
        points.append((p, heading))
      }
    }
    let widest = points.reduce(0.0) { max($0, $1.0.width) }
    return points.map { p, heading in
      HairSample(
        x: p.x, y: p.y, force: widest > 0 ? p.width / widest : 0,
        azimuth: heading + azimuthOffset, altitude: altitude, width: p.width)
    }
  }

  /// Draws a stroke of samples onto a canvas whose pixels are the samples' units.
  /// - Parameters:
  ///   - samples: The stroke's samples, in canvas pixels.
  ///   - color: The colour (its alpha is the hairs' opacity).
  ///   - blendMode: How the stroke is composited.
  ///   - seed: The stroke's seed.
  ///   - canvas: The canvas.
  public func paint(
    _ samples: [HairSample], color: InkColor, blendMode: BlendMode = .sourceOver,
    seed: UInt64, on canvas: inout Canvas
  ) {
    var rasterizer = CoverageRasterizer(width: canvas.width, height: canvas.height)
    var mask = StrokeMask(width: canvas.width, height: canvas.height)
    paint(
      samples, color: color, blendMode: blendMode, seed: seed, on: &canvas, mask: &mask,
      rasterizer: &rasterizer)
  }

  /// Rasterises each hair on its own and lays its coverage over the stroke's mask
  /// (source-over), so crossing hairs darken as real ones do; then composites the mask once.
  func paint(
    _ samples: [HairSample], color: InkColor, blendMode: BlendMode, seed: UInt64,
    on canvas: inout Canvas, mask: inout StrokeMask, rasterizer: inout CoverageRasterizer
  ) {
    let opacity = Float(color.alpha) / 255
    hairs(samples, seed: seed, budget: rasterizer.budget) { hair in
      let dx = hair.tipX - hair.rootX
      let dy = hair.tipY - hair.rootY
      let l = (dx * dx + dy * dy).squareRoot()
      guard l > 0 else { return }
      let nx = -dy / l
      let ny = dx / l
      let h0 = hair.halfWidth
      let h1 = hair.halfWidth / 3
      rasterizer.reset()
      rasterizer.begin(Vec2(hair.rootX + nx * h0, hair.rootY + ny * h0))
      rasterizer.add(Vec2(hair.tipX + nx * h1, hair.tipY + ny * h1))
      rasterizer.add(Vec2(hair.tipX - nx * h1, hair.tipY - ny * h1))
      rasterizer.add(Vec2(hair.rootX - nx * h0, hair.rootY - ny * h0))
      rasterizer.end()
      mask.add(&rasterizer, opacity: opacity)
    }
    mask.composite(color: color, blendMode: blendMode, on: &canvas)
  }

  /// The most hairs (and tufts) one stroke may have, so hostile widths and lengths cannot make
  /// drawing run for ever.
  static let maximumHairsPerStroke = 1 << 20

  /// Walks the samples and reports every hair, in order. Per hair the generator draws four
  /// numbers: the root's angle and radius in the disc, the turn and the length factor.
  /// Charges `budget` ``WorkBudget/stampCost`` per tuft and ``WorkBudget/hairCost`` per hair; stops when it is spent.
  func hairs(
    _ samples: [HairSample], seed: UInt64, budget: WorkBudget = .unlimited(),
    _ body: (Hair) -> Void
  ) {
    guard let first = samples.first else { return }
    var random = BrushRandom(seed: seed)
    var emitted = 0
    // Tufts count too: zero-width samples draw no hair but still cost a step.
    var tufts = 0
    func tuft(_ s: HairSample) {
      tufts += 1
      guard budget.charge(WorkBudget.stampCost) else { return }
      let width = s.width.isFinite ? max(s.width, 0) : 0
      guard width > 0, s.x.isFinite, s.y.isFinite, s.azimuth.isFinite else { return }
      let altitude = s.altitude.isFinite ? min(max(s.altitude, 0), Double.pi / 2) : Double.pi / 4
      let reach = length * width * (0.25 + 0.75 * cos(altitude))
      let halfWidth = max(hairWidth * width, 0.5) / 2
      for _ in 0..<hairCount(force: s.force) {
        guard emitted < HairBrush.maximumHairsPerStroke, budget.charge(WorkBudget.hairCost)
        else { return }
        let a = random.unit() * 2 * Double.pi
        let r = random.unit().squareRoot() * width / 2
        let direction = s.azimuth + random.signedUnit() * spread
        let l = reach * (0.6 + 0.4 * random.unit())
        let rootX = s.x + cos(a) * r
        let rootY = s.y + sin(a) * r
        body(
          Hair(
            rootX: rootX, rootY: rootY, tipX: rootX + cos(direction) * l,
            tipY: rootY + sin(direction) * l, halfWidth: halfWidth))
        emitted += 1
      }
    }
    tuft(first)
    var nextAt = max(spacing * first.width, 0.25)
    var travelled = 0.0
    for (a, b) in zip(samples, samples.dropFirst()) {
      let dx = b.x - a.x
      let dy = b.y - a.y
      let length = (dx * dx + dy * dy).squareRoot()
      guard length.isFinite else { return }
      while nextAt <= travelled + length {
        guard emitted < HairBrush.maximumHairsPerStroke, tufts < HairBrush.maximumHairsPerStroke,
          !budget.isSpent
        else { return }
        let t = length > 0 ? (nextAt - travelled) / length : 0
        let s = HairBrush.interpolate(a, b, t)
        tuft(s)
        nextAt += max(spacing * (s.width.isFinite ? s.width : 0), 0.25)
      }
      travelled += length
    }
  }

  /// Linear interpolation; the azimuth turns the short way round.
  static func interpolate(_ a: HairSample, _ b: HairSample, _ t: Double) -> HairSample {
    var turn = (b.azimuth - a.azimuth).truncatingRemainder(dividingBy: 2 * Double.pi)
    if turn > Double.pi { turn -= 2 * Double.pi }
    if turn < -Double.pi { turn += 2 * Double.pi }
    return HairSample(
      x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t,
      force: a.force + (b.force - a.force) * t, azimuth: a.azimuth + turn * t,
      altitude: a.altitude + (b.altitude - a.altitude) * t,
      width: a.width + (b.width - a.width) * t)
  }
}
