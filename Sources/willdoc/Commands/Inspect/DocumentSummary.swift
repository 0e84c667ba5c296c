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
  /// What ``precisions``, ``colors`` and ``blendModes`` are made of once every stroke is in.
  private var precisionRuns = RunTally<Int>()
  private var colorRuns = RunTally<InkColor>()
  private var blendModeRuns = RunTally<BlendMode>()

  /// Reads `input` stroke by stroke (never holding its strokes) and summarises it: the
  /// document's structure, the summary, and how many warnings validation gives.
  static func read(_ input: InputFile, limits: DecodingLimits) throws(WillError) -> (
    structure: WillDocument, summary: DocumentSummary, warnings: Int
  ) {
    var summary = DocumentSummary()
    var tallies: [SectionSummary?] = []
    let (structure, diagnostics) = try StrokeStreams.forEachStroke(
      parsing: input.bytes, limits: limits
    ) { stroke, location in
      summary.add(stroke, section: location.section, transform: location.transform, to: &tallies)
    }
    summary.finish(structure, tallies)
    return (structure, summary, diagnostics.map(\.occurrences).reduce(0, +))
  }

  /// Summarises a document already in memory (a UIM file's WILL 2 form).
  init(_ document: WillDocument) {
    var tallies: [SectionSummary?] = []
    for (index, section) in document.sections.enumerated() {
      for placed in section.pathsElements {
        for stroke in placed.element.strokes {
          add(stroke, section: index, transform: placed.transform, to: &tallies)
        }
      }
    }
    finish(document, tallies)
  }

  private init() {}

  /// The sections in the structure's order, with what their strokes added up to.
  private mutating func finish(_ structure: WillDocument, _ tallies: [SectionSummary?]) {
    precisions = precisionRuns.counts
    colors = colorRuns.counts
    blendModes = blendModeRuns.counts
    for (index, section) in structure.sections.enumerated() {
      let tally = index < tallies.count ? tallies[index] : nil
      let summarised = SectionSummary(
        index: index, part: section.partName, pageSize: section.pageSize,
        background: section.background, pathsElements: section.pathsElements.count,
        strokes: tally?.strokes ?? 0, points: tally?.points ?? 0, bounds: tally?.bounds)
      strokes += summarised.strokes
      points += summarised.points
      if let box = summarised.bounds {
        bounds = bounds?.union(box) ?? box
      }
      sections.append(summarised)
    }
  }

  private mutating func add(
    _ stroke: some SummarisedStroke, section: Int, transform: AffineTransform,
    to tallies: inout [SectionSummary?]
  ) {
    let box = stroke.bounds?.transformed(by: transform)
    // Indexed by section (an index into the document's sections), updated in place.
    if tallies.count <= section {
      tallies += repeatElement(nil, count: section + 1 - tallies.count)
    }
    if tallies[section] == nil {
      tallies[section] = SectionSummary(
        index: section, part: nil, pageSize: nil, background: nil, pathsElements: 0,
        strokes: 0, points: 0, bounds: nil)
    }
    tallies[section]!.strokes += 1
    tallies[section]!.points += stroke.pointCount
    if let box { tallies[section]!.bounds = tallies[section]!.bounds?.union(box) ?? box }
    precisionRuns.add(stroke.decimalPrecision)
    let widths = stroke.widthValues
    if widths.count > 1 {
      perPointWidths += 1
    } else if widths.count == 1 {
      constantWidths += 1
    }
    widths.withUnsafeBufferPointer { widths in
      guard let first = widthRange ?? widths.first.map({ ($0, $0) }) else { return }
      var (low, high) = first
      for width in widths {
        low = min(low, width)
        high = max(high, width)
      }
      widthRange = (low, high)
    }
    if let color = stroke.firstColor { colorRuns.add(color) }
    blendModeRuns.add(stroke.blendMode)
    if stroke.startParameter > 0 || stroke.endParameter < 1 { trimmed += 1 }
  }
}

/// What `inspect` tallies of a stroke, a ``Stroke`` or a reused ``StrokeBuffer``.
protocol SummarisedStroke {
  var pointCount: Int { get }
  var bounds: InkBounds? { get }
  var decimalPrecision: Int { get }
  var widthValues: ArraySlice<Double> { get }
  var firstColor: InkColor? { get }
  var blendMode: BlendMode { get }
  var startParameter: Float { get }
  var endParameter: Float { get }
}

extension StrokeBuffer: SummarisedStroke {
  var widthValues: ArraySlice<Double> { widths }
  var firstColor: InkColor? { colors.first }
}

extension Stroke: SummarisedStroke {
  var widthValues: ArraySlice<Double> { widths[...] }
  var firstColor: InkColor? { colors.first }
}
