/// A rectangle: a tree node's bounds.
public struct UIMRectangle: Sendable, Hashable, Codable {
  /// The left edge.
  public var x: Float
  /// The top edge.
  public var y: Float
  /// The width.
  public var width: Float
  /// The height.
  public var height: Float
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a rectangle.
  public init(x: Float, y: Float, width: Float, height: Float) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  init(reading r: inout MessageReader) throws(WillError) {
    x = 0
    y = 0
    width = 0
    height = 0
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: x = try r.float("Rectangle.x")
      case 2: y = try r.float("Rectangle.y")
      case 3: width = try r.float("Rectangle.width")
      case 4: height = try r.float("Rectangle.height")
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.nonZeroFloat(1, x)
    w.nonZeroFloat(2, y)
    w.nonZeroFloat(3, width)
    w.nonZeroFloat(4, height)
    w.bytes += unknownFields
  }
}
