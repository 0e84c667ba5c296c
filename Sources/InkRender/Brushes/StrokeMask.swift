import InkCodec

/// One stroke's coverage (0…1 per pixel), built up by a brush and then composited onto the
/// canvas once, with the stroke's colour and blend mode, as the solid brush composites its
/// outline.
struct StrokeMask {
  let width: Int
  let height: Int
  var values: [Float]
  /// The rectangle touched since the last composite, inclusive; empty when `minX > maxX`.
  private(set) var minX = Int.max
  private(set) var minY = Int.max
  private(set) var maxX = Int.min
  private(set) var maxY = Int.min

  /// Charged for the pixels stamped and composited.
  let budget: WorkBudget

  init(width: Int, height: Int, budget: WorkBudget = .unlimited()) {
    self.width = width
    self.height = height
    self.budget = budget
    values = [Float](repeating: 0, count: width * height)
  }

  /// A mask as large as a canvas the input sized: its memory is checked before it is
  /// allocated.
  init(checkedWidth width: Int, height: Int, budget: WorkBudget) throws(WillError) {
    try CheckedAllocation.probe(Float.self, count: width * height)
    self.init(width: width, height: height, budget: budget)
  }

  /// Whether nothing was drawn since the last composite.
  var isEmpty: Bool { minX > maxX || minY > maxY }

  /// Marks a rectangle (already clipped to the canvas) as touched.
  @inline(__always)
  mutating func touch(x0: Int, y0: Int, x1: Int, y1: Int) {
    minX = min(minX, x0)
    minY = min(minY, y0)
    maxX = max(maxX, x1)
    maxY = max(maxY, y1)
  }

  /// Lays the coverage of the rasteriser's polygons, times `opacity`, over the mask.
  mutating func add(_ rasterizer: inout CoverageRasterizer, opacity: Float) {
    let w = width
    var (x0, y0, x1, y1) = (Int.max, Int.max, Int.min, Int.min)
    values.withUnsafeMutableBufferPointer { m in
      rasterizer.sweep { row, first, coverage in
        x0 = min(x0, first)
        x1 = max(x1, first + coverage.count - 1)
        y0 = min(y0, row)
        y1 = max(y1, row)
        for i in 0..<coverage.count {
          let c = coverage[i] * opacity
          let k = row * w + first + i
          m[k] += c * (1 - m[k])
        }
      }
    }
    if x0 <= x1 { touch(x0: x0, y0: y0, x1: x1, y1: y1) }
  }

  /// Composites the mask with `color` (its alpha is ignored: the mask carries the opacity)
  /// and `blendMode`, then clears it.
  mutating func composite(color: InkColor, blendMode: BlendMode, on canvas: inout Canvas) {
    guard !isEmpty, budget.charge((maxX - minX + 1) * (maxY - minY + 1)) else { return }
    var opaque = color
    opaque.alpha = 255
    let c = PremultipliedColor(opaque)
    let s = SIMD4<Float>(c.red, c.green, c.blue, c.alpha)
    let op = Compositor.Operator(blendMode)
    let (x0, x1, w) = (minX, maxX, width)
    canvas.pixels.withUnsafeMutableBufferPointer { px in
      values.withUnsafeMutableBufferPointer { m in
        for row in minY...maxY {
          let start = row * w + x0
          let end = row * w + x1 + 1
          Compositor.composite(
            op, s, px, offset: start * 4, UnsafeBufferPointer(rebasing: m[start..<end]))
          for k in start..<end { m[k] = 0 }
        }
      }
    }
    (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
  }
}
