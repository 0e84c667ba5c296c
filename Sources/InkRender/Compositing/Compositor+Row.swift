extension Compositor {
  /// Composites one row of coverage onto canvas pixels: `coverage[i]` of the premultiplied
  /// colour `s` with `op` onto the pixel at `offset + 4 * i` of `px` (premultiplied RGBA).
  @inline(__always)
  static func composite(
    _ op: Compositor.Operator, _ s: SIMD4<Float>, _ px: UnsafeMutableBufferPointer<UInt8>,
    offset: Int, _ coverage: UnsafeBufferPointer<Float>
  ) {
    let base = px.baseAddress! + offset
    let scale = SIMD4<Float>(repeating: 255)
    let toUnit = SIMD4<Float>(repeating: 1.0 / 255)
    // An opaque source-over stroke replaces fully covered pixels with its colour: the same
    // bytes the formula rounds to, without reading the pixel.
    let replaces = s.w >= 1 && { if case .sourceOver = op { true } else { false } }()
    let t = s * scale + 0.5
    let solid = SIMD4<UInt8>(UInt8(t.x), UInt8(t.y), UInt8(t.z), UInt8(t.w))
    for i in 0..<coverage.count {
      let c = coverage[i]
      if c <= 0 { continue }
      let p = base + 4 * i
      if replaces && c >= 1 {
        UnsafeMutableRawPointer(p).storeBytes(of: solid, as: SIMD4<UInt8>.self)
        continue
      }
      let d = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * toUnit
      let r: SIMD4<Float>
      if case .sourceOver = op {
        r = d + (s - d * s.w) * c
      } else {
        r = Compositor.blend(op, s, d, c)
      }
      // Scalar clamps: the generic SIMD `clamped` is not inlined here.
      let b = r * scale + 0.5
      p[0] = UInt8(min(max(b.x, 0), 255))
      p[1] = UInt8(min(max(b.y, 0), 255))
      p[2] = UInt8(min(max(b.z, 0), 255))
      p[3] = UInt8(min(max(b.w, 0), 255))
    }
  }
}
