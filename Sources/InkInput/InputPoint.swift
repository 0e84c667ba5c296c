/// One pointer sample: a position, its time, and what a stylus may add.
///
/// Timestamps are in seconds on any monotonic clock; only differences matter. Positions are in
/// the document's units (points on a WILL page).
public struct InputPoint: Sendable, Hashable, Codable {
  /// The horizontal position.
  public var x: Double
  /// The vertical position.
  public var y: Double
  /// When the sample was taken, in seconds.
  public var timestamp: Double
  /// The normalised pressure, 0…1, when the device reports one.
  public var force: Double?
  /// The direction the pen leans, in radians clockwise from the x axis, when known.
  public var azimuth: Double?
  /// The angle between the pen and the surface, in radians (π/2 is upright), when known.
  public var altitude: Double?

  /// Creates a sample.
  public init(
    x: Double, y: Double, timestamp: Double, force: Double? = nil, azimuth: Double? = nil,
    altitude: Double? = nil
  ) {
    self.x = x
    self.y = y
    self.timestamp = timestamp
    self.force = force
    self.azimuth = azimuth
    self.altitude = altitude
  }
}
