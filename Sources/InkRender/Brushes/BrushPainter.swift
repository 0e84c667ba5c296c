import InkCodec

/// Draws a page with the particle or hair brush: the brush half of drawing a canvas.
///
/// Strokes are walked as the solid renderer walks them (layer transform, then scale and frame
/// offset; strokes with non-finite values draw nothing). Each stroke builds its own coverage
/// and is composited once with its colour and blend mode. A stroke's random generator is
/// seeded with its `particlesRandomSeed`, or, when it stores none, with its layer and index.
///
/// A paint's textures are decoded when the first stroke that uses it is drawn, once per
/// render: a document's unused paints cost nothing, however large or broken.
struct BrushPainter {
  /// The page drawn; a replay draws parts of one page, sharing its paints, one after another.
  var page: RenderPage
  /// The brush: ``Brush/particle`` or ``Brush/hair`` (``Brush/solid`` draws every stroke as
  /// the solid renderer does, but the layers' ``RenderLayer/particleStrokes`` with their
  /// particles).
  let brush: Brush
  /// The hair brush's settings, for ``Brush/hair``.
  let hairBrush: HairBrush
  /// The width of strokes that store none.
  let defaultWidth: Double
  /// The tolerance, in pixels, of the strokes drawn solid.
  let tolerance: Double
  /// The page's paints, decoded as strokes need them.
  var paints: [PaintSlot]
  /// How many paints were decoded (for tests: each at most once).
  private(set) var decodeCount = 0
  /// The paints that strokes use but that cannot be decoded, in order of first use.
  private(set) var failures: [PaintFailure] = []
  var mask: StrokeMask
  var rasterizer: CoverageRasterizer
  var solid: Painter
  let budget: WorkBudget

  /// A paint before and after its first use.
  enum PaintSlot {
    case pending
    case decoded(ParticleBrush)
    /// The textures cannot be decoded: its strokes are drawn solid.
    case undecodable
  }

  /// A painter for a canvas of `width × height` pixels; `tolerance` (in pixels) is for the
  /// strokes drawn solid.
  init(
    page: RenderPage, width: Int, height: Int, brush: Brush, hairBrush: HairBrush,
    tolerance: Double, defaultWidth: Double, budget: WorkBudget
  ) throws(WillError) {
    self.page = page
    self.brush = brush
    self.hairBrush = hairBrush
    self.defaultWidth = defaultWidth
    self.tolerance = tolerance
    self.budget = budget
    let particles = brush == .particle || page.layers.contains { !$0.particleStrokes.isEmpty }
    paints = particles ? page.paints.map { _ in .pending } : []
    mask = try StrokeMask(checkedWidth: width, height: height, budget: budget)
    rasterizer = CoverageRasterizer(width: width, height: height, budget: budget)
    solid = Painter(width: width, height: height, tolerance: tolerance, budget: budget)
  }

  /// The seed of a stroke's generator.
  static func seed(of stroke: Stroke, layer: Int, index: Int) -> UInt64 {
    if let seed = stroke.particlesRandomSeed { return UInt64(seed) }
    // Stored seeds are 32-bit; bit 63 keeps derived seeds apart from them.
    return 1 << 63 | UInt64(truncatingIfNeeded: layer) << 32
      | UInt64(UInt32(truncatingIfNeeded: index))
  }

  /// Draws the page; returns the used paints that could not be decoded.
  ///
  /// Brush strokes are walked whole, not clipped: where a particle or hair lands depends on
  /// everything drawn before it along the stroke. The walk is charged to the budget.
  @discardableResult
  static func paint(
    _ page: RenderPage, frame: PageFrame, scale: Double, clip: CanvasClip, brush: Brush,
    hairBrush: HairBrush, tolerance: Double, defaultWidth: Double, budget: WorkBudget,
    on canvas: inout Canvas
  ) throws(WillError) -> [PaintFailure] {
    var painter = try BrushPainter(
      page: page, width: canvas.width, height: canvas.height, brush: brush,
      hairBrush: hairBrush, tolerance: tolerance, defaultWidth: defaultWidth, budget: budget)
    try painter.paint(frame: frame, scale: scale, clip: clip, on: &canvas)
    return painter.failures
  }

  mutating func paint(
    frame: PageFrame, scale: Double, clip: CanvasClip, on canvas: inout Canvas
  ) throws(WillError) {
    let brush = self.brush
    let hairBrush = self.hairBrush
    let tolerance = self.tolerance
    let budget = self.budget
    try PageStrokes.forEach(
      page, frame: frame, scale: scale, defaultWidth: defaultWidth, budget: budget
    ) { layerIndex, strokeIndex, stroke, segments, device in
      let seed =
        page.layers[layerIndex].particleSeeds[strokeIndex]
        ?? BrushPainter.seed(of: stroke, layer: layerIndex, index: strokeIndex)
      let color = stroke.color ?? .black
      let particles = page.layers[layerIndex].particleStrokes.contains(strokeIndex)
      switch brush == .solid && particles ? .particle : brush {
      case .hair:
        let samples = hairBrush.samples(along: segments, budget: budget)
        hairBrush.paint(
          samples, color: color, blendMode: stroke.blendMode, seed: seed, on: &canvas,
          mask: &mask, rasterizer: &rasterizer)
      case .particle:
        if let brush = particleBrush(for: stroke) {
          paintParticles(
            segments, brush: brush, color: color, blendMode: stroke.blendMode, seed: seed,
            lengthScale: device.lengthScale, on: &canvas)
          return
        }
        fallthrough
      case .solid:
        if let shaped = PageStrokes.shaped(
          page, layer: layerIndex, index: strokeIndex, color: color, blendMode: stroke.blendMode,
          device: device, clip: clip, tolerance: tolerance, budget: budget)
        {
          if !shaped.parts.isEmpty { solid.paint(PageStrokes.points(shaped), on: &canvas) }
          return
        }
        let chains = clip.chains(of: segments, budget: budget)
        guard !chains.isEmpty else { return }
        solid.paint(
          PageStrokes.prepared(
            chains, layer: layerIndex, stroke: strokeIndex, color: color,
            blendMode: stroke.blendMode), on: &canvas)
      }
    }
  }

  /// The stroke's paint, decoded on first use; ``ParticleBrush/soft`` when the page has no
  /// paints; `nil` (solid) when the stroke selects no paint, a missing one, or one that
  /// cannot be decoded.
  mutating func particleBrush(for stroke: Stroke) -> ParticleBrush? {
    guard !paints.isEmpty else { return .soft }
    guard let index = stroke.paintIndex.map(Int.init), index < paints.count else { return nil }
    switch paints[index] {
    case .decoded(let brush): return brush
    case .undecodable: return nil
    case .pending:
      decodeCount += 1
      do throws(WillError) {
        let brush = try ParticleBrush(paint: page.paints[index])
        paints[index] = .decoded(brush)
        // Decoding and the mipmaps cost a few units per texel (each texture is at most
        // PNGDecoder.defaultMaximumPixels).
        budget.charge((brush.shape.texels + (brush.fill?.texels ?? 0)) * WorkBudget.texelCost)
        return brush
      } catch {
        paints[index] = .undecodable
        failures.append(PaintFailure(index: index, error: error))
        return nil
      }
    }
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
    ParticlePlacement.walk(segments, brush: brush, random: &random, budget: budget) {
      particle in
      mask.stamp(particle, brush: brush, tiling: tiling)
    }
    mask.composite(color: color, blendMode: blendMode, on: &canvas)
  }
}
