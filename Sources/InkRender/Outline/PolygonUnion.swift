/// The boundary of the union of closed polygons under the non-zero rule: the stroker's
/// overlapping runs, caps and inner joins become one contour per connected piece of ink (and
/// one per hole), with no edge inside the ink.
///
/// Edges are cut where they cross or touch (found through a uniform grid), each piece is kept
/// when the ink is on exactly one side of it (the winding number beside it, by a ray cast
/// along the grid), turned so the ink is on its left, and the pieces are linked into loops.
/// Floating-point degeneracies (edges that overlap along a line, crossings lost to rounding)
/// show up as pieces that do not link; the union then gives up and returns `nil`, and the
/// caller keeps the overlapping polygons, which fill the same with the non-zero rule.
struct PolygonUnion {
  private struct Edge {
    var a: Vec2
    var b: Vec2
    /// The ends' vertex numbers: equal points have equal numbers, so pieces are linked
    /// and compared by number, not by hashing coordinates.
    var ia: Int32 = -1
    var ib: Int32 = -1
  }

  /// Where an edge is cut: the place along it, the point, and how the winding number beside
  /// the edge changes there (`nil` where an end of another edge touches it, and the change
  /// is not known from the crossing alone).
  private struct Cut {
    var t: Double
    var p: Vec2
    var id: Int32
    var change: Int?
  }

  /// A piece of an edge between cuts.
  private struct Piece {
    var edge: Edge
    /// The index of the edge it is part of.
    var parent: Int
    /// Whether the winding number beside it must be counted afresh (it starts where edges
    /// meet).
    var fresh: Bool
    /// How the winding number changes after it, `nil` when unknown.
    var change: Int?
  }

  /// The two ends of a piece, in a fixed order: pieces that lie on each other (parts of edges
  /// that overlap along a line) share it.
  private struct Span: Hashable {
    var low: Int32
    var high: Int32
    init(_ edge: Edge) { (low, high) = (min(edge.ia, edge.ib), max(edge.ia, edge.ib)) }
  }

  /// The vertices met so far, by number, and which are touched: where several edges meet,
  /// so that the winding number beside an edge may change there.
  private struct Vertices {
    var points: [Vec2] = []
    var touched: [Bool] = []
    /// How many of `points` are the polygons' own vertices, numbered in (x, y) order.
    var sortedCount = 0

    mutating func add(_ p: Vec2) -> Int32 {
      points.append(p)
      touched.append(false)
      return Int32(points.count - 1)
    }

    /// The number of a crossing point: a vertex's when it falls exactly on one (three edges
    /// through one point; marked touched), else a new one (see ``mergeCrossings()``).
    mutating func crossing(_ p: Vec2) -> Int32 {
      var (low, high) = (0, sortedCount)
      while low < high {
        let middle = (low + high) / 2
        if (points[middle].x, points[middle].y) < (p.x, p.y) {
          low = middle + 1
        } else {
          high = middle
        }
      }
      if low < sortedCount, points[low] == p {
        touched[low] = true
        return Int32(low)
      }
      return add(p)
    }

    /// Gives crossings at the same point (three or more edges through it) one number, marked
    /// touched, and returns each vertex's number after the merge.
    mutating func mergeCrossings() -> [Int32] {
      var numbers = (0..<points.count).map { Int32($0) }
      let order = (sortedCount..<points.count).sorted {
        (points[$0].x, points[$0].y) < (points[$1].x, points[$1].y)
      }
      for (previous, index) in zip(order, order.dropFirst()) where points[previous] == points[index]
      {
        numbers[index] = numbers[previous]
        touched[Int(numbers[previous])] = true
      }
      return numbers
    }
  }

  /// `polygons` merged into their boundary, charging `budget` for it, or `polygons` as they
  /// are when the budget is spent or the union does not close (they fill the same with the
  /// non-zero rule).
  static func merged(_ polygons: [[Vec2]], budget: WorkBudget) -> [[Vec2]] {
    boundary(of: polygons, budget: budget) ?? polygons
  }

  /// The loops of the union, ink on the left of each (counter-clockwise outer loops in a
  /// y-up frame), or `nil` when the polygons cannot be merged reliably or `budget` is spent.
  ///
  /// Each stage is charged before or as it runs, in proportion to what it loops over: the
  /// edges (snapping, sorting, numbering, pieces), the grid's cells and entries, the pairs of
  /// edges sharing a cell, the cuts found (sorted and merged), the cells and edges rays cross,
  /// and the edges linked. A union that gives up has spent what it charged.
  static func boundary(of polygons: [[Vec2]], budget: WorkBudget = .unlimited()) -> [[Vec2]]? {
    var edges: [Edge] = []
    var polygonEnds: [Int] = []
    for polygon in snapped(polygons) where polygon.count >= 3 {
      for index in polygon.indices {
        let a = polygon[index]
        let b = polygon[index + 1 == polygon.count ? 0 : index + 1]
        if a != b { edges.append(Edge(a: a, b: b)) }
      }
      polygonEnds.append(edges.count)
    }
    guard !edges.isEmpty else { return [] }
    guard budget.charge(edges.count * WorkBudget.unionEdgeCost) else { return nil }
    // Number the vertices: sorted by position, equal points share a number, and a point
    // that starts more than one edge is touched.
    var vertices = Vertices()
    let order = edges.indices.sorted {
      (edges[$0].a.x, edges[$0].a.y) < (edges[$1].a.x, edges[$1].a.y)
    }
    var previous: Vec2?
    for index in order {
      let a = edges[index].a
      if a == previous {
        vertices.touched[vertices.points.count - 1] = true
      } else {
        _ = vertices.add(a)
        previous = a
      }
      edges[index].ia = Int32(vertices.points.count - 1)
    }
    vertices.sortedCount = vertices.points.count
    for (polygon, end) in polygonEnds.enumerated() {
      let first = polygon == 0 ? 0 : polygonEnds[polygon - 1]
      for index in first..<end { edges[index].ib = edges[index + 1 == end ? first : index + 1].ia }
    }
    let segments = edges.map { ($0.a, $0.b) }
    var grid = Grid(segments, cellsPerSegment: 4)
    guard budget.charge(grid.buildWork * WorkBudget.gridCellCost) else { return nil }
    if !grid.isUsable {
      grid = Grid(segments, cellsPerSegment: 1)
      guard budget.charge(grid.buildWork * WorkBudget.gridCellCost) else { return nil }
    }
    guard grid.isUsable else { return nil }

    // Cut every edge where another crosses or touches it.
    var cuts = [[Cut]](repeating: [], count: edges.count)
    var overlapping = [Bool](repeating: false, count: edges.count)
    // The work is bounded by the edges: ink piled up in one place (thousands of discs over
    // one spot) would otherwise make the pairs, and the rays, grow with the square.
    let allowance = 256 * edges.count + 1 << 20
    // Testing the pairs is charged before it starts.
    guard let pairs = grid.pairCount(limit: allowance),
      budget.charge(pairs * WorkBudget.edgePairCost)
    else { return nil }
    // Each cut is charged as it is found: numbered, sorted along its edge, merged with
    // others at its point, and made a piece whose side is classified.
    grid.forEachPair { i, j in
      let added = Self.intersect(
        edges[i], edges[j], i, j, into: &cuts, vertices: &vertices, overlapping: &overlapping)
      return added == 0 || budget.charge(added * WorkBudget.cutCost)
    }
    guard !budget.isSpent else { return nil }
    let numbers = vertices.mergeCrossings()
    for index in cuts.indices {
      for k in cuts[index].indices {
        let id = numbers[Int(cuts[index][k].id)]
        cuts[index][k].id = id
        // Where a third edge passes through the point, the change is not the crossing's alone.
        if vertices.touched[Int(id)] { cuts[index][k].change = nil }
      }
    }
    var pieces: [Piece] = []
    var polygonStart = [Bool]()
    for (polygon, end) in polygonEnds.enumerated() {
      var firstOfPolygon = true
      for index in (polygon == 0 ? 0 : polygonEnds[polygon - 1])..<end {
        let edge = edges[index]
        var (start, startID) = (edge.a, edge.ia)
        var fresh = vertices.touched[Int(startID)]
        cuts[index].sort { $0.t < $1.t }
        for cut in cuts[index] {
          let known = cut.change != nil && cut.id != edge.ib
          if cut.id != startID {
            pieces.append(
              Piece(
                edge: Edge(a: start, b: cut.p, ia: startID, ib: cut.id), parent: index,
                fresh: fresh, change: known ? cut.change : nil))
            polygonStart.append(firstOfPolygon)
            firstOfPolygon = false
            fresh = false
          } else if !known || pieces.isEmpty {
            fresh = true
          } else if let change = pieces[pieces.count - 1].change, let more = cut.change {
            pieces[pieces.count - 1].change = change + more
          }
          if !known { fresh = true }
          (start, startID) = (cut.p, cut.id)
        }
        if startID != edge.ib {
          pieces.append(
            Piece(
              edge: Edge(a: start, b: edge.b, ia: startID, ib: edge.ib), parent: index,
              fresh: fresh, change: 0))
          polygonStart.append(firstOfPolygon)
          firstOfPolygon = false
        }
      }
    }
    // Pieces on top of one another only come from edges that overlap along a line.
    var spans: [Span: [Int]] = [:]
    for (index, piece) in pieces.enumerated() where overlapping[piece.parent] {
      spans[Span(piece.edge), default: []].append(index)
    }

    // Walk each polygon's pieces, knowing the winding number on their left: counted by a ray
    // where it is not known, updated by each crossing in between.
    var kept: [Edge] = []
    var left: Int?
    // Rays are charged as they go: each cell and edge they cross.
    var charged = 0
    func chargeRays() -> Bool {
      defer { charged = grid.work }
      return grid.work <= allowance && budget.charge((grid.work - charged) * WorkBudget.rayStepCost)
    }
    for (index, piece) in pieces.enumerated() {
      if piece.fresh || polygonStart[index] { left = nil }
      if overlapping[piece.parent], let twins = spans[Span(piece.edge)], twins.count > 1 {
        // Pieces on top of each other are classified together, and kept once.
        if twins[0] == index {
          Self.keep(group: twins.map { pieces[$0] }, grid: &grid, into: &kept)
          guard chargeRays() else { return nil }
        }
        left = nil
        continue
      }
      Self.keep(piece, left: &left, grid: &grid, into: &kept)
      guard chargeRays() else { return nil }
      if let known = left, let change = piece.change { left = known + change } else { left = nil }
    }
    guard budget.charge(kept.count * WorkBudget.linkCost) else { return nil }
    return link(kept, vertexCount: vertices.points.count)
  }

  /// The polygons with every vertex rounded to a grid of a power of two about 2⁻²⁴ of their
  /// extent, and repeated vertices dropped: points and edges that nearly meet then meet
  /// exactly (handled as touching or overlapping), and no edge is too short to have a
  /// direction. The shift is far below any tolerance the outline is drawn at.
  private static func snapped(_ polygons: [[Vec2]]) -> [[Vec2]] {
    var extent = 0.0
    for polygon in polygons {
      for p in polygon where p.x.isFinite && p.y.isFinite {
        extent = max(extent, abs(p.x), abs(p.y))
      }
    }
    guard extent > 0 else { return polygons }
    let step = Double(sign: .plus, exponent: extent.exponent - 24, significand: 1)
    return polygons.map { polygon in
      var result: [Vec2] = []
      result.reserveCapacity(polygon.count)
      for p in polygon {
        let q = Vec2((p.x / step).rounded() * step, (p.y / step).rounded() * step)
        if q != result.last { result.append(q) }
      }
      while result.count > 1, result.last == result.first { result.removeLast() }
      return result
    }
  }

  /// Keeps a piece when the ink is on exactly one side of it, turned so the ink is on its
  /// left; counts the winding number on its left first when it is not known.
  private static func keep(
    _ piece: Piece, left: inout Int?, grid: inout Grid, into kept: inout [Edge]
  ) {
    if left == nil {
      let (others, positive) = count(piece.edge, excluding: [piece.parent], grid: &grid)
      left = positive ? others + 1 : others
    }
    guard let inside = left else { return }
    emit(piece.edge, left: inside, right: inside - 1, into: &kept)
  }

  /// Keeps one of several pieces that lie on each other when the ink is on one side of them
  /// all together: each counts for the side it has on its left.
  private static func keep(group: [Piece], grid: inout Grid, into kept: inout [Edge]) {
    let reference = group[0].edge
    let (others, positive) = count(reference, excluding: group.map(\.parent), grid: &grid)
    let same = group.filter { $0.edge.a == reference.a }.count
    let opposite = group.count - same
    let (left, right) =
      positive ? (others + same - opposite, others) : (others, others - same + opposite)
    emit(reference, left: left, right: right, into: &kept)
  }

  /// The winding number at the middle of `edge` of every edge but `excluded`, and whether
  /// the edge crosses the ray used positively (upwards along x, leftwards along y), so that
  /// its own crossing counts for the point on its left.
  private static func count(_ edge: Edge, excluding excluded: [Int], grid: inout Grid)
    -> (Int, Bool)
  {
    let d = edge.b - edge.a
    let middle = Vec2((edge.a.x + edge.b.x) / 2, (edge.a.y + edge.b.y) / 2)
    let alongX = abs(d.y) >= abs(d.x)
    let others = grid.winding(at: middle, rayAlongX: alongX, excluding: excluded)
    return (others, alongX ? d.y > 0 : d.x < 0)
  }

  private static func emit(_ edge: Edge, left: Int, right: Int, into kept: inout [Edge]) {
    switch (left != 0, right != 0) {
    case (true, false): kept.append(edge)
    case (false, true): kept.append(Edge(a: edge.b, b: edge.a, ia: edge.ib, ib: edge.ia))
    default: return
    }
  }

  /// Adds the cuts of edges `i` and `j` where they cross, or where an end of one lies on the
  /// other (a point then marked as touched), including along a line where they overlap;
  /// ends that meet ends need no cut.
  /// - Returns: The number of cuts added.
  private static func intersect(
    _ e: Edge, _ f: Edge, _ i: Int, _ j: Int, into cuts: inout [[Cut]],
    vertices: inout Vertices, overlapping: inout [Bool]
  ) -> Int {
    let r = e.b - e.a
    let s = f.b - f.a
    let denominator = Vec2.cross(r, s)
    let scale = r.length * s.length
    let epsilon = 1e-9
    guard abs(denominator) > 1e-12 * scale else {
      // Parallel: on one line, each is cut where the other's ends lie inside it.
      let offset = f.a - e.a
      guard abs(Vec2.cross(offset, r)) <= epsilon * r.length * (r.length + s.length) else {
        return 0
      }
      (overlapping[i], overlapping[j]) = (true, true)
      var added = 0
      for (edge, other, index) in [(e, f, i), (f, e, j)] {
        let d = edge.b - edge.a
        let lengthSquared = Vec2.dot(d, d)
        for (point, id) in [(other.a, other.ia), (other.b, other.ib)] {
          let t = Vec2.dot(point - edge.a, d) / lengthSquared
          guard t > epsilon, t < 1 - epsilon else { continue }
          cuts[index].append(Cut(t: t, p: point, id: id, change: nil))
          vertices.touched[Int(id)] = true
          added += 1
        }
      }
      return added
    }
    let offset = f.a - e.a
    let t = Vec2.cross(offset, s) / denominator
    let u = Vec2.cross(offset, r) / denominator
    guard t >= -epsilon, t <= 1 + epsilon, u >= -epsilon, u <= 1 + epsilon else { return 0 }
    let tInside = t > epsilon && t < 1 - epsilon
    let uInside = u > epsilon && u < 1 - epsilon
    switch (tInside, uInside) {
    case (true, true):
      // Moving along e past f, the ink count on e's sides rises when f is crossed from its
      // right to its left.
      let p = e.a + r * t
      let change = denominator < 0 ? 1 : -1
      let id = vertices.crossing(p)
      cuts[i].append(Cut(t: t, p: p, id: id, change: change))
      cuts[j].append(Cut(t: u, p: p, id: id, change: -change))
      return 2
    case (true, false):
      let (p, id) = u < 0.5 ? (f.a, f.ia) : (f.b, f.ib)
      cuts[i].append(Cut(t: t, p: p, id: id, change: nil))
      vertices.touched[Int(id)] = true
      return 1
    case (false, true):
      let (p, id) = t < 0.5 ? (e.a, e.ia) : (e.b, e.ib)
      cuts[j].append(Cut(t: u, p: p, id: id, change: nil))
      vertices.touched[Int(id)] = true
      return 1
    case (false, false): return 0
    }
  }

  /// Links edges, ink on the left, into closed loops; where several leave one point, the one
  /// turning furthest right is taken, which keeps loops that touch at a point apart.
  private static func link(_ edges: [Edge], vertexCount: Int) -> [[Vec2]]? {
    // The edges leaving each vertex, as one flat list.
    var first = [Int32](repeating: 0, count: vertexCount + 1)
    for edge in edges { first[Int(edge.ia) + 1] += 1 }
    for k in 1..<first.count { first[k] += first[k - 1] }
    var leaving = [Int32](repeating: 0, count: edges.count)
    var next = first
    for (index, edge) in edges.enumerated() {
      leaving[Int(next[Int(edge.ia)])] = Int32(index)
      next[Int(edge.ia)] += 1
    }
    var used = [Bool](repeating: false, count: edges.count)
    var loops: [[Vec2]] = []
    for start in edges.indices where !used[start] {
      used[start] = true
      var loop = [edges[start].a]
      var current = start
      while edges[current].ib != edges[start].ia {
        let here = Int(edges[current].ib)
        let incoming = edges[current].b - edges[current].a
        var best: Int?
        var bestAngle = Double.infinity
        for slot in Int(first[here])..<Int(first[here + 1]) {
          let candidate = Int(leaving[slot])
          guard !used[candidate] else { continue }
          let out = edges[candidate].b - edges[candidate].a
          // The signed turn from the incoming direction, −π…π; the smallest is rightmost.
          let angle = atan2(Vec2.cross(incoming, out), Vec2.dot(incoming, out))
          if angle < bestAngle { (best, bestAngle) = (candidate, angle) }
        }
        guard let chosen = best else { return nil }
        used[chosen] = true
        loop.append(edges[current].b)
        current = chosen
        guard loop.count <= edges.count else { return nil }
      }
      if loop.count >= 3 { loops.append(loop) }
    }
    return loops
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A uniform grid of segments' boxes, about one segment per cell.
private struct Grid {
  private let segments: [(Vec2, Vec2)]
  private let minX, minY, cellWidth, cellHeight: Double
  private let columns, rows: Int
  /// The segments of cell `k` are `entries[start[k]..<start[k + 1]]` (one flat array, so a
  /// fine grid costs one offset per cell).
  private var start: [Int32] = []
  private var entries: [Int32] = []
  /// For each segment, its cell range: columns lo…hi, rows lo…hi.
  private var ranges: [(Int, Int, Int, Int)] = []
  private var stamps: [Int]
  private var stamp = 0
  private var overfull = false
  /// Cells and segments looked at by rays so far.
  private(set) var work = 0
  /// The cells made and the cell entries filled, or filled before the grid was found
  /// overfull: what building it cost.
  private(set) var buildWork = 0

  /// The number of cells.
  var cellCount: Int { columns * rows }

  /// Whether the grid was built: finite coordinates, and not so many long segments that
  /// filling the cells would cost more than about 64 cells a segment.
  var isUsable: Bool { columns > 0 && !overfull }

  /// A grid of about `cellsPerSegment` cells per segment (at most 2048 a side): a stroke's
  /// outline runs along a line through its box, so the cells it crosses hold a few segments
  /// each.
  init(_ segments: [(Vec2, Vec2)], cellsPerSegment: Double) {
    self.segments = segments
    var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    for (a, b) in segments {
      (x0, y0) = (min(x0, a.x, b.x), min(y0, a.y, b.y))
      (x1, y1) = (max(x1, a.x, b.x), max(y1, a.y, b.y))
    }
    stamps = [Int](repeating: -1, count: segments.count)
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, segments.count < 1 << 28 else {
      (minX, minY, cellWidth, cellHeight, columns, rows) = (0, 0, 1, 1, 0, 0)
      return
    }
    let side = Int((cellsPerSegment * Double(segments.count)).squareRoot().rounded(.up))
    columns = min(max(side, 1), 2048)
    rows = columns
    (minX, minY) = (x0, y0)
    cellWidth = max((x1 - x0) / Double(columns), 1e-300)
    cellHeight = max((y1 - y0) / Double(rows), 1e-300)
    ranges.reserveCapacity(segments.count)
    var counts = [Int32](repeating: 0, count: columns * rows + 1)
    var filled = 0
    for (a, b) in segments {
      let range = (
        column(min(a.x, b.x)), column(max(a.x, b.x)), row(min(a.y, b.y)), row(max(a.y, b.y))
      )
      ranges.append(range)
      filled += (range.1 - range.0 + 1) * (range.3 - range.2 + 1)
      guard filled <= 64 * segments.count + 65_536 else {
        overfull = true
        buildWork = segments.count + counts.count + filled
        return
      }
      for r in range.2...range.3 {
        for c in range.0...range.1 { counts[r * columns + c + 1] += 1 }
      }
    }
    // Counting the pairs walks the cells once more.
    buildWork = segments.count + 2 * counts.count + filled
    for k in 1..<counts.count { counts[k] += counts[k - 1] }
    start = counts
    entries = [Int32](repeating: 0, count: filled)
    var next = counts
    for (index, range) in ranges.enumerated() {
      for r in range.2...range.3 {
        for c in range.0...range.1 {
          let cell = r * columns + c
          entries[Int(next[cell])] = Int32(index)
          next[cell] += 1
        }
      }
    }
  }

  /// The segments of the cell at column `c`, row `r`.
  private func cell(_ c: Int, _ r: Int) -> ArraySlice<Int32> {
    let k = r * columns + c
    return entries[Int(start[k])..<Int(start[k + 1])]
  }

  private func column(_ x: Double) -> Int {
    min(max(Int((x - minX) / cellWidth), 0), columns - 1)
  }

  private func row(_ y: Double) -> Int { min(max(Int((y - minY) / cellHeight), 0), rows - 1) }

  /// How many pairs of segments ``forEachPair(_:)`` looks at (pairs sharing a cell, each
  /// once per cell they share), or `nil` when that is more than `limit`.
  func pairCount(limit: Int) -> Int? {
    var looked = 0
    for k in 0..<cellCount {
      let count = Int(start[k + 1] - start[k])
      looked += count * (count - 1) / 2
      guard looked <= limit else { return nil }
    }
    return looked
  }

  /// Calls `body` once for every pair of segments that share a cell, until it returns
  /// `false`.
  func forEachPair(_ body: (Int, Int) -> Bool) {
    for r in 0..<rows {
      for c in 0..<columns {
        let members = cell(c, r)
        guard members.count > 1 else { continue }
        for x in members.indices.dropLast() {
          let i = Int(members[x])
          for y in (x + 1)..<members.endIndex {
            let j = Int(members[y])
            // Only in the first cell the two share.
            let (ri, rj) = (ranges[i], ranges[j])
            guard max(ri.0, rj.0) == c, max(ri.2, rj.2) == r else { continue }
            guard body(i, j) else { return }
          }
        }
      }
    }
  }

  /// The non-zero winding number at `p` of every segment but the `excluded` ones, by a ray
  /// towards +x (or +y): a segment crossing it upwards (or leftwards) counts +1, the other
  /// way −1.
  mutating func winding(at p: Vec2, rayAlongX: Bool, excluding excluded: [Int]) -> Int {
    stamp += 1
    for index in excluded { stamps[index] = stamp }
    // Along the ray and across it: a ray along y is a ray along x with the axes swapped,
    // which mirrors the plane, so its crossings count the other way.
    func coordinates(_ v: Vec2) -> (along: Double, across: Double) {
      rayAlongX ? (v.x, v.y) : (v.y, v.x)
    }
    let q = coordinates(p)
    let (row, column) = (row(p.y), column(p.x))
    var winding = 0
    for step in rayAlongX ? column..<columns : row..<rows {
      let members = rayAlongX ? cell(step, row) : cell(column, step)
      work += 1 + members.count
      for index in members {
        let i = Int(index)
        guard stamps[i] != stamp else { continue }
        stamps[i] = stamp
        let a = coordinates(segments[i].0)
        let b = coordinates(segments[i].1)
        guard (a.across <= q.across) != (b.across <= q.across) else { continue }
        let along = a.along + (q.across - a.across) * (b.along - a.along) / (b.across - a.across)
        guard along > q.along else { continue }
        let direction = b.across > a.across ? 1 : -1
        winding += rayAlongX ? direction : -direction
      }
    }
    return winding
  }
}
