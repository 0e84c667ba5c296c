import InkCodec

/// A particle brush: a shape texture stamped along the stroke's spline, WILL's
/// `ParticleBrush`/`WCMParticlePaint`.
///
/// Particles are placed every ``spacing`` × width along the spline's arc length (the width
/// where the previous particle sits), pushed sideways by up to ±``scattering`` × width, rotated
/// by ``rotation``, and drawn as a square as large as the width. The shape's intensity (its
/// alpha, or its luminance when it has none) times the fill tile's intensity times the
/// stroke's opacity is the particle's coverage; the particles of a stroke build one coverage
/// mask, which is composited once with the stroke's colour and blend mode.
///
/// The random choices (scatter, angle, fill offset) come from SplitMix64 seeded with the
/// stroke's `particlesRandomSeed`, so a stroke draws the same particles on every run.
public struct ParticleBrush: Sendable {
  /// The distance between particles, relative to the width (at least 0.01).
  public var spacing: Double
  /// How far particles move sideways, relative to the width: each is displaced by a uniform
  /// amount in −scattering…scattering.
  public var scattering: Double
  /// How particles are rotated.
  public var rotation: ParticlesPaint.Rotation
  /// The fill tile's width in page units.
  public var fillWidth: Double
  /// The fill tile's height in page units.
  public var fillHeight: Double
  /// Whether each stroke shifts the fill tiling by a random offset.
  public var randomizeFill: Bool
  /// How particles of one stroke combine in its mask: `BlendMode.directLighten` keeps the
  /// maximum, `BlendMode.lighter` adds; every other mode lays particles over each other
  /// (source-over of their coverage).
  public var blendMode: BlendMode

  let shape: BrushTexture
  let fill: BrushTexture?

  /// Creates a brush from textures.
  /// - Parameters:
  ///   - shape: The particle's image.
  ///   - fill: The fill tile's image, or `nil` for an even fill.
  ///   - spacing: The distance between particles, relative to the width.
  ///   - scattering: The sideways displacement, relative to the width.
  ///   - rotation: How particles are rotated.
  ///   - fillWidth: The fill tile's width in page units.
  ///   - fillHeight: The fill tile's height in page units.
  ///   - randomizeFill: Whether each stroke shifts the fill by a random offset.
  ///   - blendMode: How particles combine within a stroke.
  public init(
    shape: RGBAImage, fill: RGBAImage? = nil, spacing: Double = 2, scattering: Double = 0,
    rotation: ParticlesPaint.Rotation = .none, fillWidth: Double = 4, fillHeight: Double = 4,
    randomizeFill: Bool = false, blendMode: BlendMode = .sourceOver
  ) {
    self.init(
      shape: BrushTexture(shape), fill: fill.map(BrushTexture.init), spacing: spacing,
      scattering: scattering, rotation: rotation, fillWidth: fillWidth, fillHeight: fillHeight,
      randomizeFill: randomizeFill, blendMode: blendMode)
  }

  init(
    shape: BrushTexture, fill: BrushTexture?, spacing: Double, scattering: Double,
    rotation: ParticlesPaint.Rotation, fillWidth: Double, fillHeight: Double,
    randomizeFill: Bool, blendMode: BlendMode
  ) {
    // Values from a file may be anything: keep them where drawing stays bounded.
    func clean(_ v: Double, _ fallback: Double, _ range: ClosedRange<Double>) -> Double {
      v.isFinite ? min(max(v, range.lowerBound), range.upperBound) : fallback
    }
    self.shape = shape
    self.fill = fill
    self.spacing = clean(spacing, 2, 0.01...1000)
    self.scattering = clean(abs(scattering), 0, 0...100)
    self.rotation = rotation
    self.fillWidth = fillWidth > 0 ? clean(fillWidth, 4, 1e-3...1e6) : 4
    self.fillHeight = fillHeight > 0 ? clean(fillHeight, 4, 1e-3...1e6) : 4
    self.randomizeFill = randomizeFill
    self.blendMode = blendMode
  }

  /// The brush a `ParticlesPaint` record describes, its PNG textures decoded. The first (the
  /// largest) image of each list is used; a paint without a shape uses ``soft``'s disc.
  /// - Parameters:
  ///   - paint: The paint.
  ///   - maximumTexturePixels: The largest texture accepted.
  /// - Throws: `WillError` when a texture cannot be decoded, as
  ///   ``RGBAImage/init(parsing:maximumPixels:)`` throws it.
  public init(paint: ParticlesPaint, maximumTexturePixels: Int = RGBAImage.defaultMaximumPixels)
    throws(WillError)
  {
    let shape = try paint.shape.first.map { (png) throws(WillError) in
      BrushTexture(try PNGDecoder.decode(png, maximumPixels: maximumTexturePixels))
    }
    let fill = try paint.fill.first.map { (png) throws(WillError) in
      BrushTexture(try PNGDecoder.decode(png, maximumPixels: maximumTexturePixels))
    }
    self.init(
      shape: shape ?? ParticleBrush.softDisc, fill: fill, spacing: Double(paint.spacing),
      scattering: Double(paint.scattering), rotation: paint.rotation,
      fillWidth: Double(paint.fillWidth), fillHeight: Double(paint.fillHeight),
      randomizeFill: paint.randomizeFill, blendMode: paint.blendMode)
  }

  /// The built-in brush for documents without paints: a soft round particle every 0.2 widths,
  /// scattered by up to ±0.3 widths, with random rotation and no fill: a grainy pencil.
  public static let soft = ParticleBrush(
    shape: softDisc, fill: nil, spacing: 0.2, scattering: 0.3, rotation: .random, fillWidth: 4,
    fillHeight: 4, randomizeFill: false, blendMode: .sourceOver)

  /// A 64 × 64 disc whose intensity falls from 1 at the centre to 0 at the edge as (1 − r²)².
  static let softDisc: BrushTexture = {
    let n = 64
    var values = [Float](repeating: 0, count: n * n)
    for y in 0..<n {
      for x in 0..<n {
        let dx = (Double(x) + 0.5) / Double(n) * 2 - 1
        let dy = (Double(y) + 0.5) / Double(n) * 2 - 1
        let r2 = dx * dx + dy * dy
        values[y * n + x] = r2 >= 1 ? 0 : Float((1 - r2) * (1 - r2))
      }
    }
    return BrushTexture(width: n, height: n, values: values)
  }()
}
