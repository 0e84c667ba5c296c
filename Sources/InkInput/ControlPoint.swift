/// A Catmull-Rom control point built from input: a position, the width and alpha the builder
/// computed for it, and the stylus values carried along for brushes that use them.
public struct ControlPoint: Sendable, Hashable, Codable {
  /// The horizontal position.
  public var x: Double
  /// The vertical position.
  public var y: Double
  /// The stroke width here, when the builder computes widths.
  public var width: Double?
  /// The opacity here, 0…1, when the builder computes alpha.
  public var alpha: Double?
  /// The pressure here, 0…1, when the input reported one.
  public var force: Double?
  /// The pen's azimuth here, in radians, when the input reported one.
  public var azimuth: Double?
  /// The pen's altitude here, in radians, when the input reported one.
  public var altitude: Double?

  /// Creates a control point.
  public init(
    x: Double, y: Double, width: Double? = nil, alpha: Double? = nil, force: Double? = nil,
    azimuth: Double? = nil, altitude: Double? = nil
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.alpha = alpha
    self.force = force
    self.azimuth = azimuth
    self.altitude = altitude
  }
}
