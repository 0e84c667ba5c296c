/// An exact-area coverage rasteriser for polygons filled with the non-zero rule.
///
/// Like the accumulation buffer of font-rs, each edge adds the signed area it covers to the
/// cells of a row, and a running sum along the row gives the coverage. A plain accumulation
/// buffer integrates the winding number, so subpaths that overlap (the pieces of one stroke)
/// would count twice along shared boundaries. Here every row is cut into clusters of edges
/// that share cells, each cluster into bands at its vertices; inside a band the edges are
/// sorted by position and only those where the winding number changes between zero and
/// non-zero are accumulated. The result is the exact area of the union inside every pixel, up
/// to edges that cross each other inside one band. Between clusters the winding number is
/// constant, so those spans are either empty or fully covered. Reversing the direction of every
/// edge changes nothing.
///
/// Geometry outside `0..<width × 0..<height` is clipped exactly: area to the left of the canvas
/// still counts for the pixels it covers.
struct CoverageRasterizer {
  struct Edge {
    var x0, y0, x1, y1: Double
    var winding: Int32
  }

  /// An edge clipped to one row.
  struct Piece {
    var xa, ya, xb, yb: Double
    var dxdy: Double
    var winding: Int32
    var cellLo: Int32
    var cellHi: Int32

    @inline(__always) func x(at y: Double) -> Double { xa + (y - ya) * dxdy }
  }

  let width: Int
  let height: Int
  private(set) var edges: [Edge] = []
  private var pieces: [Piece] = []
  private var rowStarts: [Int32] = []
  private var order: [Int32] = []
  private var events: [Double] = []
  private var active: [Int32] = []
  private var byTop: [Int32] = []
  private var keys: [Double] = []
  private var baseWinding: Int32 = 0
  private var polygonStart = Vec2(0, 0)
  private var polygonLast = Vec2(0, 0)
  private var steps: [(Double, Int32)] = []
  private var accumulation: [Double]
  private var coverage: [Float]
  private let ones: [Float]

  /// Creates a rasteriser for a canvas.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    accumulation = [Double](repeating: 0, count: width + 3)
    coverage = [Float](repeating: 0, count: width + 3)
    ones = [Float](repeating: 1, count: width)
  }

  /// Removes every edge.
  mutating func reset() { edges.removeAll(keepingCapacity: true) }

  /// Adds one directed edge; the winding number increases by one to the right of an edge
  /// going down.
  @inline(__always)
  mutating func addLine(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) {
    guard ay != by, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return }
    var e =
      ay < by
      ? Edge(x0: ax, y0: ay, x1: bx, y1: by, winding: 1)
      : Edge(x0: bx, y0: by, x1: ax, y1: ay, winding: -1)
    let h = Double(height)
    if e.y1 <= 0 || e.y0 >= h { return }
    let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
    if e.y0 < 0 {
      e.x0 -= e.y0 * dxdy
      e.y0 = 0
    }
    if e.y1 > h {
      e.x1 = e.x0 + (h - e.y0) * dxdy
      e.y1 = h
    }
    edges.append(e)
  }

  /// Adds the polygons of a path flattened at `tolerance`, each closed implicitly.
  mutating func addPath(_ path: OutlinePath, tolerance: Double) {
    var start = Vec2(0, 0)
    var last = Vec2(0, 0)
    var open = false
    path.flatten(tolerance: tolerance) { event in
      switch event {
      case .start(let p):
        if open { addLine(last.x, last.y, start.x, start.y) }
        start = p
        last = p
        open = true
      case .point(let p):
        addLine(last.x, last.y, p.x, p.y)
        last = p
      }
    }
    if open { addLine(last.x, last.y, start.x, start.y) }
  }

  /// Computes the coverage of the edges added since ``reset()`` and hands it to `body` as
  /// `(row, firstColumn, coverage)` spans, `coverage[i]` (0…1) being the coverage of column
  /// `firstColumn + i`. Spans of one row do not overlap; rows come in order; pixels not in any
  /// span have no coverage.
  mutating func sweep(_ body: (Int, Int, UnsafeBufferPointer<Float>) -> Void) {
    guard !edges.isEmpty else { return }
    var rowMin = Int.max
    var rowMax = Int.min
    for e in edges {
      rowMin = min(rowMin, Int(e.y0))
      rowMax = max(rowMax, Int(e.y1.rounded(.up)) - 1)
    }
    rowMin = max(rowMin, 0)
    rowMax = min(rowMax, height - 1)
    guard rowMin <= rowMax else { return }
    bucket(rowMin: rowMin, rowMax: rowMax)
    for row in rowMin...rowMax {
      let lo = Int(rowStarts[row - rowMin])
      let hi = Int(rowStarts[row - rowMin + 1])
      if lo < hi { sweepRow(row, lo, hi, body) }
    }
  }

  /// Cuts every edge into pieces of one row each, grouped by row (a counting sort).
  private mutating func bucket(rowMin: Int, rowMax: Int) {
    let rows = rowMax - rowMin + 1
    rowStarts.removeAll(keepingCapacity: true)
    rowStarts.append(contentsOf: repeatElement(0, count: rows + 1))
    for e in edges {
      let r0 = max(Int(e.y0), rowMin)
      let r1 = min(Int(e.y1.rounded(.up)) - 1, rowMax)
      if r0 <= r1 {
        for r in r0...r1 { rowStarts[r - rowMin + 1] += 1 }
      }
    }
    for r in 0..<rows { rowStarts[r + 1] += rowStarts[r] }
    let total = Int(rowStarts[rows])
    let w = Double(width)
    var cursor = rowStarts
    pieces = [Piece](unsafeUninitializedCapacity: total) { buffer, count in
      for e in edges {
        let r0 = max(Int(e.y0), rowMin)
        let r1 = min(Int(e.y1.rounded(.up)) - 1, rowMax)
        guard r0 <= r1 else { continue }
        let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
        for r in r0...r1 {
          let ya = max(e.y0, Double(r))
          let yb = min(e.y1, Double(r + 1))
          let xa = e.x0 + (ya - e.y0) * dxdy
          let xb = e.x0 + (yb - e.y0) * dxdy
          let lo = min(max(min(xa, xb), 0), w)
          let hi = min(max(max(xa, xb), 0), w)
          let slot = Int(cursor[r - rowMin])
          cursor[r - rowMin] += 1
          buffer[slot] = Piece(
            xa: xa, ya: ya, xb: xb, yb: yb, dxdy: dxdy, winding: e.winding,
            cellLo: Int32(lo), cellHi: Int32(hi) + 1)
        }
      }
      count = total
    }
  }

  private mutating func sweepRow(
    _ row: Int, _ lo: Int, _ hi: Int, _ body: (Int, Int, UnsafeBufferPointer<Float>) -> Void
  ) {
    order.removeAll(keepingCapacity: true)
    for i in lo..<hi { order.append(Int32(i)) }
    if order.count > 48 {
      order.sort {
        let a = pieces[Int($0)].cellLo
        let b = pieces[Int($1)].cellLo
        return a != b ? a < b : $0 < $1
      }
    } else if order.count > 1 {
      // Insertion sort by first cell (stable, so ties keep edge order).
      for i in 1..<order.count {
        let index = order[i]
        let key = pieces[Int(index)].cellLo
        var j = i
        while j > 0 && pieces[Int(order[j - 1])].cellLo > key {
          order[j] = order[j - 1]
          j -= 1
        }
        order[j] = index
      }
    }
    let top = Double(row)
    let bottom = Double(row + 1)
    // The winding number left of the current cluster as a function of y within the row:
    // `baseWinding` plus the steps at or above y. It is constant along x between clusters.
    baseWinding = 0
    steps.removeAll(keepingCapacity: true)
    var start = 0
    var gapStart = 0
    while start < order.count {
      // A cluster: pieces whose cell ranges overlap.
      let cellLo = Int(pieces[Int(order[start])].cellLo)
      var cellHi = Int(pieces[Int(order[start])].cellHi)
      var end = start + 1
      while end < order.count && Int(pieces[Int(order[end])].cellLo) <= cellHi {
        cellHi = max(cellHi, Int(pieces[Int(order[end])].cellHi))
        end += 1
      }
      let base = leftCoverage(top, bottom)
      let gapEnd = min(cellLo, width)
      if base > 0 && gapStart < gapEnd {
        emitConstant(row, gapStart, gapEnd, base, body)
      }
      sweepCluster(start, end)
      // Integrate the cluster's cells.
      var sum = Double(base)
      let last = min(cellHi, width - 1)
      if cellLo <= last {
        for c in cellLo...last {
          sum += accumulation[c]
          coverage[c - cellLo] = Float(min(max(sum, 0), 1))
        }
        coverage.withUnsafeBufferPointer {
          body(row, cellLo, UnsafeBufferPointer(rebasing: $0[0..<(last - cellLo + 1)]))
        }
      }
      for c in cellLo...cellHi { accumulation[c] = 0 }
      for k in start..<end {
        let p = pieces[Int(order[k])]
        if p.ya <= top { baseWinding &+= p.winding } else { steps.append((p.ya, p.winding)) }
        if p.yb < bottom { steps.append((p.yb, 0 &- p.winding)) }
      }
      normaliseSteps()
      gapStart = cellHi + 1
      start = end
    }
    let base = leftCoverage(top, bottom)
    if base > 0 && gapStart < width { emitConstant(row, gapStart, width, base, body) }
  }

  private mutating func emitConstant(
    _ row: Int, _ from: Int, _ to: Int, _ value: Float,
    _ body: (Int, Int, UnsafeBufferPointer<Float>) -> Void
  ) {
    if value >= 1 {
      ones.withUnsafeBufferPointer {
        body(row, from, UnsafeBufferPointer(rebasing: $0[0..<(to - from)]))
      }
    } else {
      for i in 0..<(to - from) { coverage[i] = value }
      coverage.withUnsafeBufferPointer {
        body(row, from, UnsafeBufferPointer(rebasing: $0[0..<(to - from)]))
      }
    }
  }

  static func insertionSort(_ values: inout [Double]) {
    guard values.count > 1 else { return }
    if values.count > 64 {
      values.sort()
      return
    }
    for i in 1..<values.count {
      let v = values[i]
      var j = i
      while j > 0 && values[j - 1] > v {
        values[j] = values[j - 1]
        j -= 1
      }
      values[j] = v
    }
  }

  /// Sorts the steps by y, merges steps at the same y and drops those that cancel.
  private mutating func normaliseSteps() {
    guard !steps.isEmpty else { return }
    for i in 1..<steps.count {
      let v = steps[i]
      var j = i
      while j > 0 && steps[j - 1].0 > v.0 {
        steps[j] = steps[j - 1]
        j -= 1
      }
      steps[j] = v
    }
    var kept = 0
    for s in steps {
      if kept > 0 && steps[kept - 1].0 == s.0 {
        steps[kept - 1].1 &+= s.1
      } else {
        steps[kept] = s
        kept += 1
      }
    }
    steps.removeLast(steps.count - kept)
    steps.removeAll { $0.1 == 0 }
  }

  /// The winding number left of the current cluster at height `y`.
  @inline(__always)
  private func leftWinding(at y: Double) -> Int32 {
    var w = baseWinding
    for s in steps {
      if s.0 > y { break }
      w &+= s.1
    }
    return w
  }

  /// The fraction of the row where the winding number left of the current cluster is not 0.
  private func leftCoverage(_ top: Double, _ bottom: Double) -> Float {
    var w = baseWinding
    var y = top
    var covered = 0.0
    for s in steps {
      if w != 0 { covered += s.0 - y }
      y = s.0
      w &+= s.1
    }
    if w != 0 { covered += bottom - y }
    return Float(min(max(covered, 0), 1))
  }

  /// Accumulates the boundary of the non-zero region of one cluster, band by band.
  private mutating func sweepCluster(_ start: Int, _ end: Int) {
    if end - start == 1 && steps.isEmpty {
      // One piece and a constant winding number to its left: it is a boundary or it is not.
      let p = pieces[Int(order[start])]
      let before = baseWinding
      let after = before &+ p.winding
      if (before == 0) != (after == 0) {
        deposit(p.xa, p.ya, p.xb, p.yb, sign: before == 0 ? 1 : -1)
      }
      return
    }
    events.removeAll(keepingCapacity: true)
    byTop.removeAll(keepingCapacity: true)
    for k in start..<end {
      let p = pieces[Int(order[k])]
      events.append(p.ya)
      events.append(p.yb)
      byTop.append(order[k])
    }
    // The winding number left of the cluster changes at the steps: cut bands there too.
    for step in steps { events.append(step.0) }
    CoverageRasterizer.insertionSort(&events)
    for i in 1..<byTop.count {
      let index = byTop[i]
      let key = pieces[Int(index)].ya
      var j = i
      while j > 0 && pieces[Int(byTop[j - 1])].ya > key {
        byTop[j] = byTop[j - 1]
        j -= 1
      }
      byTop[j] = index
    }
    active.removeAll(keepingCapacity: true)
    keys.removeAll(keepingCapacity: true)
    var next = 0
    var top = events[0]
    for e in events.dropFirst() where e > top {
      let bottom = e
      let mid = (top + bottom) / 2
      // Drop the pieces that ended, add those that start.
      var kept = 0
      for i in 0..<active.count where pieces[Int(active[i])].yb > top {
        active[kept] = active[i]
        kept += 1
      }
      active.removeLast(active.count - kept)
      while next < byTop.count && pieces[Int(byTop[next])].ya <= top {
        if pieces[Int(byTop[next])].yb > top { active.append(byTop[next]) }
        next += 1
      }
      if active.isEmpty {
        top = bottom
        continue
      }
      // Sort by position at the band's middle; the order barely changes between bands.
      keys.removeAll(keepingCapacity: true)
      for i in 0..<active.count {
        let key = pieces[Int(active[i])].x(at: mid)
        let index = active[i]
        var j = i
        keys.append(key)
        while j > 0 && keys[j - 1] > key {
          keys[j] = keys[j - 1]
          active[j] = active[j - 1]
          j -= 1
        }
        keys[j] = key
        active[j] = index
      }
      var winding = leftWinding(at: mid)
      for index in active {
        let p = pieces[Int(index)]
        let after = winding &+ p.winding
        if (winding == 0) != (after == 0) {
          deposit(p.x(at: top), top, p.x(at: bottom), bottom, sign: winding == 0 ? 1 : -1)
        }
        winding = after
      }
      top = bottom
    }
  }

  /// Adds the area to the right of the piece of edge from (xa, ya) to (xb, yb), inside one
  /// row, to the accumulation buffer.
  @inline(__always)
  private mutating func deposit(
    _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, sign: Double
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
  }
}

extension CoverageRasterizer: PolygonSink {
  mutating func begin(_ p: Vec2) {
    polygonStart = p
    polygonLast = p
  }

  mutating func add(_ p: Vec2) {
    addLine(polygonLast.x, polygonLast.y, p.x, p.y)
    polygonLast = p
  }

  mutating func end() {
    addLine(polygonLast.x, polygonLast.y, polygonStart.x, polygonStart.y)
  }
}
