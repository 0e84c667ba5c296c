import InkCodec

extension Renderer {
  /// Renders a page to a one-page vector PDF (see ``renderPDFPage(_:options:report:images:)``).
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Tolerance (in output pixels at ``RenderOptions/scale``), default width,
  ///     brush and limits.
  /// - Returns: The PDF file.
  /// - Throws: As ``renderPDFPage(_:options:report:images:)``.
  public static func renderPDF(_ page: RenderPage, options: RenderOptions = RenderOptions())
    throws(WillError) -> [UInt8]
  {
    var report = RenderReport()
    return PDFWriter.document([try renderPDFPage(page, options: options, report: &report)])
  }

  /// Renders a page as one page of a vector PDF, for ``PDFWriter/document(_:outline:)``.
  ///
  /// The PDF page is the frame in points, one page unit being 1/96 in (0.75 pt): a 864 × 1188
  /// page is 648 × 891 pt. It holds the background, the section's images (PNG re-encoded,
  /// JPEG passed through) and, above them, the ink layer: each solid stroke a filled
  /// Bézier outline with its colour, its alpha in a graphics state, erasers as soft masks
  /// over the ink before them and destination-over ink drawn under it. Particle and hair
  /// brushes (``RenderOptions/brush``, and the layers' ``RenderLayer/particleStrokes``: UIM
  /// raster brushes; the report's ``RenderReport/brushesDrawnAsImage``), and the blend modes PDF cannot composite (copy, lighter and the direct modes,
  /// which act on each premultiplied channel of the ink under them; listed in the report's
  /// ``RenderReport/approximatedBlendModes``), make the ink an image drawn by the PNG
  /// renderer at ``RenderOptions/scale`` pixels per page unit.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: Tolerance, default width, brush, scale (for brushes) and limits.
  ///   - report: Receives the work, the images not drawn and the blend modes approximated.
  ///   - images: The document's images, each payload made into a PDF image once, however
  ///     many elements and pages draw it: pass one cache to every page of a document, and
  ///     ``PDFWriter/document(_:outline:)`` writes it once.
  /// - Returns: The page.
  /// - Throws: `WillError(.renderLimitExceeded(…))` when the outlines, or a brush's canvas,
  ///   exceed ``RenderOptions/limits``.
  public static func renderPDFPage(
    _ page: RenderPage, options: RenderOptions, report: inout RenderReport,
    images: ImageCache = ImageCache()
  ) throws(WillError) -> PDFPage {
    let (frame, pageOptions, budget) = try vectorSetup(of: page, options: options)
    defer { report.work = budget.used }
    var builder = PDFPageBuilder(
      width: frame.width, height: frame.height,
      decimals: PathText.decimals(forTolerance: pageOptions.tolerance))
    if let background = page.background { builder.background(background) }
    let toFrame = AffineTransform.translation(x: -frame.x, y: -frame.y)
    for image in page.images {
      // Each element is a placement of the page's one XObject of its payload.
      budget.charge(WorkBudget.imageReferenceCost)
      try budget.check()
      let payload = images.payload(of: image, budget: budget)
      guard let header = payload.header else {
        report.undrawnImages.append(
          ImageFailure(
            name: image.name, reason: "\(image.contentType) is neither a PNG nor a JPEG image"))
        continue
      }
      switch try images.pdfImage(of: image, payload, limits: options.limits, budget: budget) {
      case .success(let made):
        builder.image(
          made, payload: payload.number,
          map: toFrame.concatenating(
            image.pixelTransform(pixelWidth: header.width, pixelHeight: header.height)))
      case .failure(let error):
        report.undrawnImages.append(ImageFailure(image, error))
      }
    }
    // Modes PDF cannot composite (see VectorBlend) make the ink an image, as brushes do.
    var rasterModes: [BlendMode] = []
    for layer in page.layers {
      for stroke in layer.strokes {
        VectorBlend.noteRaster(stroke.blendMode, in: &rasterModes)
      }
    }
    report.approximatedBlendModes += rasterModes.filter {
      !report.approximatedBlendModes.contains($0)
    }
    let brushes = drawsBrushesAsImage(page, options: options)
    if brushes || !rasterModes.isEmpty {
      report.brushesDrawnAsImage = brushes
      let canvas = try inkCanvas(
        of: page, frame: frame, options: options, budget: budget, report: &report,
        images: images)
      try builder.inkImage(canvas, budget: budget)
    } else {
      let strokes = try VectorStroke.strokes(
        of: page, frame: frame, tolerance: pageOptions.tolerance,
        defaultWidth: pageOptions.defaultWidth, style: .outline, budget: budget)
      builder.ink(strokes)
    }
    let result = builder.page()
    // The page's bytes, held until the document is written (shared images were charged when
    // they were made).
    budget.charge(
      result.objects.reduce(0) { $0 + ($1.shared == nil ? ($1.stream?.count ?? 0) : 0) })
    try budget.check()
    return result
  }
}
