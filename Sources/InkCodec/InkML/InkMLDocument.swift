/// An InkML document (W3C Ink Markup Language 1.0), as willdoc reads and writes it: brushes,
/// and traces in trace groups, each trace with its channels' values resolved.
///
/// Reading resolves what a trace's values mean: its context (`contextRef`, or the current
/// `<context>`), trace format (the context's, the document's, or the default X Y), brush
/// (the trace's `brushRef`, its group's, its context's) and the difference-coded text
/// (`!`, `'` and `"` difference orders, W3C InkML 1.0 §3.2.1). Nested trace groups are
/// flattened into their top-level group; traces outside any group form a group of their own.
public struct InkMLDocument: Sendable, Hashable {
  /// A brush: colour, width and transparency (`brushProperty` elements).
  public struct Brush: Sendable, Hashable {
    /// The brush's `xml:id`.
    public var id: String
    /// The colour (`#RRGGBB`), with alpha from ``transparency``.
    public var color: InkColor?
    /// The width, in the trace's units.
    public var width: Double?
    /// The transparency, 0 (opaque) to 255 (invisible).
    public var transparency: Int?
    /// Page units (1/96 in) per unit of ``width``, from the property's `units` (`cm`, `mm`,
    /// `in`, `pt`, `himetric`, …); `nil` when it has none: the width is then in the trace's
    /// units.
    public var widthScale: Double?

    /// Creates a brush.
    public init(
      id: String, color: InkColor? = nil, width: Double? = nil, transparency: Int? = nil,
      widthScale: Double? = nil
    ) {
      self.id = id
      self.color = color
      self.width = width
      self.transparency = transparency
      self.widthScale = widthScale
    }
  }

  /// One trace: a pen-down stroke's samples.
  public struct Trace: Sendable, Hashable {
    /// The trace's `xml:id`.
    public var id: String?
    /// The brush it is drawn with, resolved.
    public var brush: Brush?
    /// The channel names (`X`, `Y`, `W`, `F`, `T`, `OTx`, …), in trace-format order.
    public var channels: [String]
    /// One array per channel, one value per point.
    public var columns: [[Double]]
    /// Page units (1/96 in) per value of each channel, in ``channels`` order, from the
    /// trace format's `units` and its ink source's resolutions (InkML 1.0 §4.1.2 units, §4.2.3 resolutions); `nil` for
    /// a channel with no length unit, empty when no channel has one (the values are then taken
    /// as page units, as willdoc writes them).
    public var scales: [Double?]

    /// Creates a trace.
    public init(
      id: String? = nil, brush: Brush? = nil, channels: [String], columns: [[Double]],
      scales: [Double?] = []
    ) {
      self.id = id
      self.brush = brush
      self.channels = channels
      self.columns = columns
      self.scales = scales
    }

    /// Page units per value of `channel`, or `nil` when the file gives it no length unit.
    public func scale(_ channel: String) -> Double? {
      channels.firstIndex(of: channel).flatMap { $0 < scales.count ? scales[$0] : nil }
    }

    /// The values of `channel`, or `nil` when the trace has no such channel.
    public func values(_ channel: String) -> [Double]? {
      channels.firstIndex(of: channel).map { columns[$0] }
    }

    /// The number of points.
    public var pointCount: Int { columns.first?.count ?? 0 }
  }

  /// A top-level trace group: a page when willdoc writes it.
  public struct TraceGroup: Sendable, Hashable {
    /// The group's `xml:id`.
    public var id: String?
    /// The page size from an `<annotation type="pageSize">W H</annotation>`.
    public var pageSize: PageSize?
    /// Its traces, nested groups flattened.
    public var traces: [Trace]

    /// Creates a group.
    public init(id: String? = nil, pageSize: PageSize? = nil, traces: [Trace]) {
      self.id = id
      self.pageSize = pageSize
      self.traces = traces
    }
  }

  /// What reading kept aside or assumed, for a conversion's report.
  public struct ReadingNotes: Sendable, Hashable {
    /// Traces whose X and Y have no physical unit (`units="ink"`, `dev`, …, no resolution),
    /// by that unit's text: taken as HIMETRIC (0.01 mm), Tablet PC ink space.
    public var assumedUnits: [String: Int] = [:]
    /// `<annotation>` and `<annotationXML>` elements read past (the page-size annotation
    /// willdoc writes is not counted).
    public var annotations = 0
    /// Trace groups nested in a trace group, flattened into their top-level group.
    public var nestedGroups = 0

    /// No notes.
    public init() {}
  }

  /// The brushes defined, in document order.
  public var brushes: [Brush]
  /// The trace groups, in document order.
  public var groups: [TraceGroup]
  /// What reading kept aside or assumed.
  public var notes = ReadingNotes()

  /// What reading tolerated, as warnings for `validate` (the `inkml-*` codes: a reference
  /// that does not resolve, an unknown channel or unit, a resolution that is not positive,
  /// points with fewer values than channels, time that goes back, a brush property that does
  /// not parse), at most 100 of one code listed, the rest counted in a last one.
  public var diagnostics: [Diagnostic] = []

  /// The InkML namespace.
  public static let namespace = "http://www.w3.org/2003/InkML"

  /// Creates a document.
  public init(brushes: [Brush] = [], groups: [TraceGroup] = []) {
    self.brushes = brushes
    self.groups = groups
  }

  /// Every trace, in document order.
  public var traces: [Trace] { groups.flatMap(\.traces) }
}
