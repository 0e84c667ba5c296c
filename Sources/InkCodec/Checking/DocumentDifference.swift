/// How the strokes of two documents differ: which strokes only one has, which changed and in
/// what, compared where they land on the page (each paths element's transform applied, widths
/// scaled with it), so a document and its flattened or converted copy compare equal.
///
/// Strokes are aligned in document order: a common beginning and end first, then the strokes
/// between them by a shortest edit script, a removed stroke facing an added one counting as
/// one change. Each stroke is hashed once where it lands, so strokes that are exactly the same
/// are found by their hashes, not by comparing points again and again. The edit script's work
/// is bounded by `maximumAlignmentWork` (about one unit per pair of strokes it looks at, plus
/// the points it compares within a tolerance); past it, the strokes between the common
/// beginning and end are paired by position instead (``Alignment/byPosition``),
/// which takes time linear in the strokes, and ``alignment`` says so.
///
/// ```swift
/// let difference = DocumentDifference(comparing: original, with: roundTripped, tolerance: 0.005)
/// if !difference.isEqual { print(difference.changed.first?.fields ?? []) }
/// ```
public struct DocumentDifference: Sendable, Hashable {
  /// Where a stroke is in its document.
  public struct Location: Sendable, Hashable {
    /// The section's index.
    public var section: Int
    /// The paths element's index among the section's paths elements.
    public var element: Int
    /// The stroke's index in its element.
    public var index: Int
  }

  /// What can differ between two strokes.
  public enum Field: String, Sendable, Hashable, CaseIterable {
    /// The control points (their number, or a coordinate beyond the tolerance).
    case points
    /// The widths (their number, or a width beyond the tolerance).
    case widths
    /// The colours.
    case colors
    /// ts.
    case startParameter
    /// tf.
    case endParameter
    /// The stored blend mode.
    case blendMode
    /// The particle paint.
    case paintIndex
    /// The particle brush's seed.
    case particlesRandomSeed
    /// The stroke's id.
    case id
    /// The decimal precision.
    case decimalPrecision
  }

  /// How the strokes between the common beginning and end were aligned.
  public enum Alignment: String, Sendable, Hashable, CaseIterable {
    /// By a shortest edit script: the fewest strokes removed and added.
    case editScript = "edit-script"
    /// By position, the edit script having needed more than its work budget: the first
    /// stroke of the middle of one document against the first of the other's, and so on,
    /// the longer side's rest removed or added. Every stroke is still accounted for, but an
    /// insertion there shows as changes down to the end of the middle.
    case byPosition = "by-position"
  }

  /// One stroke in both documents, changed.
  public struct Change: Sendable, Hashable {
    /// Where it is in the first document.
    public var first: Location
    /// Where it is in the second.
    public var second: Location
    /// What differs.
    public var fields: [Field]
    /// The largest difference of a coordinate, in page units, when both have as many
    /// points; `nil` otherwise.
    public var largestPointError: Double?
  }

  /// How many strokes are the same in both.
  public var unchanged = 0
  /// The strokes in both, changed.
  public var changed: [Change] = []
  /// The strokes only the first document has.
  public var removed: [Location] = []
  /// The strokes only the second document has.
  public var added: [Location] = []
  /// The largest difference of a coordinate over the strokes that are the same within the
  /// tolerance.
  public var largestUnchangedError = 0.0
  /// How the strokes between the common beginning and end were aligned.
  public var alignment = Alignment.editScript
  /// The work the edit script took, in the units of `maximumAlignmentWork` (when it gave up,
  /// the work done until then).
  public var alignmentWork = 0

  /// Whether the documents have the same strokes (within the tolerance).
  public var isEqual: Bool { changed.isEmpty && removed.isEmpty && added.isEmpty }

  /// The default work budget of the edit script: 10 million units, well under a second, and
  /// at most 40 MB of memory (4 bytes a unit). A shortest edit script costs about the number
  /// of strokes times the number of edits, so two documents of a few thousand strokes that
  /// share none are aligned by position.
  public static let defaultMaximumAlignmentWork = 10_000_000

  /// Compares the strokes of two documents.
  /// - Parameters:
  ///   - first: The first document: strokes only it has are ``removed``.
  ///   - second: The second document: strokes only it has are ``added``.
  ///   - tolerance: How far apart, in page units, a coordinate or a width may be and still
  ///     count as the same (0: exactly equal).
  ///   - maximumAlignmentWork: The edit script's work budget (see the type's discussion);
  ///     past it, the strokes are aligned by position.
  public init(
    comparing first: WillDocument, with second: WillDocument, tolerance: Double = 0,
    maximumAlignmentWork: Int = defaultMaximumAlignmentWork
  ) {
    let old = PlacedStrokes(first)
    let new = PlacedStrokes(second)
    let keys = Self.classify(old, new)
    func compare(_ a: Int, _ b: Int) -> (fields: [Field], error: Double?) {
      keys.old[a] == keys.new[b]
        ? ([], 0) : Self.compare(old[a], new[b], tolerance: tolerance)
    }
    /// Whether two strokes count as the same, and how far apart their points are: exactly
    /// the same strokes by their classes, strokes that differ in a field no tolerance covers
    /// by their shapes, the rest point by point.
    func same(_ a: Int, _ b: Int) -> Double? {
      if keys.old[a] == keys.new[b] { return 0 }
      guard tolerance > 0, old.shapes[a] == new.shapes[b] else { return nil }
      let result = Self.compare(old[a], new[b], tolerance: tolerance)
      return result.fields.isEmpty ? result.error ?? 0 : nil
    }
    var start = 0
    while start < min(old.count, new.count), let error = same(start, start) {
      record(same: error)
      start += 1
    }
    var endOld = old.count
    var endNew = new.count
    while endOld > start, endNew > start, let error = same(endOld - 1, endNew - 1) {
      record(same: error)
      endOld -= 1
      endNew -= 1
    }
    // Only strokes that could match one on the other side take part in the edit script: the
    // others are removed or added whatever the script. Exactly: the same class; within a
    // tolerance: the same shape.
    let matchOld = tolerance > 0 ? old.shapes : keys.old
    let matchNew = tolerance > 0 ? new.shapes : keys.new
    let oldKeys = Set(matchOld[start..<endOld])
    let newKeys = Set(matchNew[start..<endNew])
    let candidatesOld = (start..<endOld).filter { newKeys.contains(matchOld[$0]) }
    let candidatesNew = (start..<endNew).filter { oldKeys.contains(matchNew[$0]) }
    var work = 0
    let matches = Self.shortestEditScript(
      candidatesOld.count, candidatesNew.count, budget: maximumAlignmentWork, work: &work
    ) { x, y, work in
      let (a, b) = (candidatesOld[x], candidatesNew[y])
      if keys.old[a] == keys.new[b] { return true }
      guard tolerance > 0 else { return false }
      let stroke = old[a].stroke
      work += stroke.points.count + stroke.widths.count
      return same(a, b) != nil
    }
    alignmentWork = work
    // Runs of (removed, added) between strokes that match, in order.
    var runs: [(removed: Range<Int>, added: Range<Int>)] = []
    if let matches {
      var (i, j) = (start, start)
      for (x, y) in matches {
        let (a, b) = (candidatesOld[x], candidatesNew[y])
        if a > i || b > j { runs.append((i..<a, j..<b)) }
        record(same: same(a, b) ?? 0)
        (i, j) = (a + 1, b + 1)
      }
      if endOld > i || endNew > j { runs.append((i..<endOld, j..<endNew)) }
    } else {
      alignment = .byPosition
      runs = [(start..<endOld, start..<endNew)]
    }
    for run in runs {
      let paired = min(run.removed.count, run.added.count)
      for offset in 0..<paired {
        let (a, b) = (run.removed.lowerBound + offset, run.added.lowerBound + offset)
        let result = compare(a, b)
        if result.fields.isEmpty {
          record(same: result.error)
        } else {
          changed.append(
            Change(
              first: old[a].location, second: new[b].location, fields: result.fields,
              largestPointError: result.error))
        }
      }
      removed += run.removed.dropFirst(paired).map { old[$0].location }
      added += run.added.dropFirst(paired).map { new[$0].location }
    }
  }

  /// The matching pairs `(x, y)` of a shortest edit script from `0..<n` to `0..<m`
  /// (Myers' greedy algorithm, the furthest point of each diagonal kept for each number of
  /// edits), in increasing order; `nil` when `work` passes `budget`. A step along a
  /// diagonal costs one unit, and `equal` adds what its comparison costs.
  static func shortestEditScript(
    _ n: Int, _ m: Int, budget: Int, work: inout Int,
    equal: (_ x: Int, _ y: Int, _ work: inout Int) -> Bool
  ) -> [(Int, Int)]? {
    if n == 0 || m == 0 { return [] }
    // The diagonals k = x − y reachable with d edits inside the n × m grid.
    func range(_ d: Int) -> (low: Int, high: Int) {
      (-d + 2 * max(0, d - m), d - 2 * max(0, d - n))
    }
    // v[k + m]: the furthest x on diagonal k; trace[d]: those of round d, every other k.
    var v = [Int](repeating: 0, count: n + m + 1)
    var trace: [[Int32]] = []
    var last = 0
    search: for d in 0...(n + m) {
      let (low, high) = range(d)
      var round: [Int32] = []
      round.reserveCapacity((high - low) / 2 + 1)
      for k in stride(from: low, through: high, by: 2) {
        var x: Int
        if d == 0 {
          x = 0
        } else {
          let previous = range(d - 1)
          if k - 1 < previous.low || (k + 1 <= previous.high && v[k - 1 + m] < v[k + 1 + m]) {
            x = v[k + 1 + m]  // down: a stroke added
          } else {
            x = v[k - 1 + m] + 1  // right: a stroke removed
          }
        }
        var y = x - k
        work += 1
        while x < n, y < m, equal(x, y, &work) {
          x += 1
          y += 1
          work += 1
        }
        if work > budget { return nil }
        v[k + m] = x
        round.append(Int32(x))
        if x >= n, y >= m {
          trace.append(round)
          last = d
          break search
        }
      }
      trace.append(round)
    }
    // Back from (n, m): each round's snake, then the edit before it.
    var pairs: [(Int, Int)] = []
    var (x, y) = (n, m)
    for d in stride(from: last, to: 0, by: -1) {
      let k = x - y
      let previous = range(d - 1)
      func furthest(_ k: Int) -> Int { Int(trace[d - 1][(k - previous.low) / 2]) }
      let down =
        k - 1 < previous.low || (k + 1 <= previous.high && furthest(k - 1) < furthest(k + 1))
      let previousK = down ? k + 1 : k - 1
      let previousX = furthest(previousK)
      let snakeStart = down ? previousX : previousX + 1
      while x > snakeStart {
        x -= 1
        y -= 1
        pairs.append((x, y))
      }
      (x, y) = (previousX, previousX - previousK)
    }
    while x > 0, y > 0 {
      x -= 1
      y -= 1
      pairs.append((x, y))
    }
    return pairs.reversed()
  }

  /// Each stroke's class: the same number for strokes that land exactly the same (the same
  /// coordinates and widths on the page, the same other fields), found by hashing each
  /// stroke once and comparing it in full only with the first stroke of each class of its
  /// hash (another class of the same hash is a collision, as good as never).
  private static func classify(_ old: PlacedStrokes, _ new: PlacedStrokes) -> (
    old: [Int], new: [Int]
  ) {
    // Strokes by number: the first document's, then the second's.
    func placed(_ number: Int) -> PlacedStroke {
      number < old.count ? old[number] : new[number - old.count]
    }
    var first: [Int: Int] = [:]  // hash → the first stroke of its first class
    var further: [Int: [Int]] = [:]  // hash → the first strokes of its other classes
    var classes: [Int] = []
    classes.reserveCapacity(old.count + new.count)
    func key(_ number: Int, _ hash: Int) -> Int {
      guard let representative = first[hash] else {
        first[hash] = number
        return number
      }
      let stroke = placed(number)
      for candidate in [representative] + further[hash, default: []]
      where compare(placed(candidate), stroke, tolerance: 0).fields.isEmpty {
        return classes[candidate]
      }
      further[hash, default: []].append(number)
      return number
    }
    for index in 0..<old.count { classes.append(key(index, old.hashes[index])) }
    for index in 0..<new.count { classes.append(key(old.count + index, new.hashes[index])) }
    return (Array(classes[..<old.count]), Array(classes[old.count...]))
  }

  private mutating func record(same error: Double?) {
    unchanged += 1
    largestUnchangedError = max(largestUnchangedError, error ?? 0)
  }

  /// A stroke where it lands: its location, and its transform for coordinates and widths.
  private struct PlacedStroke {
    var location: Location
    var stroke: Stroke
    var transform: AffineTransform
  }

  /// The strokes of a document in order, each with where it is and its hashes; a stroke's
  /// ``PlacedStroke`` is made when asked for (a few words a stroke held, not a copy of each).
  private struct PlacedStrokes {
    /// The paths elements: their strokes, transforms and places.
    var elements: [(strokes: [Stroke], transform: AffineTransform, section: Int, element: Int)] =
      []
    /// Each stroke's element (an index of `elements`) and index in it.
    var positions: [(element: Int32, index: Int32)] = []
    /// The hash of what no tolerance covers: the point and width counts and the other fields.
    var shapes: [Int] = []
    /// The hash of everything compared: the shape, and the coordinates and widths where the
    /// stroke lands.
    var hashes: [Int] = []

    var count: Int { positions.count }

    init(_ document: WillDocument) {
      for (section, content) in document.sections.enumerated() {
        for (element, placed) in content.pathsElements.enumerated() {
          let strokes = placed.element.strokes
          for (index, stroke) in strokes.enumerated() {
            positions.append((Int32(elements.count), Int32(index)))
            let (shape, hash) = Self.hashes(stroke, placed.transform)
            shapes.append(shape)
            hashes.append(hash)
          }
          elements.append((strokes, placed.transform, section, element))
        }
      }
    }

    subscript(_ number: Int) -> PlacedStroke {
      let (element, index) = positions[number]
      let placed = elements[Int(element)]
      return PlacedStroke(
        location: Location(section: placed.section, element: placed.element, index: Int(index)),
        stroke: placed.strokes[Int(index)], transform: placed.transform)
    }

    static func hashes(_ stroke: Stroke, _ transform: AffineTransform) -> (shape: Int, hash: Int) {
      var hasher = Hasher()
      hasher.combine(stroke.points.count)
      hasher.combine(stroke.widths.count)
      hasher.combine(stroke.colors)
      hasher.combine(canonical(stroke.startParameter))
      hasher.combine(canonical(stroke.endParameter))
      hasher.combine(stroke.blendMode)
      hasher.combine(stroke.paintIndex)
      hasher.combine(stroke.particlesRandomSeed)
      hasher.combine(stroke.id)
      hasher.combine(stroke.decimalPrecision)
      var full = hasher
      let shape = hasher.finalize()
      for point in stroke.points {
        let placed = transform.apply(x: point.x, y: point.y)
        full.combine(canonical(placed.x))
        full.combine(canonical(placed.y))
      }
      let scale = transform.lengthScale
      for width in stroke.widths { full.combine(canonical(width * scale)) }
      return (shape, full.finalize())
    }

    /// The bits of a value that equal values share: one NaN, one zero.
    static func canonical(_ value: Double) -> UInt64 {
      value.isNaN ? Double.nan.bitPattern : value == 0 ? 0 : value.bitPattern
    }

    static func canonical(_ value: Float) -> UInt32 {
      value.isNaN ? Float.nan.bitPattern : value == 0 ? 0 : value.bitPattern
    }
  }

  /// How far apart two placed values are: 0 when equal, infinities included, or both NaN (a
  /// transform of huge scale gives both, and the same stroke must compare equal to itself);
  /// infinity when only one is NaN.
  private static func distance(_ x: Double, _ y: Double) -> Double {
    if x == y || (x.isNaN && y.isNaN) { return 0 }
    let d = abs(x - y)
    return d.isNaN ? .infinity : d
  }

  /// The fields in which two placed strokes differ, and their largest coordinate difference.
  private static func compare(_ a: PlacedStroke, _ b: PlacedStroke, tolerance: Double) -> (
    fields: [Field], error: Double?
  ) {
    var fields: [Field] = []
    var error: Double?
    let first = a.stroke
    let second = b.stroke
    if first.points.count == second.points.count {
      var largest = 0.0
      for (p, q) in zip(first.points, second.points) {
        let u = a.transform.apply(x: p.x, y: p.y)
        let v = b.transform.apply(x: q.x, y: q.y)
        largest = max(largest, distance(u.x, v.x), distance(u.y, v.y))
      }
      error = largest
      if !(largest <= tolerance) { fields.append(.points) }
    } else {
      fields.append(.points)
    }
    let scales = (a.transform.lengthScale, b.transform.lengthScale)
    if first.widths.count != second.widths.count
      || zip(first.widths, second.widths).contains(where: {
        !(distance($0 * scales.0, $1 * scales.1) <= tolerance)
      })
    {
      fields.append(.widths)
    }
    if first.colors != second.colors { fields.append(.colors) }
    // A NaN parameter is the same as itself: a stroke compares equal to itself.
    func differs(_ x: Float, _ y: Float) -> Bool { x != y && !(x.isNaN && y.isNaN) }
    if differs(first.startParameter, second.startParameter) { fields.append(.startParameter) }
    if differs(first.endParameter, second.endParameter) { fields.append(.endParameter) }
    if first.blendMode != second.blendMode { fields.append(.blendMode) }
    if first.paintIndex != second.paintIndex { fields.append(.paintIndex) }
    if first.particlesRandomSeed != second.particlesRandomSeed {
      fields.append(.particlesRandomSeed)
    }
    if first.id != second.id { fields.append(.id) }
    if first.decimalPrecision != second.decimalPrecision { fields.append(.decimalPrecision) }
    return (fields, error)
  }
}
