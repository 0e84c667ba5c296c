#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The round-join stroke of one chain for ``PolygonOutliner``: the flattened centre line with
/// its radii, turned into polygons run by run.
struct PolylineStroker {
  let tolerance: Double
  let budget: WorkBudget
  var centers: [Vec2] = []
  var radii: [Double] = []
  var left: [Vec2] = []
  var right: [Vec2] = []
  var scratch: [Vec2] = []

  init(tolerance: Double, budget: WorkBudget) {
    self.tolerance = tolerance
    self.budget = budget
  }

  /// Appends the flattened centre line of a segment; `false` when the budget is spent.
  mutating func flatten(_ s: CubicSegment) -> Bool {
    let n = s.subdivisions(tolerance: tolerance)
    // Charged before the points are made: they are what the outline's size follows.
    guard budget.charge((n + 1) * WorkBudget.stepCost) else { return false }
    if centers.isEmpty { append(s.b0) }
    for i in 1...n { append(i == n ? s.b3 : s.point(at: Double(i) / Double(n))) }
    return true
  }

  mutating func append(_ p: SplinePoint) {
    let c = Vec2(p.x, p.y)
    let r = p.width > 0 ? p.width / 2 : 0
    guard c.x.isFinite, c.y.isFinite, r.isFinite else { return }
    if let last = centers.last, (c - last).length <= 1e-9 {
      radii[radii.count - 1] = max(radii[radii.count - 1], r)
      return
    }
    centers.append(c)
    radii.append(r)
  }

  /// The unit vectors from the centres to the two common tangents of consecutive discs, or nil
  /// when one disc contains the other.
  func frame(_ i: Int) -> (u: Vec2, left: Vec2, right: Vec2)? {
    let delta = centers[i + 1] - centers[i]
    let d = delta.length
    let s = (radii[i] - radii[i + 1]) / d
    guard abs(s) < 0.98 else { return nil }
    let u = delta * (1 / d)
    let q = (1 - s * s).squareRoot()
    return (u, u * s + u.perpendicular * q, u * s - u.perpendicular * q)
  }

  mutating func finish<Sink: PolygonSink>(into sink: inout Sink) {
    let count = centers.count
    guard count > 0 else { return }
    if count == 1 {
      disc(centers[0], radii[0], into: &sink)
      return
    }
    var runStart: (c: Vec2, r: Double, left: Vec2, right: Vec2)?
    var previous: (u: Vec2, left: Vec2, right: Vec2)?
    for i in 0..<(count - 1) {
      let v = centers[i]
      let r = radii[i]
      guard let f = frame(i) else {
        // One disc contains the other: end the run, draw the larger disc on its own.
        if let p = previous, let start = runStart {
          endRun(start, v, r, p.left, p.right, into: &sink)
        }
        runStart = nil
        previous = nil
        let k = radii[i] >= radii[i + 1] ? i : i + 1
        disc(centers[k], radii[k], into: &sink)
        continue
      }
      if let p = previous, let start = runStart {
        let cosine = Vec2.dot(p.u, f.u)
        if cosine < -0.17 {
          // A turn of more than ~100°: cap both runs at the vertex.
          endRun(start, v, r, p.left, p.right, into: &sink)
          runStart = (v, r, f.left, f.right)
          left.append(v + f.left * r)
          right.append(v + f.right * r)
        } else {
          // A side is inner where its two tangents turn towards the stroke (their lines
          // cross there), whatever the centre line does: a width that shrinks ahead turns
          // both sides' tangents forwards, and both then need the disc's arc.
          joinSide(left: true, v, r, p.left, f.left, inner: Vec2.cross(p.left, f.left) > 0)
          joinSide(left: false, v, r, p.right, f.right, inner: Vec2.cross(p.right, f.right) < 0)
        }
      } else {
        runStart = (v, r, f.left, f.right)
        left.append(v + f.left * r)
        right.append(v + f.right * r)
      }
      previous = f
    }
    if let p = previous, let start = runStart {
      endRun(start, centers[count - 1], radii[count - 1], p.left, p.right, into: &sink)
    }
  }

  /// ``join(_:_:_:_:inner:into:)`` on the left or right side. The side is moved out while it
  /// grows: passing the stored array inout to a method of `self` would copy it at every join.
  mutating func joinSide(
    left isLeft: Bool, _ v: Vec2, _ r: Double, _ a: Vec2, _ b: Vec2, inner: Bool
  ) {
    var side: [Vec2] = []
    if isLeft { swap(&side, &left) } else { swap(&side, &right) }
    join(v, r, a, b, inner: inner, into: &side)
    if isLeft { swap(&side, &left) } else { swap(&side, &right) }
  }

  /// Adds one side's vertices at a join, from the end of the previous tangent (direction `a`)
  /// to the start of the next one (direction `b`).
  func join(_ v: Vec2, _ r: Double, _ a: Vec2, _ b: Vec2, inner: Bool, into side: inout [Vec2]) {
    let c = max(-1, min(1, Vec2.dot(a, b)))
    let half = (0.5 * (1 + c)).squareRoot()  // cos(φ/2)
    if r * (1 / max(half, 1e-9) - 1) <= tolerance * 0.5 {
      // Both sides within the tolerance of the mitre point.
      let m = a + b
      let length = m.length
      if length > 1e-12 {
        side.append(v + m * (r / (length * half)))
        return
      }
    }
    side.append(v + a * r)
    if inner {
      side.append(v)
    } else {
      arcPoints(v, r, from: a, to: b, into: &side)
    }
    side.append(v + b * r)
  }

  /// Appends the points strictly between directions `a` and `b` on the circle, along the
  /// shorter way round.
  func arcPoints(_ c: Vec2, _ r: Double, from a: Vec2, to b: Vec2, into side: inout [Vec2]) {
    let sweep = atan2(Vec2.cross(a, b), Vec2.dot(a, b))
    arcPoints(c, r, start: atan2(a.y, a.x), sweep: sweep, into: &side)
  }

  func arcPoints(_ c: Vec2, _ r: Double, start: Double, sweep: Double, into side: inout [Vec2]) {
    guard r > 0 else { return }
    let step = r > tolerance ? 2 * acos(1 - tolerance / r) : Double.pi / 2
    let steps = (abs(sweep) / step).rounded(.up)
    guard steps.isFinite, steps > 1 else { return }
    let n = Int(min(steps, 1024))
    guard budget.charge(n * WorkBudget.stepCost) else { return }
    let delta = sweep / Double(n)
    for i in 1..<n {
      let angle = start + delta * Double(i)
      side.append(c + Vec2(cos(angle), sin(angle)) * r)
    }
  }

  /// Emits a run: left side forward, the end cap, right side backward, the start cap.
  mutating func endRun<Sink: PolygonSink>(
    _ start: (c: Vec2, r: Double, left: Vec2, right: Vec2), _ end: Vec2, _ r: Double,
    _ endLeft: Vec2, _ endRight: Vec2, into sink: inout Sink
  ) {
    left.append(end + endLeft * r)
    right.append(end + endRight * r)
    sink.begin(left[0])
    for p in left.dropFirst() { sink.add(p) }
    cap(end, r, from: endLeft, to: endRight, into: &sink)
    for p in right.reversed() { sink.add(p) }
    cap(start.c, start.r, from: start.right, to: start.left, into: &sink)
    sink.end()
    left.removeAll(keepingCapacity: true)
    right.removeAll(keepingCapacity: true)
  }

  /// A round cap: the clockwise (negative-angle) arc from `from` to `to`.
  mutating func cap<Sink: PolygonSink>(
    _ c: Vec2, _ r: Double, from: Vec2, to: Vec2, into sink: inout Sink
  ) {
    var sweep = atan2(Vec2.cross(from, to), Vec2.dot(from, to))
    if sweep >= 0 { sweep -= 2 * Double.pi }
    scratch.removeAll(keepingCapacity: true)
    arcPoints(c, r, start: atan2(from.y, from.x), sweep: sweep, into: &scratch)
    for p in scratch { sink.add(p) }
  }

  mutating func disc<Sink: PolygonSink>(_ c: Vec2, _ r: Double, into sink: inout Sink) {
    guard r > 0 else { return }
    scratch.removeAll(keepingCapacity: true)
    arcPoints(c, r, start: 0, sweep: -2 * Double.pi, into: &scratch)
    guard scratch.count >= 2 else { return }
    sink.begin(c + Vec2(r, 0))
    for p in scratch { sink.add(p) }
    sink.end()
  }
}
