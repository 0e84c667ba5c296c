/// How the strokes of two documents differ: which strokes only one has, which changed and in
/// what, compared where they land on the page (each paths element's transform applied, widths
/// scaled with it), so a document and its flattened or converted copy compare equal.
///
/// Strokes are aligned in document order: a common beginning and end first, then the strokes
/// between them by a shortest edit script (for up to ``maximumAlignedStrokes`` strokes a side;
/// beyond that, by position), a removed stroke facing an added one counting as one change.
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

  /// Whether the documents have the same strokes (within the tolerance).
  public var isEqual: Bool { changed.isEmpty && removed.isEmpty && added.isEmpty }

  /// Beyond this many strokes a side between the common beginning and end, strokes are
  /// paired by position (an edit script costs the product of the two counts).
  public static let maximumAlignedStrokes = 1_000

  /// Compares the strokes of two documents.
  /// - Parameters:
  ///   - tolerance: How far apart, in page units, a coordinate or a width may be and still
  ///     count as the same (0: exactly equal).
  public init(comparing first: WillDocument, with second: WillDocument, tolerance: Double = 0) {
    let old = Self.placedStrokes(first)
    let new = Self.placedStrokes(second)
    func compare(_ a: Int, _ b: Int) -> (fields: [Field], error: Double?) {
      Self.compare(old[a], new[b], tolerance: tolerance)
    }
    var start = 0
    while start < min(old.count, new.count), compare(start, start).fields.isEmpty {
      record(same: compare(start, start).error)
      start += 1
    }
    var endOld = old.count
    var endNew = new.count
    while endOld > start, endNew > start, compare(endOld - 1, endNew - 1).fields.isEmpty {
      record(same: compare(endOld - 1, endNew - 1).error)
      endOld -= 1
      endNew -= 1
    }
    let middleOld = Array(start..<endOld)
    let middleNew = Array(start..<endNew)
    // Runs of (removed, added) between strokes that match, in order.
    var runs: [(removed: [Int], added: [Int])] = []
    if middleOld.count <= Self.maximumAlignedStrokes
      && middleNew.count <= Self.maximumAlignedStrokes
    {
      let script = middleNew.difference(from: middleOld) { compare($0, $1).fields.isEmpty }
      var removedOffsets = Set<Int>()
      var insertedOffsets = Set<Int>()
      for step in script {
        switch step {
        case .remove(let offset, _, _): removedOffsets.insert(offset)
        case .insert(let offset, _, _): insertedOffsets.insert(offset)
        }
      }
      var i = 0
      var j = 0
      var run: (removed: [Int], added: [Int]) = ([], [])
      while i < middleOld.count || j < middleNew.count {
        if i < middleOld.count, removedOffsets.contains(i) {
          run.removed.append(middleOld[i])
          i += 1
        } else if j < middleNew.count, insertedOffsets.contains(j) {
          run.added.append(middleNew[j])
          j += 1
        } else {
          if !run.removed.isEmpty || !run.added.isEmpty { runs.append(run) }
          run = ([], [])
          record(same: compare(middleOld[i], middleNew[j]).error)
          i += 1
          j += 1
        }
      }
      if !run.removed.isEmpty || !run.added.isEmpty { runs.append(run) }
    } else {
      runs = [(middleOld, middleNew)]
    }
    for run in runs {
      let paired = min(run.removed.count, run.added.count)
      for index in 0..<paired {
        let (a, b) = (run.removed[index], run.added[index])
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

  private mutating func record(same error: Double?) {
    unchanged += 1
    largestUnchangedError = max(largestUnchangedError, error ?? 0)
  }

  /// A stroke where it lands: its location, its transform's scale for widths.
  private struct PlacedStroke {
    var location: Location
    var stroke: Stroke
    var transform: AffineTransform
  }

  private static func placedStrokes(_ document: WillDocument) -> [PlacedStroke] {
    var result: [PlacedStroke] = []
    for (section, content) in document.sections.enumerated() {
      for (element, placed) in content.pathsElements.enumerated() {
        for (index, stroke) in placed.element.strokes.enumerated() {
          result.append(
            PlacedStroke(
              location: Location(section: section, element: element, index: index),
              stroke: stroke, transform: placed.transform))
        }
      }
    }
    return result
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
    if first.startParameter != second.startParameter { fields.append(.startParameter) }
    if first.endParameter != second.endParameter { fields.append(.endParameter) }
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
