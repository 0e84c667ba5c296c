import InkCodec

/// The strokes of a page that reach outside its declared size: what drawing the page as
/// declared (``PageFit/page``) crops.
public struct InkOutsidePage: Sendable, Hashable {
  /// The strokes whose control points lie partly or wholly outside the page.
  public var strokes = 0
  /// Of ``strokes``, those wholly outside: nothing of them is drawn on the page.
  public var whollyOutside = 0
  /// The farthest any control point reaches past a page edge, in page units.
  public var farthest = 0.0
  /// The page width the strokes were measured against.
  public var pageWidth: Double
  /// The page height the strokes were measured against.
  public var pageHeight: Double

  /// Creates a measure of nothing outside a page.
  /// - Parameters:
  ///   - pageWidth: The page width.
  ///   - pageHeight: The page height.
  public init(pageWidth: Double, pageHeight: Double) {
    self.pageWidth = pageWidth
    self.pageHeight = pageHeight
  }
}

extension RenderPage {
  /// The strokes that reach outside the page's declared size, measured as `validate`'s
  /// `outside-page` warning measures them (control points, through each layer's transform,
  /// against the page rectangle; see `InkBounds.overhang(pageWidth:pageHeight:)` in InkCodec).
  ///
  /// Pen widths are not counted: a stroke whose points lie on the page is not reported even
  /// where its width crosses an edge. Linear in the number of control points.
  /// - Returns: `nil` when the page has no usable declared size (it is fitted to the ink
  ///   anyway) or no stroke reaches outside it.
  public func inkOutsidePage() -> InkOutsidePage? {
    guard let size = declaredSize else { return nil }
    var result = InkOutsidePage(pageWidth: size.width, pageHeight: size.height)
    for layer in layers {
      for stroke in layer.strokes {
        guard let box = stroke.bounds?.transformed(by: layer.transform) else { continue }
        let overhang = box.overhang(pageWidth: size.width, pageHeight: size.height)
        guard overhang > InkBounds.pageTolerance else { continue }
        result.strokes += 1
        if box.isOutsidePage(pageWidth: size.width, pageHeight: size.height) {
          result.whollyOutside += 1
        }
        result.farthest = max(result.farthest, overhang)
      }
    }
    return result.strokes > 0 ? result : nil
  }
}

extension RenderPage {
  /// The page's declared size when it is usable: both sides above 0 and below 10^12 units.
  var declaredSize: (width: Double, height: Double)? {
    guard let w = width, let h = height, w > 0, h > 0, w < 1e12, h < 1e12 else { return nil }
    return (w, h)
  }
}
