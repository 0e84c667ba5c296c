import InkCodec

extension Renderer {
  /// Whether SVG and PDF draw the page's ink as an image made by the PNG painter because its
  /// strokes are drawn with particles or hairs: a ``RenderOptions/brush`` other than solid, or
  /// strokes of a layer's ``RenderLayer/particleStrokes`` (UIM raster brushes). Vectors cannot
  /// hold particles: each is a texture stamped with its own random size, angle and place.
  static func drawsBrushesAsImage(_ page: RenderPage, options: RenderOptions) -> Bool {
    options.brush != .solid || page.layers.contains { !$0.particleStrokes.isEmpty }
  }

  /// The page's ink alone, drawn by the PNG painter on a transparent canvas covering `frame`
  /// (`ceil(frame × scale)` pixels; no background, no images), for a vector output that
  /// places it over its page. Paints that cannot be decoded go to `report`.
  /// - Throws: As ``renderCanvas(_:options:)``, charging `budget`.
  static func inkCanvas(
    of page: RenderPage, frame: Frame, options: RenderOptions, budget: WorkBudget,
    report: inout RenderReport, images: ImageCache
  ) throws(WillError) -> Canvas {
    var inkPage = page
    inkPage.background = nil
    inkPage.images = []
    inkPage.width = frame.width
    inkPage.height = frame.height
    var shifted = inkPage.layers
    for index in shifted.indices {
      shifted[index].transform = AffineTransform.translation(x: -frame.x, y: -frame.y)
        .concatenating(shifted[index].transform)
    }
    inkPage.layers = shifted
    var inkReport = RenderReport()
    let canvas = try draw(
      inkPage, options: options, budget: budget, report: &inkReport, images: images)
    report.undecodablePaints += inkReport.undecodablePaints
    return canvas
  }
}
