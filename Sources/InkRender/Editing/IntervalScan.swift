import InkCodec

/// Walks a stroke's segments and records where its ink enters and leaves a target.
///
/// Along the spline, h(t) = distance(centre(t), target) − radius(t) is negative or zero where
/// the ink overlaps the target. h changes by at most L·Δt over Δt, where L bounds the speed
/// of the centre plus that of the radius (from the Bézier control points), so two samples
/// with |h(a)| + |h(b)| ≥ L·(b − a) cannot have a change of side between them. Other spans
/// are halved until they are shorter than the resolution; a change of side is placed at the
/// outside end of the last span.
struct IntervalScan {
  private var distance: TargetDistance
  private let resolution: Double
  /// Evaluations left for refining spans whose ends are on the same side (where a target
  /// grazes the ink); changes of side are always resolved.
  private var grazingBudget = 1 << 20
  private var intervals: [StrokeInterval] = []
  private var openStart: StrokeParameter?
  private var openInside = false
  private var segmentIndex = 0
  private var speed = 0.0

  init(target: IntersectionTarget, resolution: Double) {
    self.distance = TargetDistance(target)
    self.resolution = resolution
  }

  /// Scans one segment (in page coordinates) over its drawn range.
  mutating func scan(_ segment: CubicSegment, index: Int, drawn: ClosedRange<Double>) {
    guard segment.isFinite else { return }
    segmentIndex = index
    let controls = CanvasClip.Box(segment)
    let box = InkBounds(
      minX: controls.minX, minY: controls.minY, maxX: controls.maxX, maxY: controls.maxY)
    var (pathSpeed, radiusSpeed) = (0.0, 0.0)
    for step in [segment.b1 - segment.b0, segment.b2 - segment.b1, segment.b3 - segment.b2] {
      pathSpeed = max(pathSpeed, (step.x * step.x + step.y * step.y).squareRoot())
      radiusSpeed = max(radiusSpeed, abs(step.width) / 2)
    }
    speed = 3 * (pathSpeed + radiusSpeed)
    let radius = controls.radius
    distance.focus(on: box, margin: radius + max(radius, 8 * resolution))

    let (lo, hi) = (drawn.lowerBound, drawn.upperBound)
    var a = lo
    var ha = h(segment, lo)
    if openStart == nil {
      openStart = StrokeParameter(segment: index, t: lo)
      openInside = ha <= 0
    }
    let stepsAlong = (speed * (hi - lo) / max(resolution * 64, 1e-300)).rounded(.up)
    let steps = Int(min(max(stepsAlong, 1), 256))
    for step in 1...steps {
      let b = step == steps ? hi : lo + (hi - lo) * Double(step) / Double(steps)
      let hb = h(segment, b)
      refine(segment, a, ha, b, hb, depth: 0)
      (a, ha) = (b, hb)
    }
  }

  /// The intervals found, the last one closed at `end`.
  mutating func intervals(ending end: StrokeParameter) -> [StrokeInterval] {
    if let start = openStart, start < end || intervals.isEmpty {
      intervals.append(StrokeInterval(start: start, end: end, isInside: openInside))
    }
    openStart = nil
    return intervals
  }

  private func h(_ segment: CubicSegment, _ t: Double) -> Double {
    let p = segment.point(at: t)
    return distance.distance(x: p.x, y: p.y) - max(p.width / 2, 0)
  }

  private mutating func refine(
    _ segment: CubicSegment, _ a: Double, _ ha: Double, _ b: Double, _ hb: Double, depth: Int
  ) {
    let insideA = ha <= 0
    let insideB = hb <= 0
    let reach = speed * (b - a)
    if insideA == insideB {
      guard abs(ha) + abs(hb) < reach, reach > resolution, depth < 48, grazingBudget > 0 else {
        return
      }
      grazingBudget -= 1
    } else if reach <= resolution || depth >= 48 {
      // The change of side, placed at the span's outside end.
      change(to: insideB, at: insideA ? b : a)
      return
    }
    let middle = (a + b) / 2
    let hm = h(segment, middle)
    refine(segment, a, ha, middle, hm, depth: depth + 1)
    refine(segment, middle, hm, b, hb, depth: depth + 1)
  }

  private mutating func change(to inside: Bool, at t: Double) {
    let place = StrokeParameter(segment: segmentIndex, t: t)
    if let start = openStart, start < place {
      intervals.append(StrokeInterval(start: start, end: place, isInside: openInside))
    }
    openStart = place
    openInside = inside
  }
}
