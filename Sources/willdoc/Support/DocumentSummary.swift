import InkCodec

/// What `willdoc inspect` reports about a document: counts, ranges and tallies over its
/// strokes, computed once.
struct DocumentSummary {
  /// One section's numbers.
  struct SectionSummary {
    var index: Int
    var part: String?
    var pageSize: PageSize?
    /// The fill of the page's background rect, if it has one.
    var background: InkColor?
    var pathsElements: Int
    var strokes: Int
    var points: Int
    /// The bounding box of the control points in page coordinates (transforms applied).
    var bounds: InkBounds?
  }

  var sections: [SectionSummary] = []
  var strokes = 0
  var points = 0
  var bounds: InkBounds?
  /// Stroke counts by decimal precision.
  var precisions: [Int: Int] = [:]
  /// The smallest and largest stored width.
  var widthRange: (min: Double, max: Double)?
  /// Strokes with per-point widths, a constant width, and none.
  var perPointWidths = 0
  var constantWidths = 0
  /// Stroke counts by first colour.
  var colors: [InkColor: Int] = [:]
  /// Stroke counts by stored blend mode.
  var blendModes: [BlendMode: Int] = [:]
  /// Strokes whose ts is above 0 or tf below 1.
  var trimmed = 0

  /// Reads `input` stroke by stroke (never holding its strokes) and summarises it: the
  /// document's structure, the summary, and how many warnings validation gives.
  static func read(_ input: InputFile, limits: DecodingLimits) throws(WillError) -> (
    structure: WillDocument, summary: DocumentSummary, warnings: Int
  ) {
    var summary = DocumentSummary()
    var tallies: [Int: SectionSummary] = [:]
    let (structure, diagnostics) = try StrokeStreams.forEachStroke(
      parsing: input.bytes, limits: limits
    ) { stroke, location in
      let bounds = stroke.bounds?.transformed(by: location.transform)
      var tally =
        tallies[location.section]
        ?? SectionSummary(
          index: location.section, part: nil, pageSize: nil, background: nil, pathsElements: 0,
          strokes: 0, points: 0, bounds: nil)
      tally.strokes += 1
      tally.points += stroke.pointCount
      if let bounds { tally.bounds = tally.bounds?.union(bounds) ?? bounds }
      tallies[location.section] = tally
      summary.add(stroke)
    }
    for (index, section) in structure.sections.enumerated() {
      let tally = tallies[index]
      let summarised = SectionSummary(
        index: index, part: section.partName, pageSize: section.pageSize,
        background: section.background, pathsElements: section.pathsElements.count,
        strokes: tally?.strokes ?? 0, points: tally?.points ?? 0, bounds: tally?.bounds)
      summary.strokes += summarised.strokes
      summary.points += summarised.points
      if let box = summarised.bounds {
        summary.bounds = summary.bounds?.union(box) ?? box
      }
      summary.sections.append(summarised)
    }
    return (structure, summary, diagnostics.map(\.occurrences).reduce(0, +))
  }

  private mutating func add(_ stroke: StrokeBuffer) {
    precisions[stroke.decimalPrecision, default: 0] += 1
    if stroke.widthCount > 1 {
      perPointWidths += 1
    } else if stroke.widthCount == 1 {
      constantWidths += 1
    }
    for width in stroke.widths {
      if let range = widthRange {
        widthRange = (min(range.min, width), max(range.max, width))
      } else {
        widthRange = (width, width)
      }
    }
    if let color = stroke.colors.first { colors[color, default: 0] += 1 }
    blendModes[stroke.blendMode, default: 0] += 1
    if stroke.startParameter > 0 || stroke.endParameter < 1 { trimmed += 1 }
  }
}
