import InkCodec

extension RenderPage {
  /// The page printed on a sheet of paper: the page's rectangle (its declared size or, fitted
  /// to the ink, the ink's bounds) scaled to fit inside the sheet less `margin` on every side,
  /// keeping its aspect ratio, and centred.
  ///
  /// The result is a page of the sheet's size (``fit`` is ``PageFit/page``) whose layers and
  /// images carry the placement in their transforms, so every output draws it the same way:
  /// strokes are scaled with the page (``widthScale`` is kept), and the background fills the
  /// whole sheet. Ink outside the page's declared rectangle is not cut at its edge: what lies
  /// in the sheet's margin shows there.
  /// - Parameters:
  ///   - paper: The sheet; sides that are not positive and finite give the page unchanged.
  ///   - margin: The space kept on each side of the sheet, in page units, or `nil` for the
  ///     page's own ``margin`` when it is fitted to the ink and 0 when it has a declared size.
  ///     A margin that leaves less than a unit is reduced to leave one.
  ///   - defaultWidth: The width of strokes that store none (``RenderOptions/defaultWidth``).
  /// - Returns: The page on the sheet. Linear in the page's control points.
  public func placed(on paper: PaperSize, margin: Double? = nil, defaultWidth: Double = 1)
    -> RenderPage
  {
    guard paper.isUsable else { return self }
    let fitsInk = fit == .ink || declaredSize == nil
    var bare = self
    // Fitted to the ink, the sheet's margin replaces the page's own.
    bare.margin = 0
    let frame = PageFrame(fitting: bare, defaultWidth: defaultWidth)
    let wanted = margin ?? (fitsInk ? self.margin : 0)
    let room = min(paper.width, paper.height)
    let m = min(max(wanted.isFinite ? wanted : 0, 0), max((room - 1) / 2, 0))
    let scale = min((paper.width - 2 * m) / frame.width, (paper.height - 2 * m) / frame.height)
    let placement = AffineTransform.translation(
      x: (paper.width - frame.width * scale) / 2, y: (paper.height - frame.height * scale) / 2
    )
    .concatenating(.scale(x: scale, y: scale))
    .concatenating(.translation(x: -frame.x, y: -frame.y))
    var result = self
    result.width = paper.width
    result.height = paper.height
    result.fit = .page
    result.layers = layers.map {
      var layer = $0
      layer.transform = placement.concatenating(layer.transform)
      return layer
    }
    result.images = images.map {
      var image = $0
      image.transform = placement.concatenating(image.transform)
      return image
    }
    return result
  }
}
