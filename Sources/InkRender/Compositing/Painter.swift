import InkCodec

/// Rasterises stroke shapes and composites them, reusing its buffers.
struct Painter {
  var rasterizer: CoverageRasterizer
  var mask: [Float] = []
  let outliner: PolygonOutliner

  /// Charged for outlines, rows and pixels; where allocation failures go.
  let budget: WorkBudget

  init(width: Int, height: Int, tolerance: Double, budget: WorkBudget) {
    self.budget = budget
    rasterizer = CoverageRasterizer(width: width, height: height, budget: budget)
    outliner = PolygonOutliner(tolerance: tolerance)
  }

  mutating func paint(_ shape: PreparedStroke, on canvas: inout Canvas) {
    let outliner = self.outliner
    let budget = self.budget
    paint(
      color: shape.color, blendMode: shape.blendMode, alphas: shape.parts.map(\.alpha),
      on: &canvas
    ) { index, rasterizer in
      outliner.outline(shape.parts[index].geometry, into: &rasterizer, budget: budget)
    }
  }

  mutating func paint(_ shape: StrokeParts<[[InkPoint]]>, on canvas: inout Canvas) {
    paint(
      color: shape.color, blendMode: shape.blendMode, alphas: shape.parts.map(\.alpha),
      on: &canvas
    ) { index, rasterizer in
      for polygon in shape.parts[index].polygons {
        guard var last = polygon.last else { continue }
        for point in polygon {
          rasterizer.addLine(last.x, last.y, point.x, point.y)
          last = point
        }
      }
    }
  }

  /// Paints one stroke whose parts `addPart(index, &rasterizer)` adds as edges.
  private mutating func paint(
    color: InkColor, blendMode: BlendMode, alphas: [Double], on canvas: inout Canvas,
    addPart: (Int, inout CoverageRasterizer) -> Void
  ) {
    var opaque = color
    opaque.alpha = 255
    let op = Compositor.Operator(blendMode)
    let width = canvas.width
    if alphas.count == 1 {
      let c = PremultipliedColor(opaque, opacity: alphas[0])
      let s = SIMD4<Float>(c.red, c.green, c.blue, c.alpha)
      rasterizer.reset()
      addPart(0, &rasterizer)
      canvas.pixels.withUnsafeMutableBufferPointer { px in
        rasterizer.sweep { row, first, coverage in
          Compositor.composite(op, s, px, offset: (row * width + first) * 4, coverage)
        }
      }
      return
    }
    // Alpha varies along the stroke: combine the parts with a maximum in a stroke mask, then
    // composite the mask once with the opaque colour.
    if mask.count != canvas.width * canvas.height {
      // As large as the canvas: checked, as the canvas was.
      do throws(WillError) {
        try CheckedAllocation.probe(Float.self, count: canvas.width * canvas.height)
      } catch {
        budget.record(error)
        return
      }
      mask = [Float](repeating: 0, count: canvas.width * canvas.height)
    }
    var rowMin = Int.max
    var rowMax = Int.min
    for (index, alpha) in alphas.enumerated() where !budget.isSpent {
      let a = Float(alpha)
      rasterizer.reset()
      addPart(index, &rasterizer)
      mask.withUnsafeMutableBufferPointer { m in
        rasterizer.sweep { row, first, coverage in
          rowMin = min(rowMin, row)
          rowMax = max(rowMax, row)
          for i in 0..<coverage.count {
            let k = row * width + first + i
            m[k] = max(m[k], coverage[i] * a)
          }
        }
      }
    }
    guard rowMin <= rowMax, budget.charge((rowMax - rowMin + 1) * width) else { return }
    let c = PremultipliedColor(opaque)
    let s = SIMD4<Float>(c.red, c.green, c.blue, c.alpha)
    canvas.pixels.withUnsafeMutableBufferPointer { px in
      mask.withUnsafeMutableBufferPointer { m in
        for row in rowMin...rowMax {
          let start = row * width
          Compositor.composite(
            op, s, px, offset: start * 4, UnsafeBufferPointer(rebasing: m[start..<(start + width)]))
          for k in start..<(start + width) { m[k] = 0 }
        }
      }
    }
  }
}
