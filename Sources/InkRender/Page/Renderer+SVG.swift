import InkCodec

extension Renderer {
  /// Renders a page to an SVG document: one `<g>` per layer, one `<path>` per stroke part.
  /// A page drawn with particle or hair brushes (``RenderOptions/brush``, or the layers'
  /// ``RenderLayer/particleStrokes``: UIM raster brushes) has its ink drawn by the PNG
  /// renderer at ``RenderOptions/scale`` instead, embedded as one PNG `<image>` over the page
  /// (see ``RenderReport/brushesDrawnAsImage``).
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
    var strokes: [VectorStroke] = []
    var inkImage: SVGWriter.InkImage?
    if drawsBrushesAsImage(page, options: options) {
      report.brushesDrawnAsImage = true
      inkImage = try svgInkImage(
        of: page, frame: frame, options: options, budget: budget, report: &report,
        images: images)
    } else {
      strokes = try VectorStroke.strokes(
        of: page, frame: frame, tolerance: pageOptions.tolerance,
        defaultWidth: pageOptions.defaultWidth, style: options.svgStyle, budget: budget)
    }
    let placed = try SVGWriter.placedImages(
      page.images, limits: options.limits, budget: budget, cache: images)
    report.undrawnImages += placed.failures
    return SVGWriter.document(
      strokes, frame: frame, scale: options.scale, background: page.background,
      images: placed.images, decimals: PathText.decimals(forTolerance: pageOptions.tolerance),
      inkImage: inkImage)
  }

  /// The page's ink drawn by the PNG painter at ``RenderOptions/scale`` (see
  /// ``inkCanvas(of:frame:options:budget:report:images:)``), encoded as a PNG for an SVG page:
  /// the canvas is charged as PNG output charges it, and the file's bytes as an embedded
  /// image's.
  static func svgInkImage(
    of page: RenderPage, frame: Frame, options: RenderOptions, budget: WorkBudget,
    report: inout RenderReport, images: ImageCache
  ) throws(WillError) -> SVGWriter.InkImage {
    let canvas = try inkCanvas(
      of: page, frame: frame, options: options, budget: budget, report: &report,
      images: images)
    // Encoding holds three more buffers of the canvas's size (as renderPNG's), and the text
    // its base64 copy.
    try CheckedAllocation.probe(bytes: 3 * canvas.pixels.count)
    let png = PNGWriter.encode(canvas)
    budget.charge(png.count * WorkBudget.embeddedByteCost)
    try budget.check()
    return SVGWriter.InkImage(
      png: png, width: Double(canvas.width) / options.scale,
      height: Double(canvas.height) / options.scale)
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
}
