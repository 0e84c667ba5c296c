import InkCodec

extension Renderer {
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
    return try draw(page, options: options, budget: budget, report: &report, images: images)
  }

  /// Draws a page as the WILL SDK composites it: the strokes into a transparent ink layer
  /// (so an eraser removes ink, never paper, and destination-over ink goes under earlier ink),
  /// then that layer over the page (its background and images, decoded through `images`).
  /// Charges `budget` (which tests and measurements read afterwards); paints and images that
  /// cannot be decoded go to `report`. Every raster output draws through here; `frame`, when
  /// given, replaces the page's own (a replay draws parts of a page on the whole's frame).
  static func draw(
    _ page: RenderPage, options: RenderOptions, budget: WorkBudget,
    report: inout RenderReport, images: ImageCache, frame: PageFrame? = nil
  ) throws(WillError) -> Canvas {
    let frame = frame ?? Renderer.frame(of: page, options: options)
    let size = frame.canvasSize(scale: options.scale)
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
    let layered = isLayered(page)
    var canvas = Canvas(width: width, height: height, background: layered ? nil : page.background)
    let clip = PageStrokes.clip(
      width: size.width, height: size.height, tolerance: options.tolerance)
    if options.brush != .solid || page.layers.contains(where: { !$0.particleStrokes.isEmpty }) {
      report.undecodablePaints += try BrushPainter.paint(
        page, frame: frame, scale: options.scale, clip: clip, brush: options.brush,
        hairBrush: options.hairBrush, tolerance: options.tolerance,
        defaultWidth: options.defaultWidth, budget: budget, on: &canvas)
    } else {
      var painter = Painter(
        width: width, height: height, tolerance: options.tolerance, budget: budget)
      let shaped = { (stroke: StrokeParts<[[Vec2]]>) in
        painter.paint(PageStrokes.points(stroke), on: &canvas)
      }
      try PageStrokes.prepare(
        page, frame: frame, scale: options.scale, clip: clip, defaultWidth: options.defaultWidth,
        budget: budget, tolerance: options.tolerance, shaped: shaped
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

  /// Whether a page is drawn on an ink layer of its own, laid over the page: source-over ink
  /// on its own layer gives what source-over ink drawn on the page gives, so only other
  /// modes and images need the layer (and its pass).
  static func isLayered(_ page: RenderPage) -> Bool {
    !page.images.isEmpty
      || page.layers.contains { $0.strokes.contains { $0.blendMode.effective != .sourceOver } }
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
  /// cannot be decoded (see ``renderCanvas(_:options:report:images:)``). A `pHYs` chunk
  /// gives the density of ``RenderOptions/scale`` (a page unit is 1/96 in: scale 1 is 96 dpi,
  /// 3,780 pixels per metre), so that the picture prints at the page's size.
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
    return PNGWriter.encode(canvas, pixelsPerMetre: PNGWriter.pixelsPerMetre(scale: options.scale))
  }

  /// Whether this build writes JPEG (``renderJPEG(_:options:report:images:)``): only with
  /// libjpeg-turbo, the `JPEG` trait on Linux.
  public static var writesJPEG: Bool { JPEGEncoder.isAvailable }

  /// Renders a page to a baseline JPEG file at ``RenderOptions/jpegQuality``, as
  /// ``renderPNG(_:options:report:images:)`` draws it. JPEG has no alpha: the canvas is
  /// composited over white (a transparent background comes out white). The JFIF header gives
  /// the density of ``RenderOptions/scale`` in dots per inch (96 at scale 1).
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Scale, tolerance, default width, brush, limits and quality.
  ///   - report: Receives the work units used and each used paint that failed to decode.
  ///   - images: The document's images, each payload decoded once.
  /// - Returns: The JPEG bytes.
  /// - Throws: As ``renderCanvas(_:options:)``; `WillErrorKind.unsupported(_:)` in a build
  ///   without libjpeg-turbo (``writesJPEG``), before anything is drawn;
  ///   `.malformedImage` when libjpeg refuses the canvas (a side over 65,500 pixels).
  public static func renderJPEG(
    _ page: RenderPage, options: RenderOptions, report: inout RenderReport,
    images: ImageCache = ImageCache()
  ) throws(WillError) -> [UInt8] {
    guard writesJPEG else { throw WillError(.unsupported(JPEGEncoder.unavailableReason)) }
    let canvas = try renderCanvas(page, options: options, report: &report, images: images)
    // Encoding holds an RGB copy of the canvas and libjpeg's output.
    try CheckedAllocation.probe(bytes: 4 * canvas.width * canvas.height)
    return try JPEGEncoder.encode(
      canvas, quality: options.jpegQuality,
      dotsPerInch: JPEGEncoder.dotsPerInch(scale: options.scale))
  }
}
