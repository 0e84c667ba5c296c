/// A single-channel texture (intensity 0…1) with a mipmap chain, sampled bilinearly.
///
/// The intensity of a texel is its alpha when the image stores transparency, and its luminance
/// otherwise: shapes and fills are masks, and the stroke's colour paints them. Each level halves
/// the one before (a 2 × 2 box average), so a particle a few pixels wide samples a level whose
/// texels are about the size of its samples instead of aliasing the full-size image.
struct BrushTexture: Sendable {
  /// How coordinates outside 0..<1 are treated.
  enum Wrap: Sendable {
    /// Outside is zero (a particle's shape).
    case zero
    /// The texture repeats (a fill tile).
    case repeating
  }

  struct Level: Sendable {
    var width: Int
    var height: Int
    var values: [Float]
  }

  private(set) var levels: [Level]

  /// The texels of the full-size level.
  var texels: Int { levels[0].width * levels[0].height }

  /// The texture of an image.
  init(_ image: RGBAImage) {
    let count = image.width * image.height
    var values = [Float](repeating: 0, count: count)
    image.pixels.withUnsafeBufferPointer { p in
      for i in 0..<count {
        if image.hasAlpha {
          values[i] = Float(p[4 * i + 3]) / 255
        } else {
          // Rec. 709 luma weights.
          let y =
            0.2126 * Float(p[4 * i]) + 0.7152 * Float(p[4 * i + 1]) + 0.0722 * Float(p[4 * i + 2])
          values[i] = y / 255
        }
      }
    }
    self.init(width: image.width, height: image.height, values: values)
  }

  /// A texture from intensities, row by row.
  init(width: Int, height: Int, values: [Float]) {
    levels = [Level(width: width, height: height, values: values)]
    while let last = levels.last, last.width > 1 || last.height > 1 {
      let w = max(1, (last.width + 1) / 2)
      let h = max(1, (last.height + 1) / 2)
      var next = [Float](repeating: 0, count: w * h)
      for y in 0..<h {
        for x in 0..<w {
          let x0 = min(2 * x, last.width - 1)
          let x1 = min(2 * x + 1, last.width - 1)
          let y0 = min(2 * y, last.height - 1)
          let y1 = min(2 * y + 1, last.height - 1)
          let v = last.values
          next[y * w + x] =
            (v[y0 * last.width + x0] + v[y0 * last.width + x1] + v[y1 * last.width + x0]
              + v[y1 * last.width + x1]) / 4
        }
      }
      levels.append(Level(width: w, height: h, values: next))
    }
  }

  /// The level whose texels best match a sample footprint of `footprint` (a fraction of the
  /// texture's width).
  func level(forFootprint footprint: Double) -> Int {
    var texels = footprint * Double(levels[0].width)
    guard texels.isFinite else { return 0 }
    var level = 0
    while texels >= 2 && level < levels.count - 1 {
      texels /= 2
      level += 1
    }
    return level
  }

  /// The bilinear intensity at `(u, v)` (0…1 across the texture) on `level`.
  @inline(__always)
  func sample(_ u: Double, _ v: Double, level: Int, wrap: Wrap) -> Float {
    let l = levels[level]
    let fx = u * Double(l.width) - 0.5
    let fy = v * Double(l.height) - 0.5
    guard fx.isFinite, fy.isFinite, abs(fx) < 1e9, abs(fy) < 1e9 else { return 0 }
    let x0 = Int(fx.rounded(.down))
    let y0 = Int(fy.rounded(.down))
    let tx = Float(fx - Double(x0))
    let ty = Float(fy - Double(y0))
    @inline(__always) func texel(_ x: Int, _ y: Int) -> Float {
      switch wrap {
      case .zero:
        guard x >= 0, y >= 0, x < l.width, y < l.height else { return 0 }
        return l.values[y * l.width + x]
      case .repeating:
        let xm = ((x % l.width) + l.width) % l.width
        let ym = ((y % l.height) + l.height) % l.height
        return l.values[ym * l.width + xm]
      }
    }
    let top = texel(x0, y0) + (texel(x0 + 1, y0) - texel(x0, y0)) * tx
    let bottom = texel(x0, y0 + 1) + (texel(x0 + 1, y0 + 1) - texel(x0, y0 + 1)) * tx
    return top + (bottom - top) * ty
  }
}
