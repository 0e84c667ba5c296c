import InkCodec

/// One cubic Bézier segment of a stroke's spline, in all four channels (x, y, width, alpha).
///
/// ``CatmullRom`` produces these in Bézier form; trimming and subdivision stay exact.
public struct CubicSegment: Sendable, Hashable {
  /// The start point.
  public var b0: SplinePoint
  /// The first control point.
  public var b1: SplinePoint
  /// The second control point.
  public var b2: SplinePoint
  /// The end point.
  public var b3: SplinePoint

  /// Creates a segment from its Bézier control points.
  public init(_ b0: SplinePoint, _ b1: SplinePoint, _ b2: SplinePoint, _ b3: SplinePoint) {
    (self.b0, self.b1, self.b2, self.b3) = (b0, b1, b2, b3)
  }

  /// The spline point at parameter `t` (0 = ``b0``, 1 = ``b3``).
  @inline(__always)
  public func point(at t: Double) -> SplinePoint {
    let u = 1 - t
    let c0 = u * u * u
    let c1 = 3 * u * u * t
    let c2 = 3 * u * t * t
    let c3 = t * t * t
    return SplinePoint(
      x: b0.x * c0 + b1.x * c1 + b2.x * c2 + b3.x * c3,
      y: b0.y * c0 + b1.y * c1 + b2.y * c2 + b3.y * c3,
      width: b0.width * c0 + b1.width * c1 + b2.width * c2 + b3.width * c3,
      alpha: b0.alpha * c0 + b1.alpha * c1 + b2.alpha * c2 + b3.alpha * c3)
  }

  /// The derivative with respect to `t` at parameter `t`, in every channel.
  @inline(__always)
  public func derivative(at t: Double) -> SplinePoint {
    let u = 1 - t
    let d0 = b1 - b0
    let d1 = b2 - b1
    let d2 = b3 - b2
    return d0 * (3 * u * u) + d1 * (6 * u * t) + d2 * (3 * t * t)
  }

  /// Splits the segment at `t` into two segments that together trace the same curve.
  public func split(at t: Double) -> (CubicSegment, CubicSegment) {
    let p01 = SplinePoint.lerp(b0, b1, t)
    let p12 = SplinePoint.lerp(b1, b2, t)
    let p23 = SplinePoint.lerp(b2, b3, t)
    let p012 = SplinePoint.lerp(p01, p12, t)
    let p123 = SplinePoint.lerp(p12, p23, t)
    let mid = SplinePoint.lerp(p012, p123, t)
    return (CubicSegment(b0, p01, p012, mid), CubicSegment(mid, p123, p23, b3))
  }

  /// The part of the segment between parameters `t0` and `t1`, reparameterised to 0…1.
  ///
  /// - Precondition: `0 <= t0 <= t1 <= 1`.
  public func trimmed(from t0: Double, to t1: Double) -> CubicSegment {
    precondition(0 <= t0 && t0 <= t1 && t1 <= 1, "trim parameters must satisfy 0 <= t0 <= t1 <= 1")
    var segment = self
    if t1 < 1 { segment = segment.split(at: t1).0 }
    if t0 > 0 { segment = segment.split(at: t1 > 0 ? t0 / t1 : 0).1 }
    return segment
  }

  /// Whether every channel of every control point is finite.
  public var isFinite: Bool {
    [b0, b1, b2, b3].allSatisfy {
      $0.x.isFinite && $0.y.isFinite && $0.width.isFinite && $0.alpha.isFinite
    }
  }

  /// The number of uniform steps that flatten this segment within `tolerance` in position
  /// and in radius (half the width), from the bound on its second differences; 1…`limit`.
  func subdivisions(tolerance: Double, limit: Int = 4096) -> Int {
    func second(_ a: SplinePoint, _ b: SplinePoint, _ c: SplinePoint) -> Double {
      let d = a - b * 2 + c
      return max((d.x * d.x + d.y * d.y).squareRoot(), abs(d.width) / 2)
    }
    let dd = max(second(b0, b1, b2), second(b1, b2, b3))
    let n = (0.75 * dd / tolerance).squareRoot().rounded(.up)
    return n.isFinite ? Int(min(max(n, 1), Double(limit))) : 1
  }

  /// The segment with every control point mapped through `transform`; widths are scaled by
  /// the transform's ``AffineTransform/lengthScale`` times `widthScale`.
  func transformed(by transform: AffineTransform, widthScale: Double) -> CubicSegment {
    let ws = transform.lengthScale * widthScale
    func map(_ p: SplinePoint) -> SplinePoint {
      let q = transform.apply(x: p.x, y: p.y)
      return SplinePoint(x: q.x, y: q.y, width: p.width * ws, alpha: p.alpha)
    }
    return CubicSegment(map(b0), map(b1), map(b2), map(b3))
  }
}
