/// One node of an ink tree as stored: its depth in a pre-order walk, and a group identifier or
/// a stroke index.
public struct UIMNode: Sendable, Hashable, Codable {
  /// What a node stands for.
  public enum Content: Sendable, Hashable, Codable {
    /// Neither (the root may be stored so; Wacom's library fails on any other such node).
    case none
    /// A group, with its identifier.
    case group(UIMIdentifier)
    /// A stroke: a 0-based index into ``UIMInkData/strokes``.
    case stroke(UInt32)
  }

  /// The depth: 0 for the root, parent depth + 1 for every other node.
  public var depth: UInt32
  /// The group or stroke.
  public var content: Content
  /// The part of the stroke a view's node covers, when it is a fragment.
  public var interval: UIMInterval?
  /// The node's bounds.
  public var bounds: UIMRectangle?
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a node.
  public init(depth: UInt32, content: Content, bounds: UIMRectangle? = nil) {
    self.depth = depth
    self.content = content
    self.bounds = bounds
  }

  init(reading r: inout MessageReader) throws(WillError) {
    depth = 0
    content = .none
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: depth = try r.uint32("Node.depth")
      case 2:
        content = .group(UIMIdentifier(wireBytes: try r.bytes("Node.groupID")))
      case 3: content = .stroke(try r.uint32("Node.index"))
      case 4:
        var m = try r.message("Node.interval")
        interval = try UIMInterval(reading: &m)
      case 5:
        var m = try r.message("Node.bounds")
        bounds = try UIMRectangle(reading: &m)
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.uint32(1, depth)
    switch content {
    case .none: break
    case .group(let id): w.bytes(2, id.wireBytes)
    case .stroke(let index): w.varint(3, UInt64(index))
    }
    if let interval { w.message(4) { interval.encode(into: &$0) } }
    if let bounds { w.message(5) { bounds.encode(into: &$0) } }
    w.bytes += unknownFields
  }
}

/// The part of a stroke a view's node covers: points `fromIndex…toIndex`, spline parameters
/// `fromTValue…toTValue`.
public struct UIMInterval: Sendable, Hashable, Codable {
  /// The first point.
  public var fromIndex: UInt32 = 0
  /// The last point.
  public var toIndex: UInt32 = 0
  /// The parameter where the fragment starts in its first segment.
  public var fromTValue: Float = 0
  /// The parameter where the fragment ends in its last segment.
  public var toTValue: Float = 0
  /// The fragment's identifier.
  public var id: UIMIdentifier?
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates an interval.
  public init(fromIndex: UInt32, toIndex: UInt32, fromTValue: Float, toTValue: Float) {
    self.fromIndex = fromIndex
    self.toIndex = toIndex
    self.fromTValue = fromTValue
    self.toTValue = toTValue
  }

  init(reading r: inout MessageReader) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: fromIndex = try r.uint32("Interval.fromIndex")
      case 2: toIndex = try r.uint32("Interval.toIndex")
      case 3: fromTValue = try r.float("Interval.fromTValue")
      case 4: toTValue = try r.float("Interval.toTValue")
      case 100: id = try r.identifier("Interval.id", legacyText: false)
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.uint32(1, fromIndex)
    w.uint32(2, toIndex)
    w.nonZeroFloat(3, fromTValue)
    w.nonZeroFloat(4, toTValue)
    w.identifier(100, id)
    w.bytes += unknownFields
  }
}
