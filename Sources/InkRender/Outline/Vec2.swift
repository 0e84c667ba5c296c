import InkCodec

/// A 2-D vector for outline geometry.
struct Vec2: Hashable {
  var x: Double
  var y: Double

  @inline(__always) init(_ x: Double, _ y: Double) { (self.x, self.y) = (x, y) }
  @inline(__always) init(_ p: InkPoint) { (x, y) = (p.x, p.y) }
  @inline(__always) init(_ p: SplinePoint) { (x, y) = (p.x, p.y) }

  var point: InkPoint { InkPoint(x: x, y: y) }
  @inline(__always) var length: Double { (x * x + y * y).squareRoot() }
  /// The vector turned by +90° (x, y) → (−y, x).
  @inline(__always) var perpendicular: Vec2 { Vec2(-y, x) }

  @inline(__always) static func + (l: Vec2, r: Vec2) -> Vec2 { Vec2(l.x + r.x, l.y + r.y) }
  @inline(__always) static func - (l: Vec2, r: Vec2) -> Vec2 { Vec2(l.x - r.x, l.y - r.y) }
  @inline(__always) static func * (l: Vec2, s: Double) -> Vec2 { Vec2(l.x * s, l.y * s) }
  @inline(__always) static func dot(_ l: Vec2, _ r: Vec2) -> Double { l.x * r.x + l.y * r.y }
  @inline(__always) static func cross(_ l: Vec2, _ r: Vec2) -> Double { l.x * r.y - l.y * r.x }
}
