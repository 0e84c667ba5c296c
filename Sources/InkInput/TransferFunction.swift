#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a normalised input (speed or pressure, 0…1) maps to a property's position between its
/// minimum and maximum, as the WILL SDK's `WCMPropertyFunction` values do.
///
/// Every function maps 0 to 0 and 1 to 1 and is monotonic in between, except ``periodic(_:)``,
/// which oscillates on purpose.
public enum TransferFunction: Sendable, Hashable, Codable {
  /// `t`.
  case linear
  /// `t^exponent`: below 1 the property reacts early, above 1 late.
  case power(Double)
  /// `(1 − cos(π · frequency · t)) / 2`: a smooth wave, for decorative brushes.
  case periodic(Double)
  /// A logistic S-curve around 0.5 with the given steepness, rescaled to pass through 0 and 1.
  case sigmoid(Double)

  /// The function's value at `t`, clamped to 0…1 first.
  public func apply(_ t: Double) -> Double {
    let t = min(1, max(0, t.isNaN ? 0 : t))
    switch self {
    case .linear:
      return t
    case .power(let exponent):
      return pow(t, max(exponent, 0.01))
    case .periodic(let frequency):
      return (1 - cos(Double.pi * frequency * t)) / 2
    case .sigmoid(let steepness):
      let k = max(steepness, 0.01)
      func logistic(_ x: Double) -> Double { 1 / (1 + exp(-k * (x - 0.5))) }
      let low = logistic(0)
      let high = logistic(1)
      return (logistic(t) - low) / (high - low)
    }
  }
}
