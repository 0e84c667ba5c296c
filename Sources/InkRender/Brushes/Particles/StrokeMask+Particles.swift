#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a stroke's fill tile lies on the canvas.
struct FillTiling {
  /// The tile's size in output pixels.
  var tileWidth: Double
  var tileHeight: Double
  /// The tiling's offset, in tiles.
  var offsetU: Double
  var offsetV: Double
  /// The mipmap level matching one output pixel.
  var level: Int
}

extension StrokeMask {
  /// Adds one particle's coverage.
  ///
  /// Each pixel averages `n × n` samples of the rotated shape (n = 4 for particles under 8
  /// pixels, 2 under 16, otherwise 1), read from the mipmap level that matches the sample
  /// spacing, so small particles neither vanish between pixel centres nor alias.
  mutating func stamp(_ p: Particle, brush: ParticleBrush, tiling: FillTiling?) {
    // Finite but far-off values (a hostile transform) would not convert to Int.
    guard p.size > 0, p.alpha > 0, abs(p.x) < 1e9, abs(p.y) < 1e9, p.size < 1e9 else { return }
    let reach = p.size * 0.7072  // half the diagonal: the square's reach at any angle
    let x0 = max(0, Int((p.x - reach).rounded(.down)))
    let y0 = max(0, Int((p.y - reach).rounded(.down)))
    let x1 = min(width - 1, Int((p.x + reach).rounded(.down)))
    let y1 = min(height - 1, Int((p.y + reach).rounded(.down)))
    guard x0 <= x1, y0 <= y1, p.x - reach < Double(width), p.y - reach < Double(height) else {
      return
    }
    let n = p.size < 8 ? 4 : (p.size < 16 ? 2 : 1)
    // Charged per sample: a particle's cost is its pixels times its n × n samples.
    guard budget.charge((x1 - x0 + 1) * (y1 - y0 + 1) * n * n * WorkBudget.sampleCost) else {
      return
    }
    touch(x0: x0, y0: y0, x1: x1, y1: y1)
    let level = brush.shape.level(forFootprint: 1 / (Double(n) * p.size))
    let cosA = cos(p.angle) / p.size
    let sinA = sin(p.angle) / p.size
    let weight = Float(p.alpha) / Float(n * n)
    let mode = brush.blendMode.effective
    let shape = brush.shape
    let w = width
    values.withUnsafeMutableBufferPointer { m in
      for y in y0...y1 {
        for x in x0...x1 {
          var sum: Float = 0
          for j in 0..<n {
            let dy = Double(y) + (Double(j) + 0.5) / Double(n) - p.y
            for i in 0..<n {
              let dx = Double(x) + (Double(i) + 0.5) / Double(n) - p.x
              // Rotate by −angle into the particle's frame, scaled to 0…1 across it.
              let u = dx * cosA + dy * sinA + 0.5
              let v = -dx * sinA + dy * cosA + 0.5
              if u > -0.01 && u < 1.01 && v > -0.01 && v < 1.01 {
                sum += shape.sample(u, v, level: level, wrap: .zero)
              }
            }
          }
          var c = sum * weight
          if c <= 0 { continue }
          if let tiling, let fill = brush.fill {
            c *= fill.sample(
              (Double(x) + 0.5) / tiling.tileWidth + tiling.offsetU,
              (Double(y) + 0.5) / tiling.tileHeight + tiling.offsetV, level: tiling.level,
              wrap: .repeating)
          }
          let k = y * w + x
          let old = m[k]
          switch mode {
          case .directLighten: m[k] = max(old, c)
          case .lighter: m[k] = min(old + c, 1)
          default: m[k] = old + min(c, 1) * (1 - old)
          }
        }
      }
    }
  }
}
