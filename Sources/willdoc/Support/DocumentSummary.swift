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

  /// Summarises `document`.
  init(_ document: WillDocument) {
    for (sectionIndex, section) in document.sections.enumerated() {
      var summary = SectionSummary(
        index: sectionIndex, part: section.partName, pageSize: section.pageSize,
        background: section.background, pathsElements: 0, strokes: 0, points: 0, bounds: nil)
      for placed in section.pathsElements {
        let element = placed.element
        let transform = placed.transform
        summary.pathsElements += 1
        for stroke in element.strokes {
          summary.strokes += 1
          summary.points += stroke.pointCount
          if let box = stroke.bounds?.transformed(by: transform) {
            summary.bounds = summary.bounds?.union(box) ?? box
          }
          add(stroke)
        }
      }
      strokes += summary.strokes
      points += summary.points
      if let box = summary.bounds {
        bounds = bounds?.union(box) ?? box
      }
      sections.append(summary)
    }
  }

  private mutating func add(_ stroke: Stroke) {
    precisions[stroke.decimalPrecision, default: 0] += 1
    if stroke.widths.count > 1 {
      perPointWidths += 1
    } else if stroke.widths.count == 1 {
      constantWidths += 1
    }
    for width in stroke.widths {
      if let range = widthRange {
        widthRange = (min(range.min, width), max(range.max, width))
      } else {
        widthRange = (width, width)
      }
    }
    if let color = stroke.color { colors[color, default: 0] += 1 }
    blendModes[stroke.blendMode, default: 0] += 1
    if stroke.startParameter > 0 || stroke.endParameter < 1 { trimmed += 1 }
  }
}
