import InkCodec

/// The page rectangle in page units: where the output's top-left corner is and its size.
public struct PageFrame: Sendable, Hashable {
  /// The page x at the output's left edge.
  public var x: Double
  /// The page y at the output's top edge.
  public var y: Double
  /// The width in page units.
  public var width: Double
  /// The height in page units.
  public var height: Double
}

extension PageFrame {
  /// The page's rectangle: its declared size, or (no size, or ``PageFit/ink``) the ink's
  /// bounding box (widths times ``RenderPage/widthScale``) plus the margin.
  /// - Parameters:
  ///   - page: The page.
  ///   - defaultWidth: The width of strokes that store none.
  ///
  /// The rectangle is at least 1 × 1. Declared sizes and ink beyond 10^12 units are ignored.
  init(fitting page: RenderPage, defaultWidth: Double) {
    if page.fit == .page, let size = page.declaredSize {
      self.init(x: 0, y: 0, width: size.width, height: size.height)
      return
    }
    // A bad width scale is an error when the strokes are drawn; here it measures as 1.
    let widthScale = page.widthScale > 0 && page.widthScale.isFinite ? page.widthScale : 1
    var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
    for layer in page.layers {
      for stroke in layer.strokes {
        for s in CatmullRom.segments(of: stroke, defaultWidth: defaultWidth) {
          let t = s.transformed(by: layer.transform, widthScale: widthScale)
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
    guard let b = box else {
      self.init(x: 0, y: 0, width: 1, height: 1)
      return
    }
    let m = max(page.margin, 0)
    self.init(
      x: b.minX - m, y: b.minY - m, width: max(b.maxX - b.minX + 2 * m, 1),
      height: max(b.maxY - b.minY + 2 * m, 1))
  }

  /// The canvas of this frame at a scale, in pixels (`ceil(frame × scale)`, at least 1 × 1),
  /// in floating point: a hostile frame may need more pixels than an `Int` holds.
  func canvasSize(scale: Double) -> (width: Double, height: Double) {
    (max(1, (width * scale).rounded(.up)), max(1, (height * scale).rounded(.up)))
  }
}
