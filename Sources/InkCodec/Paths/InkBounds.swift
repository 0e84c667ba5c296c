/// An axis-aligned box around control points.
public struct InkBounds: Sendable, Hashable, Codable {
  /// The smallest x.
  public var minX: Double
  /// The smallest y.
  public var minY: Double
  /// The largest x.
  public var maxX: Double
  /// The largest y.
  public var maxY: Double

  /// Creates a box.
  public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// The smallest box holding both.
  public func union(_ other: InkBounds) -> InkBounds {
    InkBounds(
      minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
      maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
  }
}
