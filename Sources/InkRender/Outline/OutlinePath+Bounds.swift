import InkCodec

extension OutlinePath {
  /// The smallest box holding the path's curves (their extremes, not only their control
  /// points), or `nil` for an empty path.
  public var bounds: InkBounds? {
    var box: InkBounds?
    func include(_ p: Vec2) {
      if var b = box {
        b.minX = min(b.minX, p.x)
        b.minY = min(b.minY, p.y)
        b.maxX = max(b.maxX, p.x)
        b.maxY = max(b.maxY, p.y)
        box = b
      } else {
        box = InkBounds(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
      }
    }
    var last = Vec2(0, 0)
    for element in elements {
      switch element {
      case .move(let p), .line(let p):
        last = Vec2(p)
        include(last)
      case .cubic(let a, let b, let p):
        let p0 = last
        let p1 = Vec2(a)
        let p2 = Vec2(b)
        let p3 = Vec2(p)
        include(p3)
        // Where dB/dt = 0 in x or y: the roots of a quadratic per axis.
        for axis in 0..<2 {
          let c0 = axis == 0 ? p0.x : p0.y
          let c1 = axis == 0 ? p1.x : p1.y
          let c2 = axis == 0 ? p2.x : p2.y
          let c3 = axis == 0 ? p3.x : p3.y
          let qa = -c0 + 3 * c1 - 3 * c2 + c3
          let qb = 2 * (c0 - 2 * c1 + c2)
          let qc = c1 - c0
          var roots = (Double.nan, Double.nan)
          if abs(qa) < 1e-12 {
            if abs(qb) > 1e-12 { roots.0 = -qc / qb }
          } else {
            let disc = qb * qb - 4 * qa * qc
            if disc >= 0 {
              let s = disc.squareRoot()
              roots = ((-qb + s) / (2 * qa), (-qb - s) / (2 * qa))
            }
          }
          for t in [roots.0, roots.1] where t > 0 && t < 1 {
            let u = 1 - t
            include(
              p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t))
          }
        }
        last = p3
      case .close: break
      }
    }
    return box
  }
}
