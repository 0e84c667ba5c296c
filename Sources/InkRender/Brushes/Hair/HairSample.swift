/// One sample of a stylus for the ``HairBrush``: a position with the pen's pressure and tilt.
///
/// InkInput's path builder carries force, azimuth and altitude on each control point; map them
/// one to one. Stored WILL strokes have no tilt: ``HairBrush/samples(of:defaultWidth:)``
/// derives the values from the spline.
public struct HairSample: Sendable, Hashable, Codable {
  /// The horizontal position.
  public var x: Double
  /// The vertical position (down the page).
  public var y: Double
  /// The pressure, 0…1 (values outside are clamped).
  public var force: Double
  /// The direction the pen leans towards, in radians, measured from the +x axis towards +y.
  public var azimuth: Double
  /// The pen's angle above the surface, in radians: π/2 upright, 0 flat.
  public var altitude: Double
  /// The stroke width here.
  public var width: Double

  /// Creates a sample.
  public init(
    x: Double, y: Double, force: Double, azimuth: Double, altitude: Double, width: Double
  ) {
    self.x = x
    self.y = y
    self.force = force
    self.azimuth = azimuth
    self.altitude = altitude
    self.width = width
  }
}
