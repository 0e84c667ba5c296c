/// Fits cubic Béziers to closed polygons: the flattened outline of a stroke becomes a few
/// curves per side, within a tolerance of every vertex.
///
/// The polygon is cut at its corners (turns sharper than 60°), and each run between corners
/// is fitted as in Schneider's "An Algorithm for Automatically Fitting Digitized Curves"
/// (Graphics Gems, 1990): chord-length parameters, end tangents from the neighbouring
/// vertices, the two tangent lengths by least squares, one Newton step to improve the
/// parameters, and a split at the worst vertex (with a shared tangent) while the error is over
/// the tolerance. Runs of one edge stay lines.
struct CurveFitter: PolygonSink {
  let tolerance: Double
  /// Charged for every point of every fitting attempt, as the attempt starts; once it is
  /// spent, fitting stops (the caller throws the budget's error).
  let budget: WorkBudget
  var path = OutlinePath()
  private var polygon: [Vec2] = []
  private var parameters: [Double] = []

  init(tolerance: Double, budget: WorkBudget = .unlimited()) {
    self.tolerance = tolerance
    self.budget = budget
  }

  mutating func begin(_ p: Vec2) {
    polygon.removeAll(keepingCapacity: true)
    polygon.append(p)
  }

  mutating func add(_ p: Vec2) {
    guard let last = polygon.last, (p - last).length > 1e-9 else { return }
    polygon.append(p)
  }

  mutating func end() {
    while polygon.count > 1, (polygon[polygon.count - 1] - polygon[0]).length <= 1e-9 {
      polygon.removeLast()
    }
    guard polygon.count >= 3 else { return }
    let n = polygon.count
    var corners: [Int] = []
    for i in 0..<n {
      let a = polygon[i] - polygon[(i + n - 1) % n]
      let b = polygon[(i + 1) % n] - polygon[i]
      let la = a.length
      let lb = b.length
      if Vec2.dot(a, b) < 0.5 * la * lb { corners.append(i) }
    }
    if corners.isEmpty { corners = [0] }
    var points: [Vec2] = []
    path.move(polygon[corners[0]])
    for k in 0..<corners.count {
      let start = corners[k]
      let end = k + 1 < corners.count ? corners[k + 1] : corners[0] + n
      points.removeAll(keepingCapacity: true)
      for i in start...end { points.append(polygon[i % n]) }
      fitRun(points)
    }
    path.close()
  }

  private mutating func fitRun(_ points: [Vec2]) {
    guard points.count > 2 else {
      path.line(points[points.count - 1])
      return
    }
    let t1 = unit(points[1] - points[0])
    let t2 = unit(points[points.count - 2] - points[points.count - 1])
    fit(points, 0, points.count - 1, t1, t2, depth: 0)
  }

  private func unit(_ v: Vec2) -> Vec2 {
    let l = v.length
    return l > 1e-12 ? v * (1 / l) : Vec2(0, 0)
  }

  private mutating func fit(
    _ q: [Vec2], _ first: Int, _ last: Int, _ t1: Vec2, _ t2: Vec2, depth: Int
  ) {
    let count = last - first + 1
    guard budget.charge(count * WorkBudget.fitPointCost) else { return }
    if count == 2 || depth > 24 {
      for i in (first + 1)...last { path.line(q[i]) }
      return
    }
    // Chord-length parameters.
    parameters.removeAll(keepingCapacity: true)
    parameters.append(0)
    for i in (first + 1)...last {
      parameters.append(parameters[parameters.count - 1] + (q[i] - q[i - 1]).length)
    }
    let total = parameters[parameters.count - 1]
    guard total > 1e-12 else { return }
    for i in parameters.indices { parameters[i] /= total }
    var curve = generate(q, first, last, t1, t2)
    var (error, worst) = maxError(q, first, last, curve)
    if error > tolerance && error < tolerance * 16 {
      reparameterize(q, first, curve)
      curve = generate(q, first, last, t1, t2)
      (error, worst) = maxError(q, first, last, curve)
    }
    if error <= tolerance {
      path.cubic(curve.1, curve.2, curve.3)
      return
    }
    let split = min(max(worst, first + 1), last - 1)
    let center = unit(q[split - 1] - q[split + 1])
    fit(q, first, split, t1, center, depth: depth + 1)
    fit(q, split, last, center * -1, t2, depth: depth + 1)
  }

  /// The cubic from `q[first]` along `t1` to `q[last]` along `t2` whose tangent lengths fit
  /// the points at ``parameters`` best.
  private func generate(_ q: [Vec2], _ first: Int, _ last: Int, _ t1: Vec2, _ t2: Vec2)
    -> (Vec2, Vec2, Vec2, Vec2)
  {
    let p0 = q[first]
    let p3 = q[last]
    var c00 = 0.0
    var c01 = 0.0
    var c11 = 0.0
    var x0 = 0.0
    var x1 = 0.0
    for (k, u) in parameters.enumerated() {
      let v = 1 - u
      let b1 = 3 * u * v * v
      let b2 = 3 * u * u * v
      let a1 = t1 * b1
      let a2 = t2 * b2
      c00 += Vec2.dot(a1, a1)
      c01 += Vec2.dot(a1, a2)
      c11 += Vec2.dot(a2, a2)
      let b0 = v * v * v
      let b3 = u * u * u
      let tmp = q[first + k] - (p0 * (b0 + b1) + p3 * (b2 + b3))
      x0 += Vec2.dot(a1, tmp)
      x1 += Vec2.dot(a2, tmp)
    }
    let det = c00 * c11 - c01 * c01
    let chord = (p3 - p0).length
    var alpha1 = 0.0
    var alpha2 = 0.0
    if abs(det) > 1e-12 {
      alpha1 = (x0 * c11 - x1 * c01) / det
      alpha2 = (c00 * x1 - c01 * x0) / det
    }
    let epsilon = 1e-6 * chord
    if !(alpha1 > epsilon) || !(alpha2 > epsilon) || !alpha1.isFinite || !alpha2.isFinite {
      alpha1 = chord / 3
      alpha2 = chord / 3
    }
    return (p0, p0 + t1 * alpha1, p3 + t2 * alpha2, p3)
  }

  private func point(_ c: (Vec2, Vec2, Vec2, Vec2), _ t: Double) -> Vec2 {
    let u = 1 - t
    return c.0 * (u * u * u) + c.1 * (3 * u * u * t) + c.2 * (3 * u * t * t) + c.3 * (t * t * t)
  }

  /// The largest distance from a point to the curve at its parameter (and from the middle of
  /// each edge to the curve between), and the index of the worst point.
  private func maxError(_ q: [Vec2], _ first: Int, _ last: Int, _ c: (Vec2, Vec2, Vec2, Vec2))
    -> (Double, Int)
  {
    var worst = (first + last) / 2
    var error = 0.0
    for (k, u) in parameters.enumerated() {
      let d = (point(c, u) - q[first + k]).length
      if d > error {
        error = d
        worst = first + k
      }
      if k > 0 {
        // Between two points the curve must stay near the edge: its middle.
        let mid = point(c, (u + parameters[k - 1]) / 2)
        let a = q[first + k - 1]
        let b = q[first + k]
        let e = b - a
        let l = e.length
        let dm = l > 1e-12 ? abs(Vec2.cross(e, mid - a)) / l : (mid - a).length
        if dm > error {
          error = dm
          worst = first + k
        }
      }
    }
    return (error, worst)
  }

  /// One Newton–Raphson step towards each point's nearest parameter on the curve.
  private mutating func reparameterize(_ q: [Vec2], _ first: Int, _ c: (Vec2, Vec2, Vec2, Vec2)) {
    let d1 = ((c.1 - c.0) * 3, (c.2 - c.1) * 3, (c.3 - c.2) * 3)
    let d2 = ((d1.1 - d1.0) * 2, (d1.2 - d1.1) * 2)
    for k in parameters.indices {
      let u = parameters[k]
      let v = 1 - u
      let p = point(c, u)
      let first1 = d1.0 * (v * v) + d1.1 * (2 * u * v) + d1.2 * (u * u)
      let second = d2.0 * v + d2.1 * u
      let diff = p - q[first + k]
      let numerator = Vec2.dot(diff, first1)
      let denominator = Vec2.dot(first1, first1) + Vec2.dot(diff, second)
      if abs(denominator) > 1e-12 {
        parameters[k] = min(max(u - numerator / denominator, 0), 1)
      }
    }
  }
}
