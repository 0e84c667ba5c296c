/// WILL's fixed-point numbers: a value `v` at decimal precision `p` is stored as the integer
/// `round(v · 10^p)`, rounded half away from zero.
///
/// Precision is limited to 0…8. Stored integers are `Int32`, so at precision 8 the largest
/// magnitude is ±21.47 units, which is already smaller than a pen stroke; a precision of 9
/// would leave ±2.1. Within 0…8 every stored integer survives decode and re-encode exactly,
/// because `Double` holds 53 bits and an `Int32` scaled by at most 10^8 needs fewer.
public enum FixedPoint {
  /// The supported decimal precisions.
  public static let supportedPrecisions: ClosedRange<Int> = 0...8

  /// The precision every WILL SDK and every real file uses, and the proto2 default.
  public static let defaultPrecision = 2

  /// `10^p` for each supported precision.
  @usableFromInline static let scales: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]

  /// `10^precision`.
  /// - Precondition: `precision` is in ``supportedPrecisions``.
  @inlinable
  public static func scale(precision: Int) -> Double {
    precondition(supportedPrecisions.contains(precision), "decimal precision must be in 0...8")
    return scales[precision]
  }

  /// Quantises `value` to `precision` decimal digits, rounding half away from zero.
  ///
  /// Returns `nil` when `value` is NaN, infinite, or its quantised form does not fit `Int32`.
  /// - Precondition: `precision` is in ``supportedPrecisions``.
  @inlinable
  public static func quantise(_ value: Double, precision: Int) -> Int32? {
    let scaled = (value * scale(precision: precision)).rounded(.toNearestOrAwayFromZero)
    return Int32(exactly: scaled)
  }

  /// The value of a stored integer: `Double(integer) / 10^precision`, computed exactly as
  /// Wacom's decoders do (a division, not a multiplication by the reciprocal).
  /// - Precondition: `precision` is in ``supportedPrecisions``.
  @inlinable
  public static func value(_ integer: Int32, precision: Int) -> Double {
    Double(integer) / scale(precision: precision)
  }
}
