import InkCodec

/// Renders pages of WILL strokes to a canvas, PNG, SVG or outline polygons.
///
/// The stages are pure: spline (``CatmullRom``) → outline (``StrokeOutliner``) → coverage
/// (exact-area, non-zero) → composite (``Compositor``) → encode (``PNGWriter``,
/// ``SVGWriter``, ``OutlineJSONWriter``). The same input gives the same bytes on every run.
public enum Renderer {
  /// The page rectangle in page units: where the output's top-left corner is and its size.
  public struct Frame: Sendable, Hashable {
    /// The page x at the output's left edge.
    public var x: Double
    /// The page y at the output's top edge.
    public var y: Double
    /// The width in page units.
    public var width: Double
    /// The height in page units.
    public var height: Double
  }

  /// One stroke's outline, ready to fill.
  public struct StrokeShape: Sendable, Hashable {
    /// The index of the stroke's layer in the page.
    public var layer: Int
    /// The index of the stroke in its layer.
    public var stroke: Int
    /// The stroke's colour; its alpha is replaced by each part's alpha.
    public var color: InkColor
    /// The stroke's blend mode as stored.
    public var blendMode: BlendMode
    /// The outline parts, each with its opacity.
    public var parts: [StrokeOutliner.Part]
  }

  /// The page's rectangle: its declared size, or the ink's bounding box plus the margin.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: The options (for the default width).
  /// - Returns: The rectangle in page units; at least 1 × 1. Declared sizes and ink beyond
  ///   10^12 units are ignored.
  public static func frame(of page: RenderPage, options: RenderOptions = RenderOptions())
    -> Frame
  {
    if let w = page.width, let h = page.height, w > 0, h > 0, w < 1e12, h < 1e12 {
      return Frame(x: 0, y: 0, width: w, height: h)
    }
    var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
    for layer in page.layers {
      for stroke in layer.strokes {
        for s in CatmullRom.segments(of: stroke, defaultWidth: options.defaultWidth) {
          let t = s.transformed(by: layer.transform, widthScale: 1)
          for p in [t.b0, t.b1, t.b2, t.b3] {
            let r = max(p.width, 0) / 2
            // Points beyond ±1e12 are far outside any page; fitting them would overflow.
            guard abs(p.x) < 1e12, abs(p.y) < 1e12, r < 1e12 else { continue }
            if var b = box {
              b.minX = min(b.minX, p.x - r)
              b.minY = min(b.minY, p.y - r)
              b.maxX = max(b.maxX, p.x + r)
              b.maxY = max(b.maxY, p.y + r)
              box = b
            } else {
              box = (p.x - r, p.y - r, p.x + r, p.y + r)
            }
          }
        }
      }
    }
    guard let b = box else { return Frame(x: 0, y: 0, width: 1, height: 1) }
    let m = max(page.margin, 0)
    return Frame(
      x: b.minX - m, y: b.minY - m, width: max(b.maxX - b.minX + 2 * m, 1),
      height: max(b.maxY - b.minY + 2 * m, 1))
  }

  /// One stroke's flattened outline polygons, ready to fill.
  public struct StrokePolygons: Sendable, Hashable {
    /// The index of the stroke's layer in the page.
    public var layer: Int
    /// The index of the stroke in its layer.
    public var stroke: Int
    /// The stroke's colour; its alpha is replaced by each part's alpha.
    public var color: InkColor
    /// The stroke's blend mode as stored.
    public var blendMode: BlendMode
    /// The parts of constant opacity: their alpha and closed polygons (non-zero rule).
    public var parts: [Part]

    /// A part of a stroke drawn with one opacity.
    public struct Part: Sendable, Hashable {
      /// The opacity, 0…1.
      public var alpha: Double
      /// Closed polygons, all wound the same way.
      public var polygons: [[InkPoint]]
    }
  }

  /// A stroke's segments in output coordinates, cut into parts of constant opacity.
  struct PreparedStroke {
    var layer: Int
    var stroke: Int
    var color: InkColor
    var blendMode: BlendMode
    var parts: [(segments: [CubicSegment], alpha: Double)]
  }

  static func prepare(
    _ page: RenderPage, frame: Frame, scale: Double, options: RenderOptions,
    _ body: (PreparedStroke) -> Void
  ) {
    forEachStroke(page, frame: frame, scale: scale, options: options) {
      layer, index, stroke, segments, _ in
      body(
        PreparedStroke(
          layer: layer, stroke: index, color: stroke.color ?? .black,
          blendMode: stroke.blendMode, parts: AlphaSplitting.parts(of: segments)))
    }
  }

  /// Walks every stroke that draws something, in drawing order, handing `body` its layer and
  /// index, the stroke, its segments in output coordinates, and the transform from the layer's
  /// coordinates to output pixels.
  static func forEachStroke(
    _ page: RenderPage, frame: Frame, scale: Double, options: RenderOptions,
    _ body: (
      _ layer: Int, _ index: Int, _ stroke: Stroke, _ segments: [CubicSegment],
      _ device: AffineTransform
    ) -> Void
  ) {
    let toOutput = AffineTransform.scale(x: scale, y: scale)
      .concatenating(.translation(x: -frame.x, y: -frame.y))
    for (layerIndex, layer) in page.layers.enumerated() {
      let device = toOutput.concatenating(layer.transform)
      for (strokeIndex, stroke) in layer.strokes.enumerated() {
        let segments = CatmullRom.segments(of: stroke, defaultWidth: options.defaultWidth)
          .map { $0.transformed(by: device, widthScale: 1) }
        // Strokes built in memory (never decoded ones) may hold NaN or infinity: draw nothing.
        guard !segments.isEmpty, segments.allSatisfy(\.isFinite) else { continue }
        body(layerIndex, strokeIndex, stroke, segments, device)
      }
    }
  }

  /// The cubic-Bézier outlines of every stroke, in output coordinates (page units times
  /// `scale`, origin at the frame's corner).
  /// - Parameters:
  ///   - page: The page.
  ///   - frame: The page rectangle, from ``frame(of:options:)``.
  ///   - scale: Output units per page unit.
  ///   - options: The tolerance (in output units) and default width.
  /// - Returns: One shape per stroke that draws something, in drawing order.
  public static func shapes(
    of page: RenderPage, frame: Frame, scale: Double, options: RenderOptions
  ) -> [StrokeShape] {
    let outliner = StrokeOutliner(tolerance: options.tolerance)
    var shapes: [StrokeShape] = []
    prepare(page, frame: frame, scale: scale, options: options) { prepared in
      let parts = prepared.parts.map {
        StrokeOutliner.Part(path: outliner.outline(of: $0.segments), alpha: $0.alpha)
      }.filter { !$0.path.isEmpty }
      guard !parts.isEmpty else { return }
      shapes.append(
        StrokeShape(
          layer: prepared.layer, stroke: prepared.stroke, color: prepared.color,
          blendMode: prepared.blendMode, parts: parts))
    }
    return shapes
  }

  /// The flattened outline polygons of every stroke, in output pixels.
  /// - Parameters:
  ///   - page: The page.
  ///   - frame: The page rectangle, from ``frame(of:options:)``.
  ///   - options: Scale, tolerance (in output pixels) and default width.
  /// - Returns: One entry per stroke that draws something, in drawing order.
  public static func polygons(of page: RenderPage, frame: Frame, options: RenderOptions)
    -> [StrokePolygons]
  {
    let outliner = PolygonOutliner(tolerance: options.tolerance)
    var result: [StrokePolygons] = []
    prepare(page, frame: frame, scale: options.scale, options: options) { prepared in
      let parts = prepared.parts.map {
        StrokePolygons.Part(alpha: $0.alpha, polygons: outliner.polygons(of: $0.segments))
      }.filter { !$0.polygons.isEmpty }
      guard !parts.isEmpty else { return }
      result.append(
        StrokePolygons(
          layer: prepared.layer, stroke: prepared.stroke, color: prepared.color,
          blendMode: prepared.blendMode, parts: parts))
    }
    return result
  }

  /// Draws a page onto a new canvas, with ``RenderOptions/brush``.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance, default width and brush.
  /// - Returns: The canvas, `ceil(frame × scale)` pixels (see
  ///   ``RenderOptions/effectiveScale(width:height:)``), filled with the background.
  public static func renderCanvas(_ page: RenderPage, options: RenderOptions = RenderOptions())
    -> Canvas
  {
    let frame = frame(of: page, options: options)
    let scale = options.effectiveScale(width: frame.width, height: frame.height)
    let width = max(1, min(32768, Int((frame.width * scale).rounded(.up))))
    let height = max(
      1, min(options.maximumPixelCount / width, Int((frame.height * scale).rounded(.up))))
    var canvas = Canvas(width: width, height: height, background: page.background)
    if options.brush != .solid {
      BrushPainter.paint(page, frame: frame, scale: scale, options: options, on: &canvas)
      return canvas
    }
    var painter = Painter(width: width, height: height, tolerance: options.tolerance)
    prepare(page, frame: frame, scale: scale, options: options) { prepared in
      painter.paint(prepared, on: &canvas)
    }
    return canvas
  }

  /// Fills precomputed outline polygons (from ``polygons(of:frame:options:)``) onto a canvas,
  /// compositing each stroke once with its colour and blend mode, as ``renderCanvas(_:options:)``
  /// does. For apps that cache outlines, and for comparing the rasteriser with other fillers.
  /// - Parameters:
  ///   - strokes: The strokes' polygons, in output pixels, in drawing order.
  ///   - canvas: The canvas to draw on.
  public static func fill(_ strokes: [StrokePolygons], on canvas: inout Canvas) {
    var painter = Painter(width: canvas.width, height: canvas.height, tolerance: 0.1)
    for stroke in strokes { painter.paint(stroke, on: &canvas) }
  }

  /// Renders a page to a PNG file.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance and default width.
  /// - Returns: The PNG bytes.
  public static func renderPNG(_ page: RenderPage, options: RenderOptions = RenderOptions())
    -> [UInt8]
  {
    PNGWriter.encode(renderCanvas(page, options: options))
  }

  /// Renders a page to an SVG document: one `<g>` per layer, one `<path>` per stroke part.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: The scale (applied to the `width` and `height` attributes; the `viewBox`
  ///     stays in page units), tolerance (in output pixels) and default width.
  /// - Returns: The SVG text.
  public static func renderSVG(_ page: RenderPage, options: RenderOptions = RenderOptions())
    -> String
  {
    let frame = frame(of: page, options: options)
    var pageOptions = options
    pageOptions.tolerance = options.tolerance / options.scale
    let shapes = shapes(of: page, frame: frame, scale: 1, options: pageOptions)
    return SVGWriter.document(
      shapes, layerCount: page.layers.count, frame: frame, scale: options.scale,
      background: page.background)
  }

  /// Renders a page's outlines as flattened polygons in output pixels, as JSON.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance and default width.
  /// - Returns: The JSON text (see ``OutlineJSONWriter``).
  public static func renderOutlineJSON(
    _ page: RenderPage, options: RenderOptions = RenderOptions()
  ) -> String {
    let frame = frame(of: page, options: options)
    var scaled = options
    scaled.scale = options.effectiveScale(width: frame.width, height: frame.height)
    return OutlineJSONWriter.document(
      polygons(of: page, frame: frame, options: scaled), width: frame.width * scaled.scale,
      height: frame.height * scaled.scale, tolerance: options.tolerance)
  }
}

/// Rasterises stroke shapes and composites them, reusing its buffers.
struct Painter {
  var rasterizer: CoverageRasterizer
  var mask: [Float] = []
  let outliner: PolygonOutliner

  init(width: Int, height: Int, tolerance: Double) {
    rasterizer = CoverageRasterizer(width: width, height: height)
    outliner = PolygonOutliner(tolerance: tolerance)
  }

  mutating func paint(_ shape: Renderer.PreparedStroke, on canvas: inout Canvas) {
    let outliner = self.outliner
    paint(
      color: shape.color, blendMode: shape.blendMode, alphas: shape.parts.map(\.alpha),
      on: &canvas
    ) { index, rasterizer in
      outliner.outline(shape.parts[index].segments, into: &rasterizer)
    }
  }

  mutating func paint(_ shape: Renderer.StrokePolygons, on canvas: inout Canvas) {
    paint(
      color: shape.color, blendMode: shape.blendMode, alphas: shape.parts.map(\.alpha),
      on: &canvas
    ) { index, rasterizer in
      for polygon in shape.parts[index].polygons {
        guard var last = polygon.last else { continue }
        for point in polygon {
          rasterizer.addLine(last.x, last.y, point.x, point.y)
          last = point
        }
      }
    }
  }

  /// Paints one stroke whose parts `addPart(index, &rasterizer)` adds as edges.
  private mutating func paint(
    color: InkColor, blendMode: BlendMode, alphas: [Double], on canvas: inout Canvas,
    addPart: (Int, inout CoverageRasterizer) -> Void
  ) {
    var opaque = color
    opaque.alpha = 255
    let op = Compositor.Operator(blendMode)
    let width = canvas.width
    if alphas.count == 1 {
      let c = PremultipliedColor(opaque, opacity: alphas[0])
      let s = SIMD4<Float>(c.red, c.green, c.blue, c.alpha)
      rasterizer.reset()
      addPart(0, &rasterizer)
      canvas.pixels.withUnsafeMutableBufferPointer { px in
        rasterizer.sweep { row, first, coverage in
          Painter.composite(op, s, px, offset: (row * width + first) * 4, coverage)
        }
      }
      return
    }
    // Alpha varies along the stroke: combine the parts with a maximum in a stroke mask, then
    // composite the mask once with the opaque colour.
    if mask.count != canvas.width * canvas.height {
      mask = [Float](repeating: 0, count: canvas.width * canvas.height)
    }
    var rowMin = Int.max
    var rowMax = Int.min
    for (index, alpha) in alphas.enumerated() {
      let a = Float(alpha)
      rasterizer.reset()
      addPart(index, &rasterizer)
      mask.withUnsafeMutableBufferPointer { m in
        rasterizer.sweep { row, first, coverage in
          rowMin = min(rowMin, row)
          rowMax = max(rowMax, row)
          for i in 0..<coverage.count {
            let k = row * width + first + i
            m[k] = max(m[k], coverage[i] * a)
          }
        }
      }
    }
    guard rowMin <= rowMax else { return }
    let c = PremultipliedColor(opaque)
    let s = SIMD4<Float>(c.red, c.green, c.blue, c.alpha)
    canvas.pixels.withUnsafeMutableBufferPointer { px in
      mask.withUnsafeMutableBufferPointer { m in
        for row in rowMin...rowMax {
          let start = row * width
          Painter.composite(
            op, s, px, offset: start * 4, UnsafeBufferPointer(rebasing: m[start..<(start + width)]))
          for k in start..<(start + width) { m[k] = 0 }
        }
      }
    }
  }

  @inline(__always)
  static func composite(
    _ op: Compositor.Operator, _ s: SIMD4<Float>, _ px: UnsafeMutableBufferPointer<UInt8>,
    offset: Int, _ coverage: UnsafeBufferPointer<Float>
  ) {
    let base = px.baseAddress! + offset
    let scale = SIMD4<Float>(repeating: 255)
    let toUnit = SIMD4<Float>(repeating: 1.0 / 255)
    // An opaque source-over stroke replaces fully covered pixels with its colour: the same
    // bytes the formula rounds to, without reading the pixel.
    let replaces = s.w >= 1 && { if case .sourceOver = op { true } else { false } }()
    let t = s * scale + 0.5
    let solid = SIMD4<UInt8>(UInt8(t.x), UInt8(t.y), UInt8(t.z), UInt8(t.w))
    for i in 0..<coverage.count {
      let c = coverage[i]
      if c <= 0 { continue }
      let p = base + 4 * i
      if replaces && c >= 1 {
        UnsafeMutableRawPointer(p).storeBytes(of: solid, as: SIMD4<UInt8>.self)
        continue
      }
      let d = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * toUnit
      let r: SIMD4<Float>
      if case .sourceOver = op {
        r = d + (s - d * s.w) * c
      } else {
        r = Compositor.blend(op, s, d, c)
      }
      // Scalar clamps: the generic SIMD `clamped` is not inlined here.
      let b = r * scale + 0.5
      p[0] = UInt8(min(max(b.x, 0), 255))
      p[1] = UInt8(min(max(b.y, 0), 255))
      p[2] = UInt8(min(max(b.z, 0), 255))
      p[3] = UInt8(min(max(b.w, 0), 255))
    }
  }
}
