/// The checks a salvaged record must pass when its bytes cannot be trusted as they are: a
/// record after a damaged one in a stream without a checksum (RIFF `INK ` chunks, raw
/// streams), where the length prefixes may have resynchronised on garbage, and the first
/// record of a raw stream, which decides whether the input is WILL data at all.
///
/// A stroke is plausible when:
/// - it has at least one point;
/// - its `decimalPrecision` is 0…8 and, when the document has trusted strokes, one they use;
/// - ts and tf are finite and within 0…1;
/// - it stores one width or one per point, and one colour or one per point;
/// - when the document has trusted strokes, it stores the same optional fields as one of them;
/// - its points and widths lie within ``coordinateLimit`` and 0…``widthLimit`` with no
///   trusted strokes, and otherwise within the trusted strokes' bounding box (or the page,
///   whichever is larger) widened on every side by its larger side (at least
///   ``minimumMargin`` units), with widths at most ``widthFactor`` times the widest trusted one;
/// - no step between consecutive points is longer than ``stepFactor`` times the longest step
///   of the trusted strokes (or ``minimumStep``, whichever is larger).
///
/// The checks reject garbage (length prefixes resynchronised on random bytes, zeroed runs,
/// far jumps); they cannot see a small change inside a delta, which is why salvage keeps
/// nothing from a part whose checksum fails (see ``WillDocument/init(salvaging:limits:report:)``).
struct StrokePlausibility: Sendable {
  /// The largest |x| or |y| accepted with no trusted strokes: far beyond every real page
  /// (the Android SDK's density scaling gives a few thousand units).
  static let coordinateLimit = 100_000.0
  /// The largest width accepted with no trusted strokes (real files: 0.58–26.44).
  static let widthLimit = 1_000.0
  /// The smallest margin around the trusted bounding box, in user units.
  static let minimumMargin = 100.0
  /// How much wider than the widest trusted stroke a width may be.
  static let widthFactor = 4.0
  /// How much longer than the longest trusted step a step may be.
  static let stepFactor = 4.0
  /// The smallest step limit, for documents whose trusted strokes are dots.
  static let minimumStep = 50.0

  private var precisions: Set<Int> = []
  private var fieldSets: Set<Stroke.StoredFields> = []
  private var optionalFields: Set<[Bool]> = []
  private var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
  private var widest = 0.0
  private var longestStep = 0.0

  /// Checks with no trusted strokes: absolute bounds only.
  init() {}

  /// Checks against `trusted` strokes and, when known, the page.
  init(trusted: [Stroke], page: (width: Double, height: Double)? = nil) {
    for stroke in trusted { add(stroke) }
    if let page, page.width > 0, page.height > 0 {
      include(minX: 0, minY: 0, maxX: page.width, maxY: page.height)
    }
  }

  /// Whether any trusted stroke (or page) informs the checks.
  var hasReference: Bool { box != nil }

  /// Learns from a trusted stroke.
  mutating func add(_ stroke: Stroke) {
    guard let bounds = stroke.bounds else { return }
    precisions.insert(stroke.decimalPrecision)
    fieldSets.insert(stroke.wire.storedFields)
    optionalFields.insert(Self.optionalFields(of: stroke))
    include(minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: bounds.maxY)
    widest = max(widest, stroke.widths.max() ?? 0)
    longestStep = max(longestStep, Self.longestStep(of: stroke))
  }

  /// "it has no points" for a stroke without points, the one check every kept stroke passes.
  static func emptiness(of stroke: Stroke) -> String? {
    stroke.points.isEmpty ? "it has no points" : nil
  }

  /// Why `stroke` is implausible, or `nil` when it passes every check.
  func rejection(of stroke: Stroke) -> String? {
    guard !stroke.points.isEmpty else { return "it has no points" }
    guard (0...8).contains(stroke.decimalPrecision) else {
      return "decimalPrecision \(stroke.decimalPrecision) is out of range"
    }
    if !precisions.isEmpty, !precisions.contains(stroke.decimalPrecision) {
      return "decimalPrecision \(stroke.decimalPrecision) differs from the document's"
    }
    for (name, value) in [("ts", stroke.startParameter), ("tf", stroke.endParameter)]
    where !(value.isFinite && (0...1).contains(value)) {
      return "\(name) \(value) is outside 0…1"
    }
    guard [1, stroke.pointCount].contains(stroke.widths.count) || stroke.widths.isEmpty,
      [1, stroke.pointCount].contains(stroke.colors.count) || stroke.colors.isEmpty
    else { return "its widths or colours do not match its \(stroke.pointCount) points" }
    if !fieldSets.isEmpty,
      !fieldSets.contains(stroke.wire.storedFields)
        || !optionalFields.contains(Self.optionalFields(of: stroke))
    {
      return "it stores other fields than the document's strokes"
    }
    guard stroke.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }),
      stroke.widths.allSatisfy({ $0.isFinite })
    else { return "it holds a value that is not finite" }
    if let box {
      let margin = max(box.maxX - box.minX, box.maxY - box.minY, Self.minimumMargin)
      let outside = stroke.points.contains {
        $0.x < box.minX - margin || $0.x > box.maxX + margin || $0.y < box.minY - margin
          || $0.y > box.maxY + margin
      }
      if outside { return "a point lies far outside the document's ink" }
      let widthLimit = max(widest, 1) * Self.widthFactor
      if stroke.widths.contains(where: { $0 < 0 || $0 > widthLimit }) {
        return "a width is outside 0…\(widthLimit)"
      }
      let stepLimit = max(longestStep * Self.stepFactor, Self.minimumStep)
      if Self.longestStep(of: stroke) > stepLimit {
        return "a step is longer than \(stepLimit) units"
      }
    } else {
      if stroke.points.contains(where: {
        abs($0.x) > Self.coordinateLimit || abs($0.y) > Self.coordinateLimit
      }) {
        return "a point lies beyond ±\(Int(Self.coordinateLimit)) units"
      }
      if stroke.widths.contains(where: { $0 < 0 || $0 > Self.widthLimit }) {
        return "a width is outside 0…\(Int(Self.widthLimit))"
      }
    }
    return nil
  }

  private mutating func include(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    guard let current = box else {
      box = (minX, minY, maxX, maxY)
      return
    }
    box = (
      min(current.minX, minX), min(current.minY, minY), max(current.maxX, maxX),
      max(current.maxY, maxY)
    )
  }

  /// Which of the paint, seed and id fields a stroke stores.
  private static func optionalFields(of stroke: Stroke) -> [Bool] {
    [stroke.paintIndex != nil, stroke.particlesRandomSeed != nil, stroke.id != nil]
  }

  /// The longest distance between consecutive points.
  static func longestStep(of stroke: Stroke) -> Double {
    var longest = 0.0
    for index in stroke.points.indices.dropFirst() {
      let previous = stroke.points[index - 1]
      let point = stroke.points[index]
      longest = max(
        longest,
        ((point.x - previous.x) * (point.x - previous.x) + (point.y - previous.y)
          * (point.y - previous.y))
          .squareRoot())
    }
    return longest
  }
}
