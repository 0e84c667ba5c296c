/// A point of a stroke's spline with the channels WILL interpolates along it.
///
/// Position, width and alpha are all interpolated by the same Catmull-Rom spline, so a
/// spline point is a point of a four-dimensional curve.
public struct SplinePoint: Sendable, Hashable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate (down the page).
  public var y: Double
  /// The stroke's width (the brush diameter) at this point.
  public var width: Double
  /// The stroke's opacity at this point, 0…1.
  public var alpha: Double

  /// Creates a spline point.
  public init(x: Double, y: Double, width: Double, alpha: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.alpha = alpha
  }

  @inline(__always)
  static func + (l: SplinePoint, r: SplinePoint) -> SplinePoint {
    SplinePoint(x: l.x + r.x, y: l.y + r.y, width: l.width + r.width, alpha: l.alpha + r.alpha)
  }

  @inline(__always)
  static func - (l: SplinePoint, r: SplinePoint) -> SplinePoint {
    SplinePoint(x: l.x - r.x, y: l.y - r.y, width: l.width - r.width, alpha: l.alpha - r.alpha)
  }

  @inline(__always)
  static func * (l: SplinePoint, s: Double) -> SplinePoint {
    SplinePoint(x: l.x * s, y: l.y * s, width: l.width * s, alpha: l.alpha * s)
  }

  /// Linear interpolation of every channel.
  @inline(__always)
  static func lerp(_ a: SplinePoint, _ b: SplinePoint, _ t: Double) -> SplinePoint {
    a + (b - a) * t
  }
}
