/// A 2-D affine transform as SVG writes it, `matrix(a b c d e f)`:
/// x' = a·x + c·y + e, y' = b·x + d·y + f.
public struct AffineTransform: Sendable, Hashable, Codable {
  /// The six coefficients.
  public var a, b, c, d, e, f: Double

  /// Creates a transform from its coefficients.
  public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
    (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
  }

  /// The transform that changes nothing.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

  /// A translation.
  public static func translation(x: Double, y: Double) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: 0, d: 1, e: x, f: y)
  }

  /// A scale about the origin.
  public static func scale(x: Double, y: Double) -> AffineTransform {
    AffineTransform(a: x, b: 0, c: 0, d: y, e: 0, f: 0)
  }

  /// The coefficients in SVG order, `[a, b, c, d, e, f]`.
  public var coefficients: [Double] { [a, b, c, d, e, f] }

  /// Whether this is the identity.
  public var isIdentity: Bool { self == .identity }

  /// `self` applied after `inner`: the product `self × inner`, as an outer `<g>` transform
  /// composes with an inner one.
  public func concatenating(_ inner: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
      c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
      e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
  }

  /// Maps a point.
  public func apply(x: Double, y: Double) -> InkPoint {
    InkPoint(x: a * x + c * y + e, y: b * x + d * y + f)
  }

  /// How much the transform scales lengths, on average (the square root of |det|); used to
  /// scale stroke widths.
  public var lengthScale: Double { (abs(a * d - b * c)).squareRoot() }
}
