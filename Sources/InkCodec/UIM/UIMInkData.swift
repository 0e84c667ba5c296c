/// The `INKD` chunk: the strokes, the tables their styles index, and the transform.
public struct UIMInkData: Sendable, Hashable, Codable {
  /// The strokes in file order (the order ``UIMNode/Content/stroke(_:)`` indexes).
  public var strokes: [UIMStroke] = []
  /// Local units × this = DIP; 0 (absent) means 1.
  public var unitScaleFactor: Float = 0
  /// The transform, `nil` when absent.
  public var transform: UIMMatrix?
  /// The brush URIs strokes index (1-based).
  public var brushURIs: [String] = []
  /// The render mode URIs strokes index (1-based).
  public var renderModeURIs: [String] = []
  /// The path point properties strokes index (1-based).
  public var properties: [UIMPathPointProperties] = []
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// The render mode URI a stroke without one uses.
  public static let sourceOverURI = "will://rasterization/3.0/blend-mode/SourceOver"

  /// Creates ink data.
  public init(strokes: [UIMStroke] = []) { self.strokes = strokes }

  /// Whether it holds nothing.
  public var isEmpty: Bool {
    strokes.isEmpty && unitScaleFactor == 0 && transform == nil && brushURIs.isEmpty
      && renderModeURIs.isEmpty && properties.isEmpty && unknownFields.isEmpty
  }

  /// The path point properties of `stroke`, or `nil`.
  public func properties(of stroke: UIMStroke) -> UIMPathPointProperties? {
    stroke.properties.resolved(in: properties)
  }

  /// The brush URI of `stroke`, or `nil`.
  public func brushURI(of stroke: UIMStroke) -> String? {
    stroke.brushURI.resolved(in: brushURIs)
  }

  /// The render mode URI of `stroke`: SourceOver when it names none.
  public func renderModeURI(of stroke: UIMStroke) -> String {
    stroke.renderModeURI.resolved(in: renderModeURIs) ?? Self.sourceOverURI
  }

  /// The values of `channel` for every point of `stroke`: the stored channel, or the stroke's
  /// path point property repeated (the way Wacom's library fills a missing channel).
  public func values(of channel: UIMSplineChannel, in stroke: UIMStroke) -> [Double] {
    let stored = stroke[channel]
    if !stored.isEmpty { return stored }
    let value = properties(of: stroke)?.value(of: channel) ?? 0
    return Array(repeating: value, count: stroke.pointCount)
  }

  init(reading r: inout MessageReader, limits: DecodingLimits) throws(WillError) {
    var totalPoints = 0
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1:
        let offset = r.fieldOffset
        try limits.check(.strokes, strokes.count + 1, offset: offset)
        var m = try r.message("InkData.strokes")
        do {
          let stroke = try UIMStroke(reading: &m, limits: limits)
          totalPoints += stroke.pointCount
          try limits.check(.totalPoints, totalPoints)
          strokes.append(stroke)
        } catch {
          throw error.located(part: nil, strokeIndex: strokes.count).withOffset(offset)
        }
      case 2: unitScaleFactor = try r.float("InkData.unitScaleFactor")
      case 3:
        var m = try r.message("InkData.transform")
        transform = try UIMMatrix(reading: &m)
      case 4:
        try r.charge()
        brushURIs.append(try r.string("InkData.brushURIs"))
      case 5:
        try r.charge()
        renderModeURIs.append(try r.string("InkData.renderModeURIs"))
      case 6:
        var m = try r.message("InkData.properties")
        properties.append(try UIMPathPointProperties(reading: &m))
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) throws(WillError) {
    for (index, stroke) in strokes.enumerated() {
      var inner = WireBuffer()
      do { try stroke.encode(into: &inner) } catch {
        throw error.located(part: "INKD", strokeIndex: index)
      }
      w.bytes(1, inner.bytes)
    }
    w.nonZeroFloat(2, unitScaleFactor)
    if let transform { w.message(3) { transform.encode(into: &$0) } }
    for uri in brushURIs { w.string(4, uri) }
    for uri in renderModeURIs { w.string(5, uri) }
    for item in properties { w.message(6) { item.encode(into: &$0) } }
    w.bytes += unknownFields
  }
}

extension WillError {
  /// This error with `offset` when it has none.
  func withOffset(_ offset: Int) -> WillError {
    var copy = self
    if copy.offset == nil { copy.offset = offset }
    return copy
  }
}
