extension CoverageRasterizer {
  /// Turns the pieces of one row into coverage spans, cluster by cluster (see
  /// ``CoverageRasterizer``). Works on storage the rasteriser owns, through raw pointers
  /// sized for the busiest row.
  struct RowSweeper {
    /// Clusters and bands with more pieces are sorted with the standard library's
    /// O(n log n) sort instead of insertion sort.
    static let insertionLimit = 64
    let width: Int
    /// Every row's pieces, grouped by row.
    let pieces: UnsafeMutablePointer<Piece>
    /// The current row's pieces, copied in order of first cell.
    let ordered: UnsafeMutablePointer<Piece>
    /// Sort keys: first cell in the high half, index in the row in the low half.
    let sortKeys: UnsafeMutablePointer<UInt64>
    let accumulation: UnsafeMutablePointer<Double>
    let coverage: UnsafeMutablePointer<Float>
    let ones: UnsafeMutablePointer<Float>
    let events: UnsafeMutablePointer<Double>
    let active: UnsafeMutablePointer<Int32>
    let keys: UnsafeMutablePointer<Double>
    let steps: UnsafeMutablePointer<Step>
    /// Charged for the bands of clusters whose pieces share heights, whose cost grows faster
    /// than their pieces; the sweep stops when it is spent.
    let budget: WorkBudget
    /// The winding number left of the current cluster as a function of y within the row:
    /// `baseWinding` plus the changes of the steps at or above y. It is constant along x
    /// between clusters.
    var baseWinding: Int32 = 0
    var stepCount = 0

    init(
      width: Int, pieces: UnsafeMutablePointer<Piece>, ordered: UnsafeMutablePointer<Piece>,
      sortKeys: UnsafeMutablePointer<UInt64>, accumulation: UnsafeMutablePointer<Double>,
      coverage: UnsafeMutablePointer<Float>, ones: UnsafeMutablePointer<Float>,
      events: UnsafeMutablePointer<Double>, active: UnsafeMutablePointer<Int32>,
      keys: UnsafeMutablePointer<Double>, steps: UnsafeMutablePointer<Step>, budget: WorkBudget
    ) {
      self.budget = budget
      self.width = width
      self.pieces = pieces
      self.ordered = ordered
      self.sortKeys = sortKeys
      self.accumulation = accumulation
      self.coverage = coverage
      self.ones = ones
      self.events = events
      self.active = active
      self.keys = keys
      self.steps = steps
    }

    /// Sweeps row `row`, whose pieces are `pieces[lo..<hi]`.
    mutating func sweepRow(
      _ row: Int, _ lo: Int, _ hi: Int, _ body: (Int, Int, UnsafeBufferPointer<Float>) -> Void
    ) {
      guard !budget.isSpent else { return }
      orderByFirstCell(lo, hi)
      let count = hi - lo
      let top = Double(row)
      let bottom = top + 1
      baseWinding = 0
      stepCount = 0
      var start = 0
      var gapStart = 0
      while start < count {
        // A cluster: pieces whose cell ranges overlap.
        let cellLo = Int(ordered[start].cellLo)
        var cellHi = Int(ordered[start].cellHi)
        var end = start + 1
        while end < count && Int(ordered[end].cellLo) <= cellHi {
          cellHi = max(cellHi, Int(ordered[end].cellHi))
          end += 1
        }
        // Each cluster walks the steps left of it: a row crossed by k pieces of one outline
        // costs up to k², charged as it goes.
        if stepCount > 0 && !budget.charge(stepCount * WorkBudget.sweepCost) { return }
        let base = leftCoverage(top, bottom)
        let gapEnd = min(cellLo, width)
        if base > 0 && gapStart < gapEnd {
          emitConstant(row, gapStart, gapEnd, base, body)
        }
        sweepCluster(start, end)
        if budget.isSpent { return }
        // Integrate the cluster's cells.
        var sum = Double(base)
        let last = min(cellHi, width - 1)
        if cellLo <= last {
          for c in cellLo...last {
            sum += accumulation[c]
            coverage[c - cellLo] = Float(min(max(sum, 0), 1))
          }
          body(row, cellLo, UnsafeBufferPointer(start: coverage, count: last - cellLo + 1))
        }
        (accumulation + cellLo).update(repeating: 0, count: cellHi - cellLo + 1)
        advanceSteps(start, end, top, bottom)
        gapStart = cellHi + 1
        start = end
      }
      let base = leftCoverage(top, bottom)
      if base > 0 && gapStart < width { emitConstant(row, gapStart, width, base, body) }
    }

    /// Copies `pieces[lo..<hi]` to `ordered`, sorted by first cell (pieces with the same first
    /// cell keep their order). Sorting 8-byte keys and copying each piece once is cheaper than
    /// moving the pieces while sorting.
    private func orderByFirstCell(_ lo: Int, _ hi: Int) {
      let count = hi - lo
      for k in 0..<count {
        sortKeys[k] = UInt64(UInt32(bitPattern: pieces[lo + k].cellLo)) << 32 | UInt64(k)
      }
      CoverageRasterizer.sortAscending(sortKeys, count)
      for k in 0..<count {
        (ordered + k).initialize(to: pieces[lo + Int(sortKeys[k] & 0xFFFF_FFFF)])
      }
    }

    private func emitConstant(
      _ row: Int, _ from: Int, _ to: Int, _ value: Float,
      _ body: (Int, Int, UnsafeBufferPointer<Float>) -> Void
    ) {
      if value >= 1 {
        body(row, from, UnsafeBufferPointer(start: ones, count: to - from))
      } else {
        coverage.update(repeating: value, count: to - from)
        body(row, from, UnsafeBufferPointer(start: coverage, count: to - from))
      }
    }

    /// Records how the cluster's pieces change the winding number left of the next cluster.
    private mutating func advanceSteps(_ start: Int, _ end: Int, _ top: Double, _ bottom: Double) {
      let before = stepCount
      for k in start..<end {
        let p = ordered[k]
        if p.ya <= top {
          baseWinding &+= p.winding
        } else {
          steps[stepCount] = Step(y: p.ya, change: p.winding)
          stepCount += 1
        }
        if p.yb < bottom {
          steps[stepCount] = Step(y: p.yb, change: 0 &- p.winding)
          stepCount += 1
        }
      }
      if stepCount != before { normaliseSteps() }
    }

    /// Sorts the steps by y, merges steps at the same y and drops those that cancel.
    private mutating func normaliseSteps() {
      if stepCount > RowSweeper.insertionLimit {
        // Steps at the same y are summed below, so their order does not matter.
        var all = UnsafeMutableBufferPointer(start: steps, count: stepCount)
        all.sort { $0.y < $1.y }
      } else {
        var i = 1
        while i < stepCount {
          let v = steps[i]
          var j = i
          while j > 0 && steps[j - 1].y > v.y {
            steps[j] = steps[j - 1]
            j -= 1
          }
          steps[j] = v
          i += 1
        }
      }
      var kept = 0
      for k in 0..<stepCount {
        let s = steps[k]
        if kept > 0 && steps[kept - 1].y == s.y {
          steps[kept - 1].change &+= s.change
          if steps[kept - 1].change == 0 { kept -= 1 }
        } else if s.change != 0 {
          steps[kept] = s
          kept += 1
        }
      }
      stepCount = kept
    }

    /// The winding number left of the current cluster at height `y`.
    @inline(__always)
    private func leftWinding(at y: Double) -> Int32 {
      var w = baseWinding
      var k = 0
      while k < stepCount && steps[k].y <= y {
        w &+= steps[k].change
        k += 1
      }
      return w
    }

    /// The fraction of the row where the winding number left of the current cluster is not 0.
    @inline(__always)
    private func leftCoverage(_ top: Double, _ bottom: Double) -> Float {
      if stepCount == 0 { return baseWinding != 0 ? 1 : 0 }
      var w = baseWinding
      var y = top
      var covered = 0.0
      for k in 0..<stepCount {
        let s = steps[k]
        if w != 0 { covered += s.y - y }
        y = s.y
        w &+= s.change
      }
      if w != 0 { covered += bottom - y }
      return Float(min(max(covered, 0), 1))
    }

    /// Accumulates the boundary of the non-zero region of one cluster.
    private mutating func sweepCluster(_ start: Int, _ end: Int) {
      if end - start > 1 {
        // Sort by top; when the pieces follow one another in y (one chain crossing the row),
        // nothing else in the cluster is beside any of them.
        var disjoint = true
        // A chain running up the row comes in reverse: flip it instead of insertion-sorting
        // its worst case.
        var descending = true
        for k in (start + 1)..<end where ordered[k].ya >= ordered[k - 1].ya {
          descending = false
          break
        }
        if descending {
          var chain = UnsafeMutableBufferPointer(start: ordered + start, count: end - start)
          chain.reverse()
        }
        if end - start > RowSweeper.insertionLimit {
          // Insertion sort is quadratic when a hostile outline piles pieces into one cluster.
          var cluster = UnsafeMutableBufferPointer(start: ordered + start, count: end - start)
          cluster.sort { $0.ya < $1.ya }
        } else {
          var i = start + 1
          while i < end {
            let p = ordered[i]
            var j = i
            while j > start && ordered[j - 1].ya > p.ya {
              ordered[j] = ordered[j - 1]
              j -= 1
            }
            ordered[j] = p
            i += 1
          }
        }
        for k in (start + 1)..<end where ordered[k].ya < ordered[k - 1].yb {
          disjoint = false
          break
        }
        if !disjoint {
          sweepBands(start, end)
          return
        }
      }
      for k in start..<end { depositAlone(ordered[k]) }
    }

    /// Accumulates the parts of a piece that bound the non-zero region, given that no other
    /// piece of its cluster shares its heights: the winding number to its left is the one left
    /// of the cluster, which changes only at the steps.
    @inline(__always)
    private mutating func depositAlone(_ p: Piece) {
      var w = baseWinding
      var k = 0
      while k < stepCount && steps[k].y <= p.ya {
        w &+= steps[k].change
        k += 1
      }
      if k == stepCount || steps[k].y >= p.yb {
        let after = w &+ p.winding
        if (w == 0) != (after == 0) {
          deposit(p.xa, p.ya, p.xb, p.yb, sign: w == 0 ? 1 : -1)
        }
        return
      }
      var y0 = p.ya
      while true {
        let y1 = k < stepCount && steps[k].y < p.yb ? steps[k].y : p.yb
        let after = w &+ p.winding
        if (w == 0) != (after == 0) {
          deposit(p.x(at: y0), y0, p.x(at: y1), y1, sign: w == 0 ? 1 : -1)
        }
        if y1 >= p.yb { return }
        w &+= steps[k].change
        k += 1
        y0 = y1
      }
    }

    /// Cuts a cluster, whose pieces are sorted by top, into bands at its vertices and at the
    /// steps; inside each band sorts the pieces by position and accumulates those where the
    /// winding number changes between zero and non-zero.
    private mutating func sweepBands(_ start: Int, _ end: Int) {
      var eventCount = 0
      for k in start..<end {
        events[eventCount] = ordered[k].ya
        events[eventCount + 1] = ordered[k].yb
        eventCount += 2
      }
      for k in 0..<stepCount {
        events[eventCount] = steps[k].y
        eventCount += 1
      }
      CoverageRasterizer.sortAscending(events, eventCount)
      var activeCount = 0
      var next = start
      var top = events[0]
      for e in 1..<eventCount where events[e] > top {
        let bottom = events[e]
        let mid = (top + bottom) / 2
        // Drop the pieces that ended, add those that start.
        var kept = 0
        for i in 0..<activeCount where ordered[Int(active[i])].yb > top {
          active[kept] = active[i]
          kept += 1
        }
        activeCount = kept
        while next < end && ordered[next].ya <= top {
          if ordered[next].yb > top {
            active[activeCount] = Int32(next)
            activeCount += 1
          }
          next += 1
        }
        if activeCount == 0 {
          top = bottom
          continue
        }
        // Every band costs its active pieces: a cluster of k pieces sharing heights costs
        // about k² (charged as it goes, so a hostile cluster stops early).
        guard budget.charge(activeCount * WorkBudget.sweepCost) else { return }
        if activeCount > RowSweeper.insertionLimit {
          let ordered = self.ordered
          var band = UnsafeMutableBufferPointer(start: active, count: activeCount)
          band.sort { ordered[Int($0)].x(at: mid) < ordered[Int($1)].x(at: mid) }
          for i in 0..<activeCount { keys[i] = ordered[Int(active[i])].x(at: mid) }
        } else {
          // Sort by position at the band's middle; the order barely changes between bands.
          for i in 0..<activeCount {
            let index = active[i]
            let key = ordered[Int(index)].x(at: mid)
            var j = i
            while j > 0 && keys[j - 1] > key {
              keys[j] = keys[j - 1]
              active[j] = active[j - 1]
              j -= 1
            }
            keys[j] = key
            active[j] = index
          }
        }
        var winding = leftWinding(at: mid)
        for i in 0..<activeCount {
          let p = ordered[Int(active[i])]
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
    private func deposit(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, sign: Double) {
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
    private func depositClamped(
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

  /// Sorts a few values in place (insertion sort; the standard sort beyond 64).
  @inline(__always)
  static func sortAscending<Value: Comparable>(_ values: UnsafeMutablePointer<Value>, _ count: Int)
  {
    if count > 64 {
      var buffer = UnsafeMutableBufferPointer(start: values, count: count)
      buffer.sort()
      return
    }
    var i = 1
    while i < count {
      let v = values[i]
      var j = i
      while j > 0 && values[j - 1] > v {
        values[j] = values[j - 1]
        j -= 1
      }
      values[j] = v
      i += 1
    }
  }
}
