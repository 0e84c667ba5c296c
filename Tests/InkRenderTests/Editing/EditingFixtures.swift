import InkCodec
import InkTestSupport

@testable import InkRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Random strokes and targets for the editing tests, and brute-force geometry to check the
/// intersector against.
enum EditingFixtures {
  /// A wandering stroke inside `box` (origin and size), 5…12 points, constant or per-point
  /// widths up to `maximumWidth`, sometimes trimmed.
  static func stroke(
    _ random: inout SeededRandom, origin: Double = 10, size: Double = 100,
    maximumWidth: Double = 10
  ) -> Stroke {
    let count = 5 + random.below(8)
    var x = random.uniform(origin, origin + size)
    var y = random.uniform(origin, origin + size)
    var points: [InkPoint] = []
    for _ in 0..<count {
      points.append(InkPoint(x: x, y: y))
      x = min(max(x + random.uniform(-25, 25), origin), origin + size)
      y = min(max(y + random.uniform(-25, 25), origin), origin + size)
    }
    let widths =
      random.below(2) == 0
      ? [random.uniform(0.5, maximumWidth)]
      : points.map { _ in random.uniform(0.5, maximumWidth) }
    var stroke = Stroke(points: points, widths: widths)
    if random.below(3) == 0 {
      stroke.startParameter = Float(random.uniform(0, 0.9))
      stroke.endParameter = Float(random.uniform(0.1, 1))
    }
    return stroke
  }

  /// A random target of every kind in turn: `kind` 0 a swept eraser, 1 a circle, 2 a
  /// rectangle, 3 a star-shaped lasso, 4 an eraser stroke.
  static func target(_ random: inout SeededRandom, kind: Int) -> IntersectionTarget {
    switch kind % 5 {
    case 0:
      let points = (0..<(2 + random.below(5))).map { _ in
        InkPoint(x: random.uniform(0, 120), y: random.uniform(0, 120))
      }
      return .sweep(along: points, width: random.uniform(1, 20))
    case 1:
      return .circle(
        x: random.uniform(20, 100), y: random.uniform(20, 100), radius: random.uniform(0, 30))
    case 2:
      let x = random.uniform(0, 80)
      let y = random.uniform(0, 80)
      return .rectangle(
        InkBounds(
          minX: x, minY: y, maxX: x + random.uniform(5, 60), maxY: y + random.uniform(5, 60)))
    case 3:
      return .polygon(star(&random))
    default:
      return .stroke(stroke(&random, maximumWidth: 20))
    }
  }

  /// A star-shaped (simple) polygon around a random centre.
  static func star(_ random: inout SeededRandom) -> [InkPoint] {
    let cx = random.uniform(30, 90)
    let cy = random.uniform(30, 90)
    let count = 5 + random.below(10)
    return (0..<count).map { index in
      let angle = 2 * Double.pi * (Double(index) + random.uniform(0, 0.8)) / Double(count)
      let radius = random.uniform(8, 50)
      return InkPoint(x: cx + radius * cos(angle), y: cy + radius * sin(angle))
    }
  }

  /// The signed distance from (x, y) to a target, by brute force: swept discs sampled densely
  /// along each joint, polygons by the winding angle.
  static func bruteDistance(_ x: Double, _ y: Double, _ target: IntersectionTarget) -> Double {
    switch target.shape {
    case .sweep(let discs):
      var best = Double.infinity
      if discs.count == 1 { return hypot(x - discs[0].x, y - discs[0].y) - discs[0].radius }
      for (a, b) in zip(discs, discs.dropFirst()) {
        for step in 0...400 {
          let u = Double(step) / 400
          let cx = a.x + u * (b.x - a.x)
          let cy = a.y + u * (b.y - a.y)
          best = min(best, hypot(x - cx, y - cy) - (a.radius + u * (b.radius - a.radius)))
        }
      }
      return best
    case .polygon(let points):
      var best = Double.infinity
      var angle = 0.0
      for (index, a) in points.enumerated() {
        let b = points[(index + 1) % points.count]
        best = min(best, TargetDistance.segmentDistance(x, y, a, b))
        var turn = atan2(b.y - y, b.x - x) - atan2(a.y - y, a.x - x)
        if turn > .pi { turn -= 2 * .pi }
        if turn < -.pi { turn += 2 * .pi }
        angle += turn
      }
      return abs(angle) > .pi ? -best : best
    }
  }

  /// How far inside (negative) or outside the target the stroke's ink is at a place:
  /// distance to the target less the stroke's radius there.
  static func clearance(
    _ stroke: Stroke, at place: StrokeParameter, _ target: IntersectionTarget,
    transform: AffineTransform = .identity
  ) -> Double {
    var value = Double.nan
    CatmullRom.forEachSegment(of: stroke, defaultWidth: 1) { index, segment, _ in
      guard index == place.segment else { return }
      let p = segment.transformed(by: transform, widthScale: 1).point(at: place.t)
      value = bruteDistance(p.x, p.y, target) - max(p.width / 2, 0)
    }
    return value
  }
}
