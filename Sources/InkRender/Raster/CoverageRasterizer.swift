/// An exact-area coverage rasteriser for polygons filled with the non-zero rule.
///
/// Like the accumulation buffer of font-rs, each edge adds the signed area it covers to the
/// cells of a row, and a running sum along the row gives the coverage. Unlike a plain
/// accumulation buffer, which integrates the winding number and so counts overlapping
/// subpaths twice along their shared edges, the rows are first cut into bands at every vertex;
/// inside a band the edges are sorted by position and only the edges where the winding number
/// changes between zero and non-zero are accumulated. The result is the exact area of the
/// union inside every pixel, up to edges that cross each other inside one band. Reversing the
/// direction of every edge changes nothing.
///
/// Geometry outside the clip rectangle `0..<width × 0..<height` is clipped exactly: area to the
/// left of the canvas still counts for the pixels it covers.
struct CoverageRasterizer {
  struct Edge {
    var x0, y0, x1, y1: Double
    var dxdy: Double
    var winding: Int32

    @inline(__always) func x(at y: Double) -> Double { x0 + (y - y0) * dxdy }
  }

  let width: Int
  let height: Int
  private(set) var edges: [Edge] = []
  private var active: [Int32] = []
  private var keys: [Double] = []
  private var accumulation: [Double]
  private var touchedMin = Int.max
  private var touchedMax = Int.min

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    accumulation = [Double](repeating: 0, count: width + 3)
  }

  /// Removes every edge.
  mutating func reset() { edges.removeAll(keepingCapacity: true) }

  /// Adds one directed edge; the winding number increases by one to the right of an edge
  /// going down.
  @inline(__always)
  mutating func addLine(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
    guard ay != by, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return }
    var e: Edge
    if ay < by {
      e = Edge(x0: ax, y0: ay, x1: bx, y1: by, dxdy: (bx - ax) / (by - ay), winding: 1)
    } else {
      e = Edge(x0: bx, y0: by, x1: ax, y1: ay, dxdy: (ax - bx) / (ay - by), winding: -1)
    }
    let h = Double(height)
    if e.y1 <= 0 || e.y0 >= h { return }
    if e.y0 < 0 {
      e.x0 = e.x(at: 0)
      e.y0 = 0
    }
    if e.y1 > h {
      e.x1 = e.x0 + (h - e.y0) * e.dxdy
      e.y1 = h
    }
    edges.append(e)
  }

  /// Adds the polygons of a path flattened at `tolerance`, each closed implicitly.
  mutating func addPath(_ path: OutlinePath, tolerance: Double, transform: (Vec2) -> Vec2) {
    var start = Vec2(0, 0)
    var last = Vec2(0, 0)
    var open = false
    path.flatten(tolerance: tolerance) { event in
      switch event {
      case .start(let p):
        if open { addLine(last.x, last.y, start.x, start.y) }
        start = transform(p)
        last = start
        open = true
      case .point(let p):
        let q = transform(p)
        addLine(last.x, last.y, q.x, q.y)
        last = q
      }
    }
    if open { addLine(last.x, last.y, start.x, start.y) }
  }

  /// Sweeps the edges top to bottom and hands every row that has coverage to `body` as
  /// `(row, firstColumn, coverage)`, with `coverage[i]` the coverage of column
  /// `firstColumn + i`, 0…1. Consumes the edges.
  mutating func sweep(_ body: (Int, Int, UnsafeBufferPointer<Float>) -> Void) {
    guard !edges.isEmpty else { return }
    edges.sort { $0.y0 < $1.y0 }
    active.removeAll(keepingCapacity: true)
    keys.removeAll(keepingCapacity: true)
    var rowCoverage = [Float](repeating: 0, count: width)
    var next = 0
    var y = edges[0].y0
    var row = Int(y.rounded(.down))
    let count = edges.count

    func flushRow(_ row: Int) {
      guard touchedMin <= touchedMax else { return }
      let lo = max(touchedMin, 0)
      let hi = min(touchedMax, width - 1)
      if lo <= hi {
        var sum = 0.0
        for i in lo...hi {
          sum += accumulation[i]
          rowCoverage[i - lo] = Float(min(max(sum, 0), 1))
        }
        rowCoverage.withUnsafeBufferPointer { buffer in
          body(row, lo, UnsafeBufferPointer(rebasing: buffer[0..<(hi - lo + 1)]))
        }
      }
      for i in max(touchedMin, 0)...min(touchedMax, width + 2) { accumulation[i] = 0 }
      touchedMin = Int.max
      touchedMax = Int.min
    }

    while true {
      while next < count && edges[next].y0 <= y {
        if edges[next].y1 > y {
          active.append(Int32(next))
          keys.append(0)
        }
        next += 1
      }
      var kept = 0
      var bottom = Double(row + 1)
      for i in 0..<active.count {
        let e = edges[Int(active[i])]
        if e.y1 > y {
          active[kept] = active[i]
          kept += 1
          bottom = min(bottom, e.y1)
        }
      }
      active.removeLast(active.count - kept)
      keys.removeLast(keys.count - kept)
      if next < count { bottom = min(bottom, edges[next].y0) }
      if active.isEmpty {
        guard next < count else {
          flushRow(row)
          break
        }
        y = edges[next].y0
        let nextRow = Int(y.rounded(.down))
        if nextRow != row {
          flushRow(row)
          row = nextRow
        }
        continue
      }
      let mid = (y + bottom) / 2
      for i in 0..<active.count { keys[i] = edges[Int(active[i])].x(at: mid) }
      // Insertion sort: the order barely changes from band to band.
      for i in 1..<max(active.count, 1) {
        let key = keys[i]
        let index = active[i]
        var j = i - 1
        while j >= 0 && keys[j] > key {
          keys[j + 1] = keys[j]
          active[j + 1] = active[j]
          j -= 1
        }
        keys[j + 1] = key
        active[j + 1] = index
      }
      var winding: Int32 = 0
      for i in 0..<active.count {
        let e = edges[Int(active[i])]
        let after = winding &+ e.winding
        if (winding == 0) != (after == 0) {
          deposit(
            e.x(at: y), y, e.x(at: bottom), bottom, row: row, sign: winding == 0 ? 1 : -1)
        }
        winding = after
      }
      y = bottom
      if y >= Double(row + 1) {
        flushRow(row)
        row += 1
      }
    }
  }

  /// Adds the area to the right of the piece of edge from (xa, ya) to (xb, yb), inside one
  /// row, to the accumulation buffer.
  @inline(__always)
  private mutating func deposit(
    _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, row: Int, sign: Double
  ) {
    let w = Double(width)
    // Split where the piece leaves the canvas horizontally, so that clamping is exact.
    if (xa < 0) != (xb < 0) {
      let ym = ya + (yb - ya) * (0 - xa) / (xb - xa)
      depositClamped(xa, ya, 0, ym, sign: sign)
      depositClamped(0, ym, xb, yb, sign: sign)
    } else if (xa > w) != (xb > w) {
      let ym = ya + (yb - ya) * (w - xa) / (xb - xa)
      depositClamped(xa, ya, w, ym, sign: sign)
      depositClamped(w, ym, xb, yb, sign: sign)
    } else {
      depositClamped(xa, ya, xb, yb, sign: sign)
    }
  }

  @inline(__always)
  private mutating func depositClamped(
    _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, sign: Double
  ) {
    let w = Double(width)
    let d = (yb - ya) * sign
    guard d != 0 else { return }
    let x0 = min(max(min(xa, xb), 0), w)
    let x1 = min(max(max(xa, xb), 0), w)
    let c0 = Int(x0)
    if x1 - x0 < 1e-12 || Double(c0 + 1) >= x1 {
      // Inside one cell: the mean x decides the split.
      let f = (x0 + x1) / 2 - Double(c0)
      accumulation[c0] += d * (1 - f)
      accumulation[c0 + 1] += d * f
      touch(c0, c0 + 1)
      return
    }
    // The piece spans several cells: the coverage of cell c is
    // d · (H(c + 1 − x0) − H(c + 1 − x1)) / (x1 − x0), with H the integral of clamp(z, 0, 1).
    @inline(__always) func h(_ z: Double) -> Double {
      z <= 0 ? 0 : (z >= 1 ? z - 0.5 : z * z / 2)
    }
    let scale = d / (x1 - x0)
    let c1 = Int(x1)
    var previous = 0.0
    for c in c0...(c1 + 1) {
      let z = Double(c + 1)
      let coverage = scale * (h(z - x0) - h(z - x1))
      accumulation[c] += coverage - previous
      previous = coverage
    }
    touch(c0, c1 + 1)
  }

  @inline(__always)
  private mutating func touch(_ lo: Int, _ hi: Int) {
    if lo < touchedMin { touchedMin = lo }
    if hi > touchedMax { touchedMax = hi }
  }
}
