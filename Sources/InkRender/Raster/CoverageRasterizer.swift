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
  /// Zero between clusters: every cluster clears the cells it used.
  private let accumulation: UnsafeMutablePointer<Double>
  private let coverage: UnsafeMutablePointer<Float>
  private let ones: UnsafeMutablePointer<Float>
  private let lineStorage: ScratchBuffer<Double>

  /// Creates a rasteriser for a canvas.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    // One allocation for the three per-row lines: accumulation, coverage (as Float bits) and
    // a line of ones.
    let line = width + 3
    lineStorage = ScratchBuffer<Double>(capacity: 3 * line)
    let base = lineStorage.reserve(3 * line)
    accumulation = base
    accumulation.initialize(repeating: 0, count: line)
    let floats = UnsafeMutableRawPointer(base + line).bindMemory(
      to: Float.self, capacity: 4 * line)
    coverage = floats
    coverage.initialize(repeating: 0, count: line)
    ones = floats + 2 * line
    ones.initialize(repeating: 1, count: line)
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
    let rows = rowMax - rowMin + 1
    let starts = rowStorage.reserve(2 * rows + 1)
    let (total, busiest) = bucket(rowMin: rowMin, rows: rows, starts: starts)
    let pieces = pieceStorage.reserve(total)
    fillPieces(rowMin: rowMin, rows: rows, starts: starts, into: pieces)
    var sweeper = RowSweeper(
      width: width, pieces: pieces, ordered: orderedStorage.reserve(busiest + 1),
      sortKeys: sortKeyStorage.reserve(busiest + 1), accumulation: accumulation, coverage: coverage,
      ones: ones,
      events: eventStorage.reserve(4 * busiest + 4), active: activeStorage.reserve(busiest + 1),
      keys: keyStorage.reserve(busiest + 1), steps: stepStorage.reserve(2 * busiest + 2))
    for r in 0..<rows {
      let lo = Int(starts[r])
      let hi = Int(starts[r + 1])
      if lo < hi { sweeper.sweepRow(rowMin + r, lo, hi, body) }
    }
  }

  /// Counts the pieces of every row (a counting sort's first pass): `starts[r]` becomes the
  /// index of row `r`'s first piece. Returns the total and the largest count in one row.
  private func bucket(rowMin: Int, rows: Int, starts: UnsafeMutablePointer<Int32>) -> (Int, Int) {
    starts.initialize(repeating: 0, count: rows + 1)
    let rowMax = rowMin + rows - 1
    for e in edges {
      let r0 = max(Int(e.y0), rowMin)
      let r1 = min(Int(e.y1.rounded(.up)) - 1, rowMax)
      var r = r0
      while r <= r1 {
        starts[r - rowMin + 1] += 1
        r += 1
      }
    }
    var busiest = 0
    for r in 0..<rows {
      busiest = max(busiest, Int(starts[r + 1]))
      starts[r + 1] += starts[r]
    }
    return (Int(starts[rows]), busiest)
  }

  /// Cuts every edge into pieces of one row each, grouped by row.
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
