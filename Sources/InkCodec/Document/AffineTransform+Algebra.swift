#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension AffineTransform {
  /// A rotation about the origin by `degrees`, clockwise on the page (y points down).
  ///
  /// Multiples of 90° are exact: their sines and cosines are 0 and ±1, not approximations.
  public static func rotation(degrees: Double) -> AffineTransform {
    let turns = degrees / 90
    let (cosine, sine): (Double, Double)
    if turns == turns.rounded(), let quarter = Int(exactly: turns) {
      (cosine, sine) = [(1, 0), (0, 1), (-1, 0), (0, -1)][((quarter % 4) + 4) % 4]
    } else {
      let radians = degrees * .pi / 180
      (cosine, sine) = (cos(radians), sin(radians))
    }
    return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, e: 0, f: 0)
  }

  /// `self` applied about `center` rather than the origin.
  public func about(x: Double, y: Double) -> AffineTransform {
    AffineTransform.translation(x: x, y: y).concatenating(self).concatenating(
      .translation(x: -x, y: -y))
  }

  /// The transform that undoes this one, or `nil` when it is singular (it flattens the plane
  /// onto a line or a point) or not finite.
  public var inverted: AffineTransform? {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return nil }
    let inverse = AffineTransform(
      a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
      e: (c * f - d * e) / determinant, f: (b * e - a * f) / determinant)
    return inverse.coefficients.allSatisfy(\.isFinite) ? inverse : nil
  }
}
