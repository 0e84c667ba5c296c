import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signed distances from points to an ``IntersectionTarget`` (negative inside), for points
/// within one box at a time: only the target's pieces near the box are looked at.
///
/// Beyond `margin` from the box, distances are reported as `margin`: a lower bound, which is
/// all the intersector needs there (it only asks whether a disc no larger than the margin
/// reaches the target, and how far off it is at least).
struct TargetDistance {
  private let target: IntersectionTarget
  /// The indices of the pieces (swept-disc joints, or polygon edges) near the current box.
  private var nearby: [Int] = []
  /// For a polygon: the edges that can cross a rightward ray from a point in the box.
  private var crossing: [Int] = []
  private var margin = 0.0

  init(_ target: IntersectionTarget) { self.target = target }

  /// Focuses on points within `box`, with distances exact up to `margin`.
  mutating func focus(on box: InkBounds, margin: Double) {
    self.margin = margin
    nearby.removeAll(keepingCapacity: true)
    crossing.removeAll(keepingCapacity: true)
    let near = InkBounds(
      minX: box.minX - margin, minY: box.minY - margin, maxX: box.maxX + margin,
      maxY: box.maxY + margin)
    switch target.shape {
    case .sweep(let discs):
      guard discs.count > 1 else {
        if let disc = discs.first, Self.overlaps(disc.box, near) { nearby.append(0) }
        return
      }
      for index in 0..<(discs.count - 1)
      where Self.overlaps(discs[index].box.union(discs[index + 1].box), near) {
        nearby.append(index)
      }
    case .polygon(let points):
      for index in points.indices {
        let a = points[index]
        let b = points[index + 1 == points.count ? 0 : index + 1]
        let edge = InkBounds(
          minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y))
        if Self.overlaps(edge, near) { nearby.append(index) }
        if edge.maxY >= box.minY, edge.minY <= box.maxY, edge.maxX >= box.minX {
          crossing.append(index)
        }
      }
    }
  }

  /// The signed distance from (x, y), a point of the focused box, to the target: exact while
  /// below the margin, else the margin.
  func distance(x: Double, y: Double) -> Double {
    var best = margin
    switch target.shape {
    case .sweep(let discs):
      if discs.count == 1, nearby.count == 1 {
        let disc = discs[0]
        return min(best, hypot(x - disc.x, y - disc.y) - disc.radius)
      }
      for index in nearby {
        best = min(best, Self.coneDistance(x, y, discs[index], discs[index + 1]))
      }
      return best
    case .polygon(let points):
      guard points.count > 1 else { return best }
      for index in nearby {
        let a = points[index]
        let b = points[index + 1 == points.count ? 0 : index + 1]
        best = min(best, Self.segmentDistance(x, y, a, b))
      }
      return winding(x: x, y: y, points) != 0 ? -best : best
    }
  }

  /// The non-zero winding number of the polygon around (x, y), from the edges that can cross
  /// a rightward ray from the focused box.
  private func winding(x: Double, y: Double, _ points: [InkPoint]) -> Int {
    var winding = 0
    for index in crossing {
      let a = points[index]
      let b = points[index + 1 == points.count ? 0 : index + 1]
      let side = (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y)
      if a.y <= y {
        if b.y > y, side > 0 { winding += 1 }
      } else if b.y <= y, side < 0 {
        winding -= 1
      }
    }
    return winding
  }

  /// The distance from (x, y) to the union of discs swept from `a` to `b` with a radius that
  /// varies linearly, negative inside: min over u of |p − s(u)| − r(u), which is convex in u,
  /// so its unconstrained minimum clamped to 0…1 is the answer.
  static func coneDistance(_ x: Double, _ y: Double, _ a: SweptDisc, _ b: SweptDisc) -> Double {
    let (dx, dy) = (b.x - a.x, b.y - a.y)
    let lengthSquared = dx * dx + dy * dy
    let dr = b.radius - a.radius
    let atA = hypot(x - a.x, y - a.y) - a.radius
    let atB = hypot(x - b.x, y - b.y) - b.radius
    // One disc holds the other (or they coincide): the larger one is the shape.
    guard lengthSquared > dr * dr else { return min(atA, atB) }
    let length = lengthSquared.squareRoot()
    let (px, py) = (x - a.x, y - a.y)
    let along = (px * dx + py * dy) / lengthSquared
    let across = abs(px * dy - py * dx) / length
    let u = along + dr * across / (length * (lengthSquared - dr * dr).squareRoot())
    guard u > 0 else { return atA }
    guard u < 1 else { return atB }
    return hypot(x - (a.x + u * dx), y - (a.y + u * dy)) - (a.radius + u * dr)
  }

  /// The distance from (x, y) to the segment from `a` to `b`.
  static func segmentDistance(_ x: Double, _ y: Double, _ a: InkPoint, _ b: InkPoint) -> Double {
    let (dx, dy) = (b.x - a.x, b.y - a.y)
    let lengthSquared = dx * dx + dy * dy
    let u =
      lengthSquared > 0 ? min(max(((x - a.x) * dx + (y - a.y) * dy) / lengthSquared, 0), 1) : 0
    return hypot(x - (a.x + u * dx), y - (a.y + u * dy))
  }

  static func overlaps(_ a: InkBounds, _ b: InkBounds) -> Bool {
    a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
  }
}

extension SweptDisc {
  var box: InkBounds {
    InkBounds(minX: x - radius, minY: y - radius, maxX: x + radius, maxY: y + radius)
  }
}
