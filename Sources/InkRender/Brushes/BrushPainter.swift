import InkCodec

/// Draws a page with the particle or hair brush: the brush half of ``Renderer/renderCanvas``.
///
/// Strokes are walked as the solid renderer walks them (layer transform, then scale and frame
/// offset; strokes with non-finite values draw nothing). Each stroke builds its own coverage
/// and is composited once with its colour and blend mode. A stroke's random generator is
/// seeded with its `particlesRandomSeed`, or, when it stores none, with its layer and index.
struct BrushPainter {
  let options: RenderOptions
  /// The page's paints as brushes; `nil` where a paint's textures cannot be decoded.
  let paints: [ParticleBrush?]
  var mask: StrokeMask
  var rasterizer: CoverageRasterizer
  var solid: Painter

  init(page: RenderPage, width: Int, height: Int, options: RenderOptions) {
    self.options = options
    paints =
      options.brush == .particle ? page.paints.map { try? ParticleBrush(paint: $0) } : []
    mask = StrokeMask(width: width, height: height)
    rasterizer = CoverageRasterizer(width: width, height: height)
    solid = Painter(width: width, height: height, tolerance: options.tolerance)
  }

  /// The seed of a stroke's generator.
  static func seed(of stroke: Stroke, layer: Int, index: Int) -> UInt64 {
    if let seed = stroke.particlesRandomSeed { return UInt64(seed) }
    // Stored seeds are 32-bit; bit 63 keeps derived seeds apart from them.
    return 1 << 63 | UInt64(truncatingIfNeeded: layer) << 32
      | UInt64(UInt32(truncatingIfNeeded: index))
  }

  static func paint(
    _ page: RenderPage, frame: Renderer.Frame, scale: Double, options: RenderOptions,
    on canvas: inout Canvas
  ) {
    var painter = BrushPainter(
      page: page, width: canvas.width, height: canvas.height, options: options)
    Renderer.forEachStroke(page, frame: frame, scale: scale, options: options) {
      layerIndex, strokeIndex, stroke, segments, device in
      let seed = seed(of: stroke, layer: layerIndex, index: strokeIndex)
      let color = stroke.color ?? .black
      switch options.brush {
      case .hair:
        let samples = options.hairBrush.samples(along: segments)
        options.hairBrush.paint(
          samples, color: color, blendMode: stroke.blendMode, seed: seed, on: &canvas,
          mask: &painter.mask, rasterizer: &painter.rasterizer)
      case .particle:
        if let brush = painter.particleBrush(for: stroke) {
          painter.paintParticles(
            segments, brush: brush, color: color, blendMode: stroke.blendMode, seed: seed,
            lengthScale: device.lengthScale, on: &canvas)
          return
        }
        fallthrough
      case .solid:
        painter.solid.paint(
          Renderer.PreparedStroke(
            layer: layerIndex, stroke: strokeIndex, color: color, blendMode: stroke.blendMode,
            parts: AlphaSplitting.parts(of: segments)), on: &canvas)
      }
    }
  }

  /// The stroke's paint; ``ParticleBrush/soft`` when the page has no paints; `nil` (solid)
  /// when the stroke selects no paint, a missing one, or one that cannot be decoded.
  func particleBrush(for stroke: Stroke) -> ParticleBrush? {
    guard !paints.isEmpty else { return .soft }
    guard let index = stroke.paintIndex, Int(index) < paints.count else { return nil }
    return paints[Int(index)]
  }

  mutating func paintParticles(
    _ segments: [CubicSegment], brush: ParticleBrush, color: InkColor, blendMode: BlendMode,
    seed: UInt64, lengthScale: Double, on canvas: inout Canvas
  ) {
    var random = BrushRandom(seed: seed)
    var tiling: FillTiling?
    if let fill = brush.fill {
      // Drawn first, always, so the particles do not depend on randomizeFill.
      let u = random.unit()
      let v = random.unit()
      let tw = max(brush.fillWidth * lengthScale, 0.5)
      let th = max(brush.fillHeight * lengthScale, 0.5)
      tiling = FillTiling(
        tileWidth: tw, tileHeight: th, offsetU: brush.randomizeFill ? u : 0,
        offsetV: brush.randomizeFill ? v : 0, level: fill.level(forFootprint: 1 / tw))
    }
    ParticlePlacement.walk(segments, brush: brush, random: &random) { particle in
      mask.stamp(particle, brush: brush, tiling: tiling)
    }
    mask.composite(color: color, blendMode: blendMode, on: &canvas)
  }
}
