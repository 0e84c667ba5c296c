/// How the builder computes one property (width or alpha) from the normalised input, like the
/// WILL SDK's `setPropertyConfigWithName:minValue:maxValue:initialValue:finalValue:function:…`.
public struct PropertyConfiguration: Sendable, Hashable, Codable {
  /// The value at normalised input 0 (or 1 when flipped).
  public var minValue: Double
  /// The value at normalised input 1 (or 0 when flipped).
  public var maxValue: Double
  /// The value of the stroke's first control point, or `nil` to compute it like the others.
  public var initialValue: Double?
  /// The value of the stroke's last control point, or `nil` to compute it like the others.
  public var finalValue: Double?
  /// The curve from input to value.
  public var function: TransferFunction
  /// Whether the property falls as the input rises (a pen that thins when it moves fast).
  public var flip: Bool

  /// Creates a configuration.
  public init(
    minValue: Double, maxValue: Double, initialValue: Double? = nil, finalValue: Double? = nil,
    function: TransferFunction = .linear, flip: Bool = false
  ) {
    self.minValue = minValue
    self.maxValue = maxValue
    self.initialValue = initialValue
    self.finalValue = finalValue
    self.function = function
    self.flip = flip
  }

  /// The property's value for a normalised input `t` (clamped to 0…1).
  public func value(at t: Double) -> Double {
    let shaped = function.apply(flip ? 1 - min(1, max(0, t)) : t)
    return minValue + (maxValue - minValue) * shaped
  }
}
