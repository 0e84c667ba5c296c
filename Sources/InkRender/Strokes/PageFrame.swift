import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// bounding box (widths times ``RenderPage/widthScale``; a shaped stroke's control points
  /// with the reach of its shapes, scales and offsets) plus the margin.
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
    func include(_ x: Double, _ y: Double, _ r: Double, _ ry: Double? = nil) {
      let ry = ry ?? r
      // Points beyond ±1e12 are far outside any page; fitting them would overflow.
      guard abs(x) < 1e12, abs(y) < 1e12, r < 1e12, ry < 1e12 else { return }
      if var b = box {
        b.minX = min(b.minX, x - r)
        b.minY = min(b.minY, y - ry)
        b.maxX = max(b.maxX, x + r)
        b.maxY = max(b.maxY, y + ry)
        box = b
      } else {
        box = (x - r, y - ry, x + r, y + ry)
      }
    }
    for layer in page.layers {
      // Shapes reach as far as their scale and offset take them from the spline.
      for (_, shaped) in layer.shapedStrokes.sorted(by: { $0.key < $1.key }) {
        guard let controls = shaped.controls() else { continue }
        let t = layer.transform
        for (v, _) in controls {
          // A shape lies in a box of side 1 at size 1 (BrushShapes): its half-extents turned
          // by the rotation, then moved by the offset.
          let half = abs(v[2] * widthScale) / 2
          let (c, s) = (abs(cos(v[3])), abs(sin(v[3])))
          let offset = (v[6] * v[6] + v[7] * v[7]).squareRoot()
          let rx = half * (c * abs(v[4]) + s * abs(v[5])) + offset
          let ry = half * (s * abs(v[4]) + c * abs(v[5])) + offset
          let q = t.apply(x: v[0], y: v[1])
          if t.b == 0 && t.c == 0 {
            include(q.x, q.y, rx * abs(t.a), ry * abs(t.d))
          } else {
            include(q.x, q.y, (rx * rx + ry * ry).squareRoot() * t.lengthScale)
          }
        }
      }
      for stroke in layer.strokes {
        for s in CatmullRom.segments(of: stroke, defaultWidth: defaultWidth) {
          let t = s.transformed(by: layer.transform, widthScale: widthScale)
          for p in [t.b0, t.b1, t.b2, t.b3] {
            include(p.x, p.y, max(p.width, 0) / 2)
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
