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

    /// Creates a brush.
    public init(id: String, color: InkColor? = nil, width: Double? = nil, transparency: Int? = nil)
    {
      self.id = id
      self.color = color
      self.width = width
      self.transparency = transparency
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

    /// Creates a trace.
    public init(id: String? = nil, brush: Brush? = nil, channels: [String], columns: [[Double]]) {
      self.id = id
      self.brush = brush
      self.channels = channels
      self.columns = columns
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

  /// The brushes defined, in document order.
  public var brushes: [Brush]
  /// The trace groups, in document order.
  public var groups: [TraceGroup]

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
