#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a particle brush puts its particles along a stroke's spline.
enum ParticlePlacement {
  /// The most particles one stroke may have: a hostile width or spacing cannot make drawing
  /// run for ever.
  static let maximumParticles = 1 << 20

  /// Walks the spline by arc length and reports each particle, in order.
  ///
  /// The first particle sits at the start; each next one `spacing × width` further along the
  /// curve, `width` being the width at the previous particle (at least 0.05 output pixels).
  /// Per particle the generator draws two numbers, in this order: the sideways displacement
  /// and the angle, so changing the rotation mode never moves a particle.
  /// - Parameters:
  ///   - segments: The spline in output pixels.
  ///   - brush: The spacing, scattering and rotation.
  ///   - random: The stroke's generator.
  ///   - body: Receives each particle.
  ///   - budget: Charged ``WorkBudget/stepCost`` per flattening step and
  ///     ``WorkBudget/stampCost`` per particle; the walk stops when it is spent.
  static func walk(
    _ segments: [CubicSegment], brush: ParticleBrush, random: inout BrushRandom,
    budget: WorkBudget = .unlimited(), _ body: (Particle) -> Void
  ) {
    var nextAt = 0.0
    var travelled = 0.0
    var emitted = 0
    for segment in segments {
      let n = segment.subdivisions(tolerance: 0.05, limit: 1024)
      guard budget.charge(n * WorkBudget.stepCost) else { return }
      var a = segment.b0
      for k in 1...n {
        let b = segment.point(at: Double(k) / Double(n))
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        var (tx, ty) = length > 0 ? (dx / length, dy / length) : (0.0, 0.0)
        if length == 0 {
          let d = segment.derivative(at: Double(k) / Double(n))
          let l = (d.x * d.x + d.y * d.y).squareRoot()
          (tx, ty) = l > 0 ? (d.x / l, d.y / l) : (1, 0)
        }
        while nextAt <= travelled + length {
          guard emitted < maximumParticles, budget.charge(WorkBudget.stampCost) else { return }
          let t = length > 0 ? (nextAt - travelled) / length : 0
          let p = SplinePoint.lerp(a, b, t)
          let width = max(p.width, 0)
          let scatter = random.signedUnit() * brush.scattering * width
          let turn = random.unit() * 2 * Double.pi
          let angle: Double
          switch brush.rotation {
          case .random: angle = turn
          case .trajectory: angle = atan2(ty, tx)
          case .none, .unknown: angle = 0
          }
          body(
            Particle(
              x: p.x - ty * scatter, y: p.y + tx * scatter, size: width, angle: angle,
              alpha: min(max(p.alpha, 0), 1)))
          emitted += 1
          nextAt += max(brush.spacing * width, 0.05)
        }
        travelled += length
        a = b
      }
    }
  }
}
