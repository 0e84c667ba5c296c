/// An exact-area coverage rasteriser for polygons filled with the non-zero rule.
///
/// Like the accumulation buffer of font-rs, each edge adds the signed area it covers to the
/// cells of a row, and a running sum along the row gives the coverage. A plain accumulation
/// buffer integrates the winding number, so subpaths that overlap (the pieces of one stroke)
/// would count twice along shared boundaries. Here every row is cut into clusters of edges
/// that share cells; only the parts of edges where the winding number changes between zero and
/// non-zero are accumulated. The result is the exact area of the union inside every pixel, up
/// to edges that cross each other inside one band. Between clusters the winding number is
/// constant, so those spans are either empty or fully covered. Reversing the direction of every
/// edge changes nothing.
///
/// Most clusters are one boundary chain of a stroke crossing the row: their pieces follow one
/// another in y, so each piece is decided alone against the winding number to its left. Only
/// clusters whose pieces share heights (a polygon turning back inside the row, overlapping
/// subpaths) are cut into bands at their vertices and sorted by position inside each band.
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

  /// A change of the winding number left of the current cluster, at height `y` in the row.
  struct Step {
    var y: Double
    var change: Int32
  }

  let width: Int
  let height: Int
  private(set) var edges: [Edge] = []
  private var polygonStart = Vec2(0, 0)
  private var polygonLast = Vec2(0, 0)
  private let pieceStorage = ScratchBuffer<Piece>()
  private let orderedStorage = ScratchBuffer<Piece>()
  private let sortKeyStorage = ScratchBuffer<UInt64>()
  private let rowStorage = ScratchBuffer<Int32>()
  private let eventStorage = ScratchBuffer<Double>()
  private let activeStorage = ScratchBuffer<Int32>()
  private let keyStorage = ScratchBuffer<Double>()
  private let stepStorage = ScratchBuffer<Step>()
  /// The three per-row lines: accumulation (zero between clusters: every cluster clears the
  /// cells it used), coverage (as Float bits) and a line of ones; `nil` when the canvas is too
  /// wide to allocate them (then nothing is drawn and the budget holds the error).
  private let lines: UnsafeMutablePointer<Double>?
  private let lineStorage: ScratchBuffer<Double>
  /// Charged for the rows edges cross and the pixels swept; where allocation failures go.
  let budget: WorkBudget

  /// The most pieces (edge × row) held at once: a sweep with more works in bands of rows,
  /// so memory stays bounded however many rows an outline's edges cross. Rows are
  /// independent, so banding changes no pixel.
  static let bandPieces = 1 << 20

  /// Creates a rasteriser for a canvas.
  /// - Parameters:
  ///   - width: The canvas width.
  ///   - height: The canvas height.
  ///   - budget: Charged for the work of every sweep.
  init(width: Int, height: Int, budget: WorkBudget = .unlimited()) {
    self.width = width
    self.height = height
    self.budget = budget
    // One allocation for the three per-row lines.
    let line = width + 3
    lineStorage = ScratchBuffer<Double>(capacity: 1)
    lines = lineStorage.reserve(3 * line)
    guard let base = lines else {
      budget.allocationFailed(bytes: ScratchBuffer<Double>.bytes(3 * line))
      return
    }
    base.initialize(repeating: 0, count: line)
    let floats = UnsafeMutableRawPointer(base + line).bindMemory(
      to: Float.self, capacity: 4 * line)
    floats.initialize(repeating: 0, count: line)
    (floats + 2 * line).initialize(repeating: 1, count: line)
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
  /// span have no coverage. The span's memory is only valid during the call.
  mutating func sweep(_ body: (Int, Int, UnsafeBufferPointer<Float>) -> Void) {
    guard !edges.isEmpty, let lines, !budget.isSpent else { return }
    var rowMin = Int.max
    var rowMax = Int.min
    for e in edges {
      rowMin = min(rowMin, Int(e.y0))
      rowMax = max(rowMax, Int(e.y1.rounded(.up)) - 1)
    }
    rowMin = max(rowMin, 0)
    rowMax = min(rowMax, height - 1)
    guard rowMin <= rowMax else { return }
    let rows = rowMax - rowMin + 1
    // Row counts, then per band its starts and fill cursors.
    guard edges.count < Int(Int32.max), let counts = rowStorage.reserve(3 * rows + 1) else {
      budget.allocationFailed(bytes: ScratchBuffer<Int32>.bytes(3 * rows + 1))
      return
    }
    let (total, busiest) = count(rowMin: rowMin, rows: rows, counts: counts)
    // The pieces are the work of the sweep: charged before they are made.
    guard budget.charge(total * WorkBudget.pieceCost + rows * WorkBudget.rowCost) else { return }
    let band = max(busiest, min(total, CoverageRasterizer.bandPieces))
    guard let pieces = pieceStorage.reserve(band),
      let ordered = orderedStorage.reserve(busiest + 1),
      let sortKeys = sortKeyStorage.reserve(busiest + 1),
      let events = eventStorage.reserve(4 * busiest + 4),
      let active = activeStorage.reserve(busiest + 1),
      let keys = keyStorage.reserve(busiest + 1),
      let steps = stepStorage.reserve(2 * busiest + 2)
    else {
      budget.allocationFailed(bytes: ScratchBuffer<Piece>.bytes(band + busiest))
      return
    }
    let line = width + 3
    let floats = UnsafeMutableRawPointer(lines + line).bindMemory(
      to: Float.self, capacity: 4 * line)
    var sweeper = RowSweeper(
      width: width, pieces: pieces, ordered: ordered, sortKeys: sortKeys, accumulation: lines,
      coverage: floats, ones: floats + 2 * line, events: events, active: active, keys: keys,
      steps: steps, budget: budget)
    var covered = 0
    let counting: (Int, Int, UnsafeBufferPointer<Float>) -> Void = { row, first, coverage in
      covered &+= coverage.count
      body(row, first, coverage)
    }
    var first = 0
    while first < rows {
      // The next band: as many rows as fit `band` pieces (at least one).
      var end = first
      var sum = 0
      while end < rows && sum + Int(counts[end]) <= band {
        sum += Int(counts[end])
        end += 1
      }
      let bandRows = end - first
      let starts = counts + rows
      starts[0] = 0
      for r in 0..<bandRows { starts[r + 1] = starts[r] + counts[first + r] }
      fillPieces(rowMin: rowMin + first, rows: bandRows, starts: starts, into: pieces)
      for r in 0..<bandRows {
        let lo = Int(starts[r])
        let hi = Int(starts[r + 1])
        if lo < hi { sweeper.sweepRow(rowMin + first + r, lo, hi, counting) }
      }
      first = end
    }
    budget.charge(covered)
  }

  /// Counts the pieces of every row (a counting sort's first pass) into `counts[0..<rows]`.
  /// Returns the total and the largest count in one row.
  private func count(rowMin: Int, rows: Int, counts: UnsafeMutablePointer<Int32>) -> (Int, Int) {
    counts.initialize(repeating: 0, count: rows)
    let rowMax = rowMin + rows - 1
    for e in edges {
      let r0 = max(Int(e.y0), rowMin)
      let r1 = min(Int(e.y1.rounded(.up)) - 1, rowMax)
      var r = r0
      while r <= r1 {
        counts[r - rowMin] += 1
        r += 1
      }
    }
    var busiest = 0
    var total = 0
    for r in 0..<rows {
      busiest = max(busiest, Int(counts[r]))
      total += Int(counts[r])
    }
    return (total, busiest)
  }

  /// Cuts every edge into pieces of one row each, grouped by row, for the rows
  /// `rowMin..<rowMin + rows`; `starts[r]` is the index of row `r`'s first piece.
  private func fillPieces(
    rowMin: Int, rows: Int, starts: UnsafeMutablePointer<Int32>,
    into pieces: UnsafeMutablePointer<Piece>
  ) {
    let cursor = starts + rows + 1
    cursor.update(from: starts, count: rows)
    let rowMax = rowMin + rows - 1
    let w = Double(width)
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
        (pieces + slot).initialize(
          to: Piece(
            xa: xa, ya: ya, xb: xb, yb: yb, dxdy: dxdy, winding: e.winding,
            cellLo: Int32(lo), cellHi: Int32(hi) + 1))
      }
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
