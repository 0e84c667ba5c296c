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

  /// A stroke's segments in output coordinates, clipped to the output rectangle and cut into
  /// parts of constant opacity, each a list of chains of connected segments.
  struct PreparedStroke {
    var layer: Int
    var stroke: Int
    var color: InkColor
    var blendMode: BlendMode
    var parts: [(chains: [[CubicSegment]], alpha: Double)]
  }

  /// The rectangle strokes are clipped to for an output of `width × height` units: the
  /// tolerance and a unit of anti-aliasing beyond the stroke's width.
  static func clip(width: Double, height: Double, options: RenderOptions) -> CanvasClip {
    CanvasClip(width: width, height: height, slack: 1 + options.tolerance)
  }

  static func prepare(
    _ page: RenderPage, frame: Frame, scale: Double, clip: CanvasClip, options: RenderOptions,
    budget: WorkBudget, _ body: (PreparedStroke) throws(WillError) -> Void
  ) throws(WillError) {
    try forEachStroke(page, frame: frame, scale: scale, options: options, budget: budget) {
      (layer, index, stroke, segments, _) throws(WillError) in
      let chains = clip.chains(of: segments, budget: budget)
      try budget.check()
      guard !chains.isEmpty else { return }
      try body(
        PreparedStroke(
          layer: layer, stroke: index, color: stroke.color ?? .black,
          blendMode: stroke.blendMode, parts: AlphaSplitting.parts(ofChains: chains)))
    }
  }

  /// Walks every stroke that draws something, in drawing order, handing `body` its layer and
  /// index, the stroke, its segments in output coordinates, and the transform from the layer's
  /// coordinates to output pixels. Throws the budget's error as soon as it is spent.
  static func forEachStroke(
    _ page: RenderPage, frame: Frame, scale: Double, options: RenderOptions, budget: WorkBudget,
    _ body: (
      _ layer: Int, _ index: Int, _ stroke: Stroke, _ segments: [CubicSegment],
      _ device: AffineTransform
    ) throws(WillError) -> Void
  ) throws(WillError) {
    let toOutput = AffineTransform.scale(x: scale, y: scale)
      .concatenating(.translation(x: -frame.x, y: -frame.y))
    for (layerIndex, layer) in page.layers.enumerated() {
      let device = toOutput.concatenating(layer.transform)
      for (strokeIndex, stroke) in layer.strokes.enumerated() {
        // The segments are held in memory: charged before they are built.
        budget.charge(max(0, stroke.points.count - 3) * WorkBudget.segmentCost)
        try budget.check()
        var segments = CatmullRom.segments(of: stroke, defaultWidth: options.defaultWidth)
        for index in segments.indices {
          segments[index] = segments[index].transformed(by: device, widthScale: 1)
        }
        // Strokes built in memory (never decoded ones) may hold NaN or infinity: draw nothing.
        guard !segments.isEmpty, segments.allSatisfy(\.isFinite) else { continue }
        try body(layerIndex, strokeIndex, stroke, segments, device)
        try budget.check()
      }
    }
  }

  /// The cubic-Bézier outlines of every stroke, in output coordinates (page units times
  /// `scale`, origin at the frame's corner), clipped to the frame (with each stroke's width
  /// as margin): segments that cannot reach it are left out.
  /// - Parameters:
  ///   - page: The page.
  ///   - frame: The page rectangle, from ``frame(of:options:)``.
  ///   - scale: Output units per page unit.
  ///   - options: The tolerance (in output units), default width and work limit.
  /// - Returns: One shape per stroke that draws something, in drawing order.
  /// - Throws: `WillError(.renderLimitExceeded(.work, …))` when the outlines exceed
  ///   ``RenderLimits/maxWork``.
  public static func shapes(
    of page: RenderPage, frame: Frame, scale: Double, options: RenderOptions
  ) throws(WillError) -> [StrokeShape] {
    try shapes(
      of: page, frame: frame, scale: scale, options: options,
      budget: try workBudget(for: options))
  }

  static func shapes(
    of page: RenderPage, frame: Frame, scale: Double, options: RenderOptions, budget: WorkBudget
  ) throws(WillError) -> [StrokeShape] {
    let outliner = BezierOutliner(tolerance: options.tolerance)
    let clip = clip(width: frame.width * scale, height: frame.height * scale, options: options)
    var shapes: [StrokeShape] = []
    try prepare(
      page, frame: frame, scale: scale, clip: clip, options: options, budget: budget
    ) { (prepared) throws(WillError) in
      let parts = prepared.parts.map {
        StrokeOutliner.Part(path: outliner.path(of: $0.chains, budget: budget), alpha: $0.alpha)
      }.filter { !$0.path.isEmpty }
      budget.charge(parts.reduce(0) { $0 + $1.path.elements.count } * WorkBudget.vectorElementCost)
      try budget.check()
      guard !parts.isEmpty else { return }
      shapes.append(
        StrokeShape(
          layer: prepared.layer, stroke: prepared.stroke, color: prepared.color,
          blendMode: prepared.blendMode, parts: parts))
    }
    return shapes
  }

  /// The flattened outline polygons of every stroke, in output pixels, clipped to the canvas
  /// as ``renderCanvas(_:options:)`` clips them.
  /// - Parameters:
  ///   - page: The page.
  ///   - frame: The page rectangle, from ``frame(of:options:)``.
  ///   - options: Scale, tolerance (in output pixels), default width and work limit.
  /// - Returns: One entry per stroke that draws something, in drawing order.
  /// - Throws: `WillError(.renderLimitExceeded(.work, …))` when the polygons exceed
  ///   ``RenderLimits/maxWork``.
  public static func polygons(of page: RenderPage, frame: Frame, options: RenderOptions)
    throws(WillError) -> [StrokePolygons]
  {
    try polygons(
      of: page, frame: frame, options: options, budget: try workBudget(for: options))
  }

  static func polygons(
    of page: RenderPage, frame: Frame, options: RenderOptions, budget: WorkBudget
  ) throws(WillError) -> [StrokePolygons] {
    let outliner = PolygonOutliner(tolerance: options.tolerance)
    let size = canvasSize(frame, scale: options.scale)
    let clip = clip(width: Double(size.width), height: Double(size.height), options: options)
    var result: [StrokePolygons] = []
    try prepare(
      page, frame: frame, scale: options.scale, clip: clip, options: options, budget: budget
    ) { (prepared) throws(WillError) in
      let parts = prepared.parts.map {
        var sink = PolygonCollector()
        outliner.outline($0.chains, into: &sink, budget: budget)
        // One contour per piece of ink: the sweep then follows one chain of edges on most
        // rows instead of deciding where overlapping caps and joins meet (merging costs about
        // what it saves the fill, end to end; Benchmarks/NOTES.md).
        let polygons = PolygonUnion.merged(sink.polygons, budget: budget)
        return StrokePolygons.Part(alpha: $0.alpha, polygons: polygons.map { $0.map(\.point) })
      }.filter { !$0.polygons.isEmpty }
      let vertices = parts.reduce(0) { $0 + $1.polygons.reduce(0) { $0 + $1.count } }
      budget.charge(vertices * WorkBudget.vectorElementCost)
      try budget.check()
      guard !parts.isEmpty else { return }
      result.append(
        StrokePolygons(
          layer: prepared.layer, stroke: prepared.stroke, color: prepared.color,
          blendMode: prepared.blendMode, parts: parts))
    }
    return result
  }

  /// The canvas of a frame at a scale, in pixels (`ceil(frame × scale)`, at least 1 × 1), in
  /// floating point: a hostile frame may need more pixels than an `Int` holds.
  static func canvasSize(_ frame: Frame, scale: Double) -> (width: Double, height: Double) {
    (max(1, (frame.width * scale).rounded(.up)), max(1, (frame.height * scale).rounded(.up)))
  }

  /// Draws a page onto a new canvas, with ``RenderOptions/brush``.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance, default width, brush and limits.
  /// - Returns: The canvas, `ceil(frame × scale)` pixels, filled with the background.
  /// - Throws: `WillError(.renderLimitExceeded(.canvasPixels, …))`, before anything is
  ///   allocated, when the canvas would exceed ``RenderLimits/maxCanvasPixels``;
  ///   `.renderLimitExceeded(.work, …)` as soon as drawing exceeds ``RenderLimits/maxWork``;
  ///   `.allocationFailed` when a buffer cannot be allocated.
  public static func renderCanvas(_ page: RenderPage, options: RenderOptions = RenderOptions())
    throws(WillError) -> Canvas
  {
    var report = RenderReport()
    return try renderCanvas(page, options: options, report: &report)
  }

  /// Draws a page onto a new canvas, as ``renderCanvas(_:options:)``, and reports the work it
  /// took and the paints that strokes use but whose textures cannot be decoded (those strokes
  /// are drawn solid). Paints no stroke uses are never decoded.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance, default width, brush and limits.
  ///   - report: Receives the work units used and each used paint that failed to decode.
  ///   - images: The document's images, each payload decoded once however many elements
  ///     and pages draw it: pass one cache to every page of a document.
  /// - Returns: The canvas.
  /// - Throws: As ``renderCanvas(_:options:)``.
  public static func renderCanvas(
    _ page: RenderPage, options: RenderOptions, report: inout RenderReport,
    images: ImageCache = ImageCache()
  ) throws(WillError) -> Canvas {
    let budget = try workBudget(for: options)
    defer { report.work = budget.used }
    return try renderCanvas(
      page, options: options, budget: budget, report: &report, images: images)
  }

  /// A budget for one render with `options`, once they are checked: options are plain
  /// values an app may fill with anything, so a bad one is an error here, never a trap.
  static func workBudget(for options: RenderOptions) throws(WillError) -> WorkBudget {
    guard options.scale > 0 && options.scale.isFinite else {
      throw WillError(.unsupported("render scale \(options.scale) (it must be positive)"))
    }
    guard options.tolerance > 0 && options.tolerance.isFinite else {
      throw WillError(.unsupported("render tolerance \(options.tolerance) (it must be positive)"))
    }
    return WorkBudget(limit: options.limits.maxWork)
  }

  /// Draws a page, charging `budget` (which tests and measurements read afterwards).
  static func renderCanvas(
    _ page: RenderPage, options: RenderOptions, budget: WorkBudget,
    undecodablePaints: inout [PaintFailure]
  ) throws(WillError) -> Canvas {
    var report = RenderReport()
    defer { undecodablePaints += report.undecodablePaints }
    return try renderCanvas(
      page, options: options, budget: budget, report: &report, images: ImageCache())
  }

  /// Draws a page as the WILL SDK composites it: the strokes into a transparent ink layer
  /// (so an eraser removes ink, never paper, and destination-over ink goes under earlier ink),
  /// then that layer over the page (its background and images, decoded through `images`).
  /// Charges `budget`; paints and images that cannot be decoded go to `report`.
  static func renderCanvas(
    _ page: RenderPage, options: RenderOptions, budget: WorkBudget,
    report: inout RenderReport, images: ImageCache
  ) throws(WillError) -> Canvas {
    let frame = frame(of: page, options: options)
    let size = canvasSize(frame, scale: options.scale)
    let pixels = size.width * size.height
    // Past 2^62 pixels no canvas exists, whatever the limit says (and the sides would not
    // convert to Int).
    guard pixels <= Double(options.limits.maxCanvasPixels), pixels < 0x1p62 else {
      throw WillError(
        .renderLimitExceeded(
          .canvasPixels, value: pixels < 0x1p62 ? Int(pixels) : Int.max,
          limit: options.limits.maxCanvasPixels))
    }
    let width = Int(size.width)
    let height = Int(size.height)
    // Clearing the ink layer, placing it over the page and encoding the canvas touch every
    // pixel.
    budget.charge(width * height * WorkBudget.canvasPixelCost)
    try budget.check()
    try CheckedAllocation.probe(UInt32.self, count: width * height)
    // Source-over ink on its own layer, laid over the page, gives what source-over ink drawn
    // on the page gives: only other modes and images need the layer (and its pass).
    let layered =
      !page.images.isEmpty
      || page.layers.contains { $0.strokes.contains { $0.blendMode.effective != .sourceOver } }
    var canvas = Canvas(width: width, height: height, background: layered ? nil : page.background)
    let clip = clip(width: size.width, height: size.height, options: options)
    if options.brush != .solid {
      report.undecodablePaints += try BrushPainter.paint(
        page, frame: frame, scale: options.scale, clip: clip, options: options, budget: budget,
        on: &canvas)
    } else {
      var painter = Painter(
        width: width, height: height, tolerance: options.tolerance, budget: budget)
      try prepare(
        page, frame: frame, scale: options.scale, clip: clip, options: options, budget: budget
      ) { prepared in
        painter.paint(prepared, on: &canvas)
      }
    }
    guard layered else { return canvas }
    guard !page.images.isEmpty else {
      canvas.placeOver(background: page.background)
      return canvas
    }
    // The page is a canvas of its own: as large as the ink's, checked and charged as it was.
    budget.charge(width * height * WorkBudget.canvasPixelCost)
    try budget.check()
    try CheckedAllocation.probe(UInt32.self, count: width * height)
    var paper = Canvas(width: width, height: height, background: page.background)
    let toDevice = AffineTransform.scale(x: options.scale, y: options.scale)
      .concatenating(.translation(x: -frame.x, y: -frame.y))
    report.undrawnImages += try ImageDrawing.draw(
      page.images, on: &paper, toDevice: toDevice, limits: options.limits, budget: budget,
      cache: images)
    canvas.placeOver(page: paper)
    return canvas
  }

  /// Fills precomputed outline polygons (from ``polygons(of:frame:options:)``) onto a canvas,
  /// compositing each stroke once with its colour and blend mode, as ``renderCanvas(_:options:)``
  /// does. For apps that cache outlines, and for comparing the rasteriser with other fillers.
  /// The work is the caller's polygons: no limit applies.
  /// - Parameters:
  ///   - strokes: The strokes' polygons, in output pixels, in drawing order.
  ///   - canvas: The canvas to draw on.
  public static func fill(_ strokes: [StrokePolygons], on canvas: inout Canvas) {
    var painter = Painter(
      width: canvas.width, height: canvas.height, tolerance: 0.1, budget: .unlimited())
    for stroke in strokes { painter.paint(stroke, on: &canvas) }
  }

  /// Renders a page to a PNG file.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance, default width, brush and limits.
  /// - Returns: The PNG bytes.
  /// - Throws: As ``renderCanvas(_:options:)``.
  public static func renderPNG(_ page: RenderPage, options: RenderOptions = RenderOptions())
    throws(WillError) -> [UInt8]
  {
    var report = RenderReport()
    return try renderPNG(page, options: options, report: &report)
  }

  /// Renders a page to a PNG file, reporting the work it took and the used paints that
  /// cannot be decoded (see ``renderCanvas(_:options:report:)``).
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance, default width, brush and limits.
  ///   - report: Receives the work units used and each used paint that failed to decode.
  ///   - images: The document's images, each payload decoded once however many elements
  ///     and pages draw it: pass one cache to every page of a document.
  /// - Returns: The PNG bytes.
  /// - Throws: As ``renderCanvas(_:options:)``.
  public static func renderPNG(
    _ page: RenderPage, options: RenderOptions, report: inout RenderReport,
    images: ImageCache = ImageCache()
  ) throws(WillError) -> [UInt8] {
    let canvas = try renderCanvas(page, options: options, report: &report, images: images)
    // Encoding holds three more buffers of the canvas's size at once: its straight-alpha copy,
    // the filtered rows and zlib's output.
    try CheckedAllocation.probe(bytes: 3 * canvas.pixels.count)
    return PNGWriter.encode(canvas)
  }

  /// Renders a page to an SVG document: one `<g>` per layer, one `<path>` per stroke part.
  ///
  /// Outlines are clipped to the page (the `viewBox`) with each stroke's width as margin:
  /// ink that cannot show is left out, so the document's size follows what is visible.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: The scale (applied to the `width` and `height` attributes; the `viewBox`
  ///     stays in page units), tolerance (in output pixels), default width and work limit.
  /// - Returns: The SVG text.
  /// - Throws: `WillError(.renderLimitExceeded(.work, …))` when the outlines exceed
  ///   ``RenderLimits/maxWork``.
  public static func renderSVG(_ page: RenderPage, options: RenderOptions = RenderOptions())
    throws(WillError) -> String
  {
    var report = RenderReport()
    return try renderSVG(page, options: options, report: &report)
  }

  /// What SVG and PDF output start from: the page's frame, the options in page units (vector
  /// output is written in page units, so the tolerance, given in output pixels, is divided
  /// by the scale), and the page's work budget.
  static func vectorSetup(of page: RenderPage, options: RenderOptions) throws(WillError) -> (
    frame: Frame, options: RenderOptions, budget: WorkBudget
  ) {
    var pageOptions = options
    pageOptions.tolerance = options.tolerance / options.scale
    return (frame(of: page, options: options), pageOptions, try workBudget(for: options))
  }

  /// Renders a page to an SVG document, as ``renderSVG(_:options:)``, reporting the work it
  /// took.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance, default width and work limit.
  ///   - report: Receives the work units used.
  ///   - images: The document's images: the page embeds each payload once, however many
  ///     elements draw it (each a `<use>` of it).
  /// - Returns: The SVG text.
  /// - Throws: As ``renderSVG(_:options:)``.
  public static func renderSVG(
    _ page: RenderPage, options: RenderOptions, report: inout RenderReport,
    images: ImageCache = ImageCache()
  ) throws(WillError) -> String {
    let (frame, pageOptions, budget) = try vectorSetup(of: page, options: options)
    defer { report.work = budget.used }
    let strokes = try vectorStrokes(
      of: page, frame: frame, options: pageOptions, style: options.svgStyle, budget: budget)
    let placed = try svgImages(page.images, limits: options.limits, budget: budget, cache: images)
    report.undrawnImages += placed.failures
    return SVGWriter.document(
      strokes, frame: frame, scale: options.scale, background: page.background,
      images: placed.images, decimals: PathText.decimals(forTolerance: pageOptions.tolerance),
      report: &report)
  }

  /// The images an SVG page shows, each with its payload's number and header, and those it
  /// cannot: neither PNG nor JPEG, or a JPEG with more scans than
  /// ``RenderLimits/maxImageScans``. Charges each element and, once per page, each payload's
  /// bytes as the text that embeds them.
  static func svgImages(
    _ images: [RenderImage], limits: RenderLimits, budget: WorkBudget, cache: ImageCache
  ) throws(WillError) -> (images: [SVGWriter.Image], failures: [ImageFailure]) {
    var placed: [SVGWriter.Image] = []
    var failures: [ImageFailure] = []
    var embedded = Set<Int>()
    for image in images {
      budget.charge(WorkBudget.imageReferenceCost)
      try budget.check()
      let payload = cache.payload(of: image, budget: budget)
      guard let header = payload.header else {
        failures.append(
          ImageFailure(
            name: image.name, reason: "\(image.contentType) is neither a PNG nor a JPEG image"))
        continue
      }
      if header.encoding == .jpeg, let error = cache.scanFailure(image, payload, limits: limits) {
        failures.append(ImageFailure(image, error))
        continue
      }
      if embedded.insert(payload.number).inserted {
        budget.charge(image.data.count * WorkBudget.embeddedByteCost)
        try budget.check()
      }
      placed.append(SVGWriter.Image(image: image, payload: payload.number, header: header))
    }
    return (placed, failures)
  }

  /// Every stroke that draws something as a vector writer takes it, in page units relative
  /// to the frame's corner: its outline, or its centre line with its mean width.
  static func vectorStrokes(
    of page: RenderPage, frame: Frame, options: RenderOptions, style: SVGStyle,
    budget: WorkBudget
  ) throws(WillError) -> [VectorStroke] {
    switch style {
    case .outline:
      return try shapes(of: page, frame: frame, scale: 1, options: options, budget: budget).map {
        VectorStroke(
          layer: $0.layer, color: $0.color, blendMode: $0.blendMode,
          pieces: $0.parts.map { VectorStroke.Piece(alpha: $0.alpha, path: $0.path) })
      }
    case .centerline:
      let clip = clip(width: frame.width, height: frame.height, options: options)
      var result: [VectorStroke] = []
      try prepare(
        page, frame: frame, scale: 1, clip: clip, options: options, budget: budget
      ) { (prepared) throws(WillError) in
        var widthSum = 0.0
        var widthCount = 0.0
        var pieces: [VectorStroke.Piece] = []
        for part in prepared.parts {
          var path = OutlinePath()
          for chain in part.chains {
            guard let first = chain.first else { continue }
            path.elements.append(.move(InkPoint(x: first.b0.x, y: first.b0.y)))
            var moved = false
            for s in chain {
              widthSum += max(s.b0.width, 0) + max(s.b3.width, 0)
              widthCount += 2
              let points = [s.b1, s.b2, s.b3]
              if points.contains(where: { $0.x != s.b0.x || $0.y != s.b0.y }) { moved = true }
              path.elements.append(
                .cubic(
                  InkPoint(x: s.b1.x, y: s.b1.y), InkPoint(x: s.b2.x, y: s.b2.y),
                  InkPoint(x: s.b3.x, y: s.b3.y)))
            }
            // A tap: a zero-length line, which round caps draw as a dot.
            if !moved { path.elements.append(.line(InkPoint(x: first.b0.x + 1e-3, y: first.b0.y))) }
          }
          budget.charge(path.elements.count * WorkBudget.vectorElementCost)
          pieces.append(VectorStroke.Piece(alpha: part.alpha, path: path))
        }
        try budget.check()
        guard !pieces.isEmpty else { return }
        result.append(
          VectorStroke(
            layer: prepared.layer, color: prepared.color, blendMode: prepared.blendMode,
            pieces: pieces, strokeWidth: widthCount > 0 ? widthSum / widthCount : 0))
      }
      return result
    }
  }

  /// Renders a page's outlines as flattened polygons in output pixels, as JSON, clipped to
  /// the canvas as ``renderCanvas(_:options:)`` clips them.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance, default width and work limit.
  /// - Returns: The JSON text (see ``OutlineJSONWriter``).
  /// - Throws: `WillError(.renderLimitExceeded(.work, …))` when the polygons exceed
  ///   ``RenderLimits/maxWork``.
  public static func renderOutlineJSON(
    _ page: RenderPage, options: RenderOptions = RenderOptions()
  ) throws(WillError) -> String {
    var report = RenderReport()
    return try renderOutlineJSON(page, options: options, report: &report)
  }

  /// Renders a page's outlines as JSON, as ``renderOutlineJSON(_:options:)``, reporting the
  /// work it took.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance, default width and work limit.
  ///   - report: Receives the work units used.
  /// - Returns: The JSON text.
  /// - Throws: As ``renderOutlineJSON(_:options:)``.
  public static func renderOutlineJSON(
    _ page: RenderPage, options: RenderOptions, report: inout RenderReport
  ) throws(WillError) -> String {
    let frame = frame(of: page, options: options)
    let budget = try workBudget(for: options)
    defer { report.work = budget.used }
    return OutlineJSONWriter.document(
      try polygons(of: page, frame: frame, options: options, budget: budget),
      width: frame.width * options.scale, height: frame.height * options.scale,
      tolerance: options.tolerance)
  }
}
