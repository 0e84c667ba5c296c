import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ShapedStroke {
  /// A control point's channels: position, size, rotation (radians), scale and offset
  /// (x, y), then opacity 0…1.
  typealias Control = (values: SIMD8<Double>, alpha: Double)

  /// The control points, every channel the stored one or, where the stroke stores none, its
  /// path point property (a scale of 0, the field's default, as 1); `nil` when the stroke has
  /// fewer than four points, x and y of different lengths or a value that is not finite.
  func controls() -> [Control]? {
    let xs = stroke[.x]
    let ys = stroke[.y]
    let n = xs.count
    guard n >= 4, ys.count == n else { return nil }
    let p = properties
    func scale(_ value: Float) -> Double { value == 0 ? 1 : Double(value) }
    let columns: [([Double], Double)] = [
      (stroke[.size], Double(p.size)), (stroke[.rotation], Double(p.rotation)),
      (stroke[.scaleX], scale(p.scaleX)), (stroke[.scaleY], scale(p.scaleY)),
      (stroke[.offsetX], Double(p.offsetX)), (stroke[.offsetY], Double(p.offsetY)),
    ]
    let alphas = stroke[.alpha]
    let alpha = Double(p.inkColor.alpha) / 255
    var result: [Control] = []
    result.reserveCapacity(n)
    for i in 0..<n {
      var v = SIMD8<Double>(xs[i], ys[i], 0, 0, 0, 0, 0, 0)
      for (k, (column, fallback)) in columns.enumerated() {
        v[k + 2] = column.isEmpty ? fallback : column[min(i, column.count - 1)]
      }
      let a = alphas.isEmpty ? alpha : min(max(alphas[min(i, alphas.count - 1)] / 255, 0), 1)
      guard (0..<8).allSatisfy({ v[$0].isFinite }), a.isFinite else { return nil }
      result.append((v, a))
    }
    return result
  }

  /// The part of the parameter range drawn: ts of the first segment to tf of the last (each
  /// clamped to 0…1), the whole stroke when either is not finite, `nil` when a one-segment
  /// stroke has ts ≥ tf (as ``CatmullRom`` draws WILL strokes).
  func drawnRange(segments: Int) -> (start: Double, end: Double)? {
    let ts = Double(stroke.startParameter)
    let tf = Double(stroke.endParameter)
    guard ts.isFinite, tf.isFinite else { return (0, 1) }
    let start = min(max(ts, 0), 1)
    let end = min(max(tf == 0 ? 1 : tf, 0), 1)
    if segments == 1, start >= end { return nil }
    return (start, end)
  }

  /// The stroke's outline in output coordinates, cut into parts of constant opacity: the
  /// convex hulls of consecutive placed shapes, counter-clockwise (a y-up frame) after
  /// `device`, overlapping (filled with the non-zero rule, they give their union).
  ///
  /// Each segment is sampled finely enough that the chords stay within `tolerance` of the
  /// spline, of the placed shapes' reach, and of their turning; segments whose reach lies
  /// outside `clip` are left out. Each placed shape is charged before it is built; once the
  /// budget is spent the rest is left out, and the caller throws its error.
  /// - Parameters:
  ///   - shapes: The brush's prototypes.
  ///   - device: Maps the stroke's coordinates to output coordinates.
  ///   - widthScale: Multiplies every size.
  ///   - clip: The output rectangle.
  ///   - tolerance: The largest distance of the chords from the swept shapes.
  ///   - budget: Charged for every shape placed.
  /// - Returns: The parts in stroke order, each with its opacity.
  func outline(
    shapes: BrushShapes, device: AffineTransform, widthScale: Double, clip: CanvasClip,
    tolerance: Double, budget: WorkBudget
  ) -> [(alpha: Double, polygons: [[Vec2]])] {
    guard let controls = controls(), let range = drawnRange(segments: controls.count - 3)
    else { return [] }
    budget.charge(controls.count * WorkBudget.sampleCost)
    let lengthScale = device.lengthScale
    var parts: [(alpha: Double, polygons: [[Vec2]])] = []
    var previous: (points: [Vec2], alpha: Double)?
    func add(_ polygon: [Vec2], alpha: Double) {
      let a = (min(max(alpha, 0), 1) * 255).rounded() / 255
      if let last = parts.last, last.alpha == a {
        parts[parts.count - 1].polygons.append(polygon)
      } else {
        parts.append((a, [polygon]))
      }
    }
    for i in 0..<(controls.count - 3) where !budget.isSpent {
      let (p0, p1, p2, p3) = (controls[i], controls[i + 1], controls[i + 2], controls[i + 3])
      let lo = i == 0 ? range.start : 0
      let hi = i == controls.count - 4 ? range.end : 1
      guard lo <= hi else { continue }
      // The reach of a placed shape beyond its point, in output units, at the four controls.
      func reach(_ c: Control) -> Double {
        let v = c.values
        return
          (abs(v[2] * widthScale) * max(abs(v[4]), abs(v[5])) * shapes.radius
          + (v[6] * v[6] + v[7] * v[7]).squareRoot()) * lengthScale
      }
      let r = max(reach(p0), reach(p1), reach(p2), reach(p3))
      let b = [
        p1.values, p1.values + (p2.values - p0.values) / 6,
        p2.values - (p3.values - p1.values) / 6, p2.values,
      ].map {
        device.apply(x: $0[0], y: $0[1])
      }
      let pad = r + clip.slack
      guard r.isFinite, b.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
        b.contains(where: { $0.x + pad >= clip.minX }),
        b.contains(where: { $0.x - pad <= clip.maxX }),
        b.contains(where: { $0.y + pad >= clip.minY }),
        b.contains(where: { $0.y - pad <= clip.maxY })
      else {
        previous = nil
        continue
      }
      // Steps: the chord error of the centre line and of the reach (as WILL flattens its
      // segments), and of the shapes' turning (a chord of an arc of radius r).
      let segment = CubicSegment(
        SplinePoint(x: b[0].x, y: b[0].y, width: 2 * reach(p1), alpha: 0),
        SplinePoint(x: b[1].x, y: b[1].y, width: 2 * reach(p1), alpha: 0),
        SplinePoint(x: b[2].x, y: b[2].y, width: 2 * reach(p2), alpha: 0),
        SplinePoint(x: b[3].x, y: b[3].y, width: 2 * reach(p2), alpha: 0))
      let turn =
        abs(p2.values[3] - p1.values[3]) + abs(p1.values[3] - p0.values[3]) / 2
        + abs(p3.values[3] - p2.values[3]) / 2
      let angleStep = (8 * tolerance / max(r, tolerance)).squareRoot()
      let turning = (turn * (hi - lo) / angleStep).rounded(.up)
      let steps = max(
        segment.subdivisions(tolerance: tolerance, limit: 1024),
        turning.isFinite ? Int(min(max(turning, 1), 1024)) : 1024)
      let vertices = shapes.shapes.reduce(0) { max($0, $1.points.count) }
      guard budget.charge((steps + 1) * vertices * WorkBudget.shapeVertexCost) else { break }
      for step in 0...steps {
        let t = lo + (hi - lo) * Double(step) / Double(steps)
        if step == 0, previous != nil, i > 0 { continue }
        let (values, alpha) = Self.interpolate(p0, p1, p2, p3, t)
        let placed = place(values, shapes: shapes, device: device, widthScale: widthScale)
        if let last = previous {
          let hull = ConvexHull.of(last.points + placed)
          if hull.count >= 3 { add(hull, alpha: (last.alpha + alpha) / 2) }
        }
        previous = (placed, alpha)
      }
    }
    // A stroke whose shapes all coincide still has its hull of two equal shapes; one that
    // never placed two shapes draws its single shape.
    if parts.isEmpty, let last = previous, last.points.count >= 3 {
      add(last.points, alpha: last.alpha)
    }
    return parts
  }

  /// The channels at `t` of the uniform Catmull-Rom segment from `p1` to `p2`.
  static func interpolate(
    _ p0: Control, _ p1: Control, _ p2: Control, _ p3: Control, _ t: Double
  ) -> Control {
    let t2 = t * t
    let t3 = t2 * t
    let c0 = 0.5 * (-t + 2 * t2 - t3)
    let c1 = 0.5 * (2 - 5 * t2 + 3 * t3)
    let c2 = 0.5 * (t + 4 * t2 - 3 * t3)
    let c3 = 0.5 * (-t2 + t3)
    return (
      p0.values * c0 + p1.values * c1 + p2.values * c2 + p3.values * c3,
      p0.alpha * c0 + p1.alpha * c1 + p2.alpha * c2 + p3.alpha * c3
    )
  }

  /// The shape for a point placed in output coordinates: the prototype chosen by the size,
  /// scaled by the size (times `widthScale`) and the scale channels, moved by the offset,
  /// turned by the rotation about the point, moved to the point, then mapped by `device`;
  /// counter-clockwise in a y-up frame.
  func place(
    _ v: SIMD8<Double>, shapes: BrushShapes, device: AffineTransform, widthScale: Double
  ) -> [Vec2] {
    let size = v[2] * widthScale
    let (sx, sy) = (size * v[4], size * v[5])
    let (c, s) = (cos(v[3]), sin(v[3]))
    let local = AffineTransform(
      a: c * sx, b: s * sx, c: -s * sy, d: c * sy,
      e: v[0] + c * v[6] - s * v[7], f: v[1] + s * v[6] + c * v[7])
    let m = device.concatenating(local)
    var points = shapes.shape(forSize: v[2]).map { p in Vec2(m.apply(x: p.x, y: p.y)) }
    // A mirroring transform turns the shape clockwise.
    if m.a * m.d - m.b * m.c < 0 { points.reverse() }
    return points
  }
}
