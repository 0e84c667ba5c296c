/// A Catmull-Rom control point of a stroke, in the section's user units.
public struct InkPoint: Sendable, Hashable, Codable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate (down the page).
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
