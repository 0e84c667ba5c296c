import InkCodec

extension Renderer {
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
    let strokes = try VectorStroke.strokes(
      of: page, frame: frame, tolerance: pageOptions.tolerance,
      defaultWidth: pageOptions.defaultWidth, style: options.svgStyle, budget: budget)
    let placed = try SVGWriter.placedImages(
      page.images, limits: options.limits, budget: budget, cache: images)
    report.undrawnImages += placed.failures
    return SVGWriter.document(
      strokes, frame: frame, scale: options.scale, background: page.background,
      images: placed.images, decimals: PathText.decimals(forTolerance: pageOptions.tolerance))
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
