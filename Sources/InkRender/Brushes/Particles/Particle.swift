/// One particle of a stroke, in output pixels.
struct Particle: Sendable, Hashable {
  /// The centre.
  var x: Double
  var y: Double
  /// The side of the particle's square (the stroke's width here).
  var size: Double
  /// The rotation in radians.
  var angle: Double
  /// The stroke's opacity here, 0…1.
  var alpha: Double
}
