import InkCodec
import InkInput
import Testing

@testable import InkRender

struct BrushTests {
  /// A straight horizontal stroke from (10, 20) to (130, 20), `width` wide.
  static func line(width: Double, seed: UInt32? = nil, paint: UInt32? = nil) -> Stroke {
    Stroke(
      points: [(10.0, 20.0), (10, 20), (130, 20), (130, 20)].map { InkPoint(x: $0.0, y: $0.1) },
      widths: [width], paintIndex: paint, particlesRandomSeed: seed)
  }

  /// A hard disc, white with alpha, as a paint's shape PNG.
  static let discPNG: [UInt8] = {
    let n = 32
    var rgba: [UInt8] = []
    for y in 0..<n {
      for x in 0..<n {
        let dx = Double(x) + 0.5 - Double(n) / 2
        let dy = Double(y) + 0.5 - Double(n) / 2
        rgba += [255, 255, 255, dx * dx + dy * dy < Double(n * n) / 4 ? 255 : 0]
      }
    }
    return PNGWriter.encode(rgba: rgba, width: n, height: n)
  }()

  static func paint(spacing: Float, scattering: Float = 0) -> ParticlesPaint {
    var paint = ParticlesPaint()
    paint.shape = [discPNG]
    paint.spacing = spacing
    paint.scattering = scattering
    return paint
  }

  static func render(
    _ strokes: [Stroke], brush: Brush, paints: [ParticlesPaint] = [], scale: Double = 1
  ) throws -> Canvas {
    var page = RenderPage(width: 140, height: 40, layers: [RenderLayer(strokes: strokes)])
    page.paints = paints
    var options = RenderOptions(scale: scale)
    options.brush = brush
    return try Renderer.renderCanvas(page, options: options)
  }

  /// The alpha of each column, summed over the rows.
  static func columnInk(_ canvas: Canvas) -> [Double] {
    (0..<canvas.width).map { x in
      (0..<canvas.height).reduce(0.0) {
        $0 + Double(canvas.pixels[($1 * canvas.width + x) * 4 + 3])
      }
    }
  }

  /// The centroids (in pixel coordinates) of runs of inked columns.
  static func centroids(_ ink: [Double]) -> [Double] {
    var result: [Double] = []
    var mass = 0.0
    var moment = 0.0
    for (x, v) in ink.enumerated() {
      if v > 0 {
        mass += v
        moment += v * (Double(x) + 0.5)
      } else if mass > 0 {
        result.append(moment / mass)
        (mass, moment) = (0, 0)
      }
    }
    if mass > 0 { result.append(moment / mass) }
    return result
  }

  @Test(arguments: [(Float(3), 4.0), (2.6, 4.0), (4, 2.5)])
  func particleSpacingMatchesThePaint(spacing: Float, width: Double) throws {
    let canvas = try Self.render(
      [Self.line(width: width, seed: 1, paint: 0)], brush: .particle,
      paints: [Self.paint(spacing: spacing)])
    let centres = Self.centroids(Self.columnInk(canvas))
    let step = Double(spacing) * width
    // From x = 10 to 130 inclusive, every `step`.
    #expect(centres.count == Int((120 / step).rounded(.down)) + 1)
    #expect(abs(centres[0] - 10) < 0.05)
    // Each centroid carries a little sampling error of the particle's edge; their mean
    // distance is exact.
    for (a, b) in zip(centres, centres.dropFirst()) {
      #expect(abs((b - a) - step) < 0.1, "gap \(b - a), expected \(step)")
    }
    let mean = (centres.last! - centres[0]) / Double(centres.count - 1)
    #expect(abs(mean - step) < 0.01, "mean gap \(mean), expected \(step)")
  }

  @Test func theSameSeedGivesIdenticalPixelsAndBytes() throws {
    for brush in [Brush.particle, .hair] {
      let strokes = [Self.line(width: 6, seed: 42)]
      let a = try Self.render(strokes, brush: brush, scale: 2)
      let b = try Self.render(strokes, brush: brush, scale: 2)
      #expect(a.pixels == b.pixels)
      #expect(a.pixels.contains { $0 != 0 })
      #expect(PNGWriter.encode(a) == PNGWriter.encode(b))
    }
  }

  @Test func differentSeedsGiveDifferentPixels() throws {
    for brush in [Brush.particle, .hair] {
      let a = try Self.render([Self.line(width: 6, seed: 1)], brush: brush, scale: 2)
      let b = try Self.render([Self.line(width: 6, seed: 2)], brush: brush, scale: 2)
      #expect(a.pixels != b.pixels, "\(brush)")
    }
    // A paint's scattering draws from the seed too.
    let paints = [Self.paint(spacing: 0.5, scattering: 1)]
    let a = try Self.render(
      [Self.line(width: 6, seed: 1, paint: 0)], brush: .particle, paints: paints)
    let b = try Self.render(
      [Self.line(width: 6, seed: 2, paint: 0)], brush: .particle, paints: paints)
    #expect(a.pixels != b.pixels)
  }

  @Test func strokesWithoutAUsablePaintAreDrawnSolid() throws {
    let solid = try Self.render([Self.line(width: 5)], brush: .solid)
    let paints = [Self.paint(spacing: 1)]
    #expect(try Self.render([Self.line(width: 5)], brush: .particle, paints: paints) == solid)
    #expect(
      try Self.render([Self.line(width: 5, paint: 3)], brush: .particle, paints: paints) == solid)
    var broken = Self.paint(spacing: 1)
    broken.shape = [Array(Self.discPNG.dropLast(5))]
    #expect(
      try Self.render([Self.line(width: 5, paint: 0)], brush: .particle, paints: [broken]) == solid)
    // Without paints the built-in particle draws every stroke.
    #expect(try Self.render([Self.line(width: 5)], brush: .particle) != solid)
  }

  @Test func theSolidBrushIsTheDefault() throws {
    let page = RenderPage(
      width: 140, height: 40, layers: [RenderLayer(strokes: [Self.line(width: 5)])])
    #expect(RenderOptions().brush == .solid)
    #expect(try Renderer.renderCanvas(page) == Self.render([Self.line(width: 5)], brush: .solid))
  }

  @Test func splitMix64MatchesItsPublishedSequence() {
    var random = BrushRandom(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(random.next() == 0x06C4_5D18_8009_454F)
  }

  static func straightSamples(force: Double, azimuth: Double = 0, altitude: Double = 0.5)
    -> [HairSample]
  {
    (0...20).map {
      HairSample(
        x: 10 + Double($0) * 5, y: 20, force: force, azimuth: azimuth, altitude: altitude, width: 4)
    }
  }

  @Test func hairCountGrowsWithForce() {
    let brush = HairBrush()
    var previousCount = -1
    var previousInk = -1.0
    for force in [0.0, 0.25, 0.5, 0.75, 1] {
      var count = 0
      brush.hairs(Self.straightSamples(force: force), seed: 3) { _ in count += 1 }
      #expect(count > previousCount, "force \(force)")
      var canvas = Canvas(width: 140, height: 40)
      brush.paint(Self.straightSamples(force: force), color: .black, seed: 3, on: &canvas)
      let ink = Self.columnInk(canvas).reduce(0, +)
      #expect(ink > previousInk, "force \(force)")
      (previousCount, previousInk) = (count, ink)
    }
    #expect(brush.hairCount(force: 0) == 1)
    #expect(brush.hairCount(force: 1) == brush.maximumHairs)
  }

  @Test func hairsPointAlongTheAzimuthAndLengthenAsThePenTilts() {
    let brush = HairBrush(spread: 0.2)
    func hairs(azimuth: Double, altitude: Double) -> [Hair] {
      var result: [Hair] = []
      brush.hairs(Self.straightSamples(force: 1, azimuth: azimuth, altitude: altitude), seed: 9) {
        result.append($0)
      }
      return result
    }
    #expect(hairs(azimuth: 0, altitude: 0.5).allSatisfy { $0.tipX > $0.rootX })
    #expect(hairs(azimuth: Double.pi, altitude: 0.5).allSatisfy { $0.tipX < $0.rootX })
    #expect(hairs(azimuth: Double.pi / 2, altitude: 0.5).allSatisfy { $0.tipY > $0.rootY })
    func meanLength(_ hairs: [Hair]) -> Double {
      hairs.map {
        (($0.tipX - $0.rootX) * ($0.tipX - $0.rootX) + ($0.tipY - $0.rootY) * ($0.tipY - $0.rootY))
          .squareRoot()
      }
      .reduce(0, +) / Double(hairs.count)
    }
    let flat = meanLength(hairs(azimuth: 0, altitude: 0))
    let upright = meanLength(hairs(azimuth: 0, altitude: Double.pi / 2))
    #expect(upright < flat / 2)
  }

  @Test func theHairBrushDrawsInkInputStrokes() {
    var builder = PathBuilder(
      configuration: .init(
        driver: .pressure(0...1), width: PropertyConfiguration(minValue: 2, maxValue: 8)))
    for i in 0...30 {
      let t = Double(i) / 30
      _ = builder.add(
        point: InputPoint(
          x: 10 + 120 * t, y: 20 + 8 * t, timestamp: t / 2, force: t, azimuth: 2.5,
          altitude: 0.4 + t),
        phase: i == 0 ? .begin : (i == 30 ? .end : .move))
    }
    let samples = builder.path.map {
      HairSample(
        x: $0.x, y: $0.y, force: $0.force ?? 0.5, azimuth: $0.azimuth ?? 0,
        altitude: $0.altitude ?? 0.8, width: $0.width ?? 1)
    }
    #expect(samples.count > 10)
    var a = Canvas(width: 140, height: 40)
    var b = Canvas(width: 140, height: 40)
    HairBrush().paint(samples, color: .black, seed: 5, on: &a)
    HairBrush().paint(samples, color: .black, seed: 5, on: &b)
    #expect(a == b)
    // Harder pressure at the right end: more ink there than at the left.
    let ink = Self.columnInk(a)
    let right: Double = ink[90..<130].reduce(0, +)
    let left: Double = ink[10..<50].reduce(0, +)
    #expect(right > 1.5 * left)
  }

  @Test func storedStrokesGiveHairSamplesFromTheirWidths() {
    let stroke = Stroke(
      points: [(0.0, 0.0), (0, 0), (50, 0), (100, 0), (100, 0)].map { InkPoint(x: $0.0, y: $0.1) },
      widths: [2, 2, 8, 4, 4])
    let brush = HairBrush()
    let samples = brush.samples(of: stroke)
    #expect(!samples.isEmpty)
    #expect(samples.map(\.force).max() == 1)
    #expect(samples.allSatisfy { abs($0.azimuth - brush.azimuthOffset) < 1e-9 })
    #expect(samples.allSatisfy { $0.altitude == brush.altitude })
  }

  @Test func hostileParticleValuesStayBounded() throws {
    var paint = Self.paint(spacing: 1e-30, scattering: .infinity)
    paint.fillWidth = -1
    paint.fillHeight = .nan
    paint.fill = [Self.discPNG]
    let canvas = try Self.render([Self.line(width: 3, paint: 0)], brush: .particle, paints: [paint])
    #expect(canvas.pixels.contains { $0 != 0 })
  }

  @Test func hostileHairSamplesStayBounded() throws {
    // Zero width over a huge distance: no hair, and the tuft walk stops at its cap.
    let far = [
      HairSample(x: 0, y: 0, force: 1, azimuth: 0, altitude: 0, width: 0),
      HairSample(x: 1e150, y: 0, force: 1, azimuth: 0, altitude: 0, width: 0),
    ]
    var count = 0
    HairBrush().hairs(far, seed: 1) { _ in count += 1 }
    #expect(count == 0)
    // Huge widths far off the canvas: drawn (clipped) without trapping.
    let wide = [
      HairSample(x: -1e12, y: 5, force: 1, azimuth: 0.3, altitude: 0, width: 1e9),
      HairSample(x: 1e12, y: 5, force: .nan, azimuth: .infinity, altitude: .nan, width: 1e9),
    ]
    var canvas = Canvas(width: 16, height: 16)
    HairBrush().paint(wide, color: .black, seed: 2, on: &canvas)
    var page = RenderPage(
      width: 40, height: 40,
      layers: [
        RenderLayer(
          strokes: [Self.line(width: 3)], transform: .scale(x: 1e200, y: 1e200))
      ])
    page.paints = []
    var options = RenderOptions()
    options.brush = .particle
    _ = try Renderer.renderCanvas(page, options: options)
    options.brush = .hair
    _ = try Renderer.renderCanvas(page, options: options)
  }
}
