#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The position, radius and the two unit vectors from the centre to the envelope at one
/// parameter of a segment.
private struct Frame {
  var center: Vec2
  var radius: Double
  var tangent: Vec2
  var left: Vec2
  var right: Vec2

  init?(_ segment: CubicSegment, _ t: Double) {
    let p = segment.point(at: t)
    let d = segment.derivative(at: t)
    let v = Vec2(d.x, d.y)
    let speed = v.length
    guard speed > 1e-9 else { return nil }
    center = Vec2(p.x, p.y)
    radius = max(p.width, 0) / 2
    tangent = v * (1 / speed)
    let k = p.width > 0 ? d.width / 2 / speed : 0
    guard abs(k) < 0.9 else { return nil }
    let q = (1 - k * k).squareRoot()
    let n = tangent.perpendicular
    left = tangent * -k + n * q
    right = tangent * -k - n * q
  }

  var leftPoint: Vec2 { center + left * radius }
  var rightPoint: Vec2 { center + right * radius }
}

private struct Cubic {
  var p0, p1, p2, p3: Vec2

  func point(at t: Double) -> Vec2 {
    let u = 1 - t
    return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
  }
}

/// The outline of one chain under construction, for ``StrokeOutliner``: the sides of the
/// current run of well-behaved envelope as fitted cubics, and the finished subpaths.
struct EnvelopeBuilder {
  let tolerance: Double
  var path = OutlinePath()
  private var left: [Cubic] = []
  private var right: [Cubic] = []
  private var runStart: Frame?
  private var runEnd: Frame?

  init(tolerance: Double) { self.tolerance = tolerance }

  /// The elements made so far: those of the path and the pending sides' curves.
  var size: Int { path.elements.count + left.count + right.count }

  static let sampleCount = 12

  mutating func add(_ segment: CubicSegment, depth: Int = 0) {
    guard let frames = safeFrames(segment) else {
      // A long segment usually folds only in a small part: halve it, so that the pieces
      // cover little more than the fold. Short ones become pieces at once.
      let chord = Vec2(segment.b3.x - segment.b0.x, segment.b3.y - segment.b0.y).length
      let width = max(segment.b0.width, segment.b3.width)
      if depth < 3 && chord > 4 * width {
        let (head, tail) = segment.split(at: 0.5)
        add(head, depth: depth + 1)
        add(tail, depth: depth + 1)
        return
      }
      flushRun()
      addPieces(segment)
      return
    }
    if let end = runEnd {
      let gap = max(
        (end.leftPoint - frames.first.leftPoint).length,
        (end.rightPoint - frames.first.rightPoint).length)
      if gap > tolerance * 0.01 { flushRun() }
    }
    if runStart == nil { runStart = frames.first }
    fit(segment, side: 1, 0, 1, frames.first.leftPoint, frames.last.leftPoint, depth: 0)
    fit(segment, side: -1, 0, 1, frames.first.rightPoint, frames.last.rightPoint, depth: 0)
    runEnd = frames.last
  }

  /// The end frames when the envelope of the segment neither folds nor degenerates.
  private func safeFrames(_ segment: CubicSegment) -> (first: Frame, last: Frame)? {
    var first: Frame?
    var last: Frame?
    let n = EnvelopeBuilder.sampleCount
    for i in 0...n {
      let t = Double(i) / Double(n)
      guard let f = Frame(segment, t) else { return nil }
      if i == 0 { first = f }
      if i == n { last = f }
      // The envelope must advance along the curve on both sides: it folds where
      // d/dt(c + r·m)·T ≤ 0. Checked with a margin, by central differences.
      if f.radius > 0 {
        let h = 1e-4
        guard let a = Frame(segment, t - h), let b = Frame(segment, t + h) else { return nil }
        let speed = Vec2(segment.derivative(at: t).x, segment.derivative(at: t).y).length
        let dl = Vec2.dot(b.leftPoint - a.leftPoint, f.tangent) / (2 * h * speed)
        let dr = Vec2.dot(b.rightPoint - a.rightPoint, f.tangent) / (2 * h * speed)
        guard dl > 0.1, dr > 0.1 else { return nil }
      }
    }
    return (first!, last!)
  }

  func envelope(_ segment: CubicSegment, _ side: Double, _ t: Double) -> Vec2 {
    guard let f = Frame(segment, t) else {
      let p = segment.point(at: t)
      return Vec2(p.x, p.y)
    }
    return side > 0 ? f.leftPoint : f.rightPoint
  }

  mutating func fit(
    _ segment: CubicSegment, side: Double, _ t0: Double, _ t1: Double, _ e0: Vec2, _ e1: Vec2,
    depth: Int
  ) {
    let dt = t1 - t0
    let h = 1e-5 * dt
    let d0 = (envelope(segment, side, t0 + h) - envelope(segment, side, t0 - h)) * (dt / (2 * h))
    let d1 = (envelope(segment, side, t1 + h) - envelope(segment, side, t1 - h)) * (dt / (2 * h))
    let cubic = Cubic(p0: e0, p1: e0 + d0 * (1.0 / 3), p2: e1 - d1 * (1.0 / 3), p3: e1)
    var error = 0.0
    if depth < 10 {
      for u in [0.25, 0.5, 0.75] {
        error = max(error, (cubic.point(at: u) - envelope(segment, side, t0 + u * dt)).length)
      }
    }
    if error > tolerance * 0.5 {
      let tm = (t0 + t1) / 2
      let em = envelope(segment, side, tm)
      fit(segment, side: side, t0, tm, e0, em, depth: depth + 1)
      fit(segment, side: side, tm, t1, em, e1, depth: depth + 1)
    } else if side > 0 {
      left.append(cubic)
    } else {
      right.append(cubic)
    }
  }

  /// Emits the current run as one closed subpath: left side forward, end cap, right side
  /// backward, start cap.
  mutating func flushRun() {
    defer {
      left.removeAll(keepingCapacity: true)
      right.removeAll(keepingCapacity: true)
      runStart = nil
      runEnd = nil
    }
    guard let start = runStart, let end = runEnd, let first = left.first else { return }
    path.move(first.p0)
    for c in left { path.cubic(c.p1, c.p2, c.p3) }
    arc(center: end.center, radius: end.radius, from: end.left, to: end.right)
    path.line(end.rightPoint)
    for c in right.reversed() { path.cubic(c.p2, c.p1, c.p0) }
    arc(center: start.center, radius: start.radius, from: start.right, to: start.left)
    path.close()
  }

  /// Appends a clockwise (negative-angle) arc from direction `from` to direction `to`.
  mutating func arc(center: Vec2, radius: Double, from: Vec2, to: Vec2) {
    guard radius > 0 else { return }
    let a0 = atan2(from.y, from.x)
    var sweep = atan2(to.y, to.x) - a0
    while sweep > 0 { sweep -= 2 * Double.pi }
    while sweep <= -2 * Double.pi { sweep += 2 * Double.pi }
    guard sweep < 0 else { return }
    appendArc(center: center, radius: radius, start: a0, sweep: sweep)
  }

  mutating func appendArc(center: Vec2, radius: Double, start: Double, sweep: Double) {
    let count = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
    let step = sweep / Double(count)
    let k = 4.0 / 3.0 * tan(step / 4)
    var a = start
    var p = Vec2(cos(a), sin(a))
    for _ in 0..<count {
      let b = a + step
      let q = Vec2(cos(b), sin(b))
      path.cubic(
        center + (p + p.perpendicular * k) * radius,
        center + (q - q.perpendicular * k) * radius,
        center + q * radius)
      a = b
      p = q
    }
  }

  mutating func disc(_ center: Vec2, _ radius: Double) {
    guard radius > 0 else { return }
    path.move(center + Vec2(radius, 0))
    appendArc(center: center, radius: radius, start: 0, sweep: -2 * Double.pi)
    path.close()
  }

  /// Draws a segment as the union of its pieces: along its flattened centre line, the convex
  /// hull of each pair of consecutive discs (two common tangents and two arcs), or the larger
  /// disc where one contains the other.
  mutating func addPieces(_ segment: CubicSegment) {
    let n = segment.subdivisions(tolerance: tolerance)
    var previous: (c: Vec2, r: Double)?
    var previousDrawn = false
    for i in 0...n {
      let p = segment.point(at: Double(i) / Double(n))
      let c = Vec2(p.x, p.y)
      let r = max(p.width, 0) / 2
      guard let prev = previous else {
        previous = (c, r)
        continue
      }
      let delta = c - prev.c
      let d = delta.length
      if d <= abs(r - prev.r) || d <= 1e-9 {
        // One disc contains the other: keep the larger and carry on from it.
        if r >= prev.r {
          previous = (c, r)
          previousDrawn = false
        }
        continue
      }
      let u = delta * (1 / d)
      let s = (prev.r - r) / d
      let q = (1 - s * s).squareRoot()
      let ml = u * s + u.perpendicular * q
      let mr = u * s - u.perpendicular * q
      path.move(prev.c + ml * prev.r)
      path.line(c + ml * r)
      arc(center: c, radius: r, from: ml, to: mr)
      path.line(prev.c + mr * prev.r)
      arc(center: prev.c, radius: prev.r, from: mr, to: ml)
      path.close()
      previousDrawn = true
      previous = (c, r)
    }
    if !previousDrawn, let last = previous { disc(last.c, last.r) }
  }
}
