import ArgumentParser

/// `--tuhi-width MIN:MAX[:CURVE]`: the pen width in millimetres at no pressure and at full
/// pressure, and the exponent of the curve between (1, a straight line, when omitted).
struct TuhiWidth: ExpressibleByArgument, Hashable {
  /// The width at no pressure, in millimetres.
  var minimum: Double
  /// The width at full pressure, in millimetres.
  var maximum: Double
  /// The exponent of `pressure^exponent`: below 1 the width rises early, above 1 late.
  var exponent: Double

  init(minimum: Double, maximum: Double, exponent: Double = 1) {
    self.minimum = minimum
    self.maximum = maximum
    self.exponent = exponent
  }

  init?(argument: String) {
    let fields = argument.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(fields.count) else { return nil }
    let values = fields.compactMap { Double($0) }
    guard values.count == fields.count, values.allSatisfy({ $0.isFinite }),
      values[0] >= 0, values[1] >= values[0], values[1] <= 100
    else { return nil }
    let exponent = values.count == 3 ? values[2] : 1
    guard exponent > 0, exponent <= 100 else { return nil }
    self.init(minimum: values[0], maximum: values[1], exponent: exponent)
  }

  var defaultValueDescription: String {
    "\(minimum):\(maximum)"
  }
}

/// `--tuhi-unit UM[:PRESSURE]`: a tuhi drawing's device unit in micrometres, and the pressure
/// that means full pressure (65535 when omitted, as tuhi normalises it).
struct TuhiUnit: ExpressibleByArgument, Hashable {
  /// Micrometres per device unit.
  var micrometres: Double
  /// Full pressure.
  var pressureMaximum: Double

  init(micrometres: Double, pressureMaximum: Double = 65535) {
    self.micrometres = micrometres
    self.pressureMaximum = pressureMaximum
  }

  init?(argument: String) {
    let fields = argument.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(fields.count) else { return nil }
    let values = fields.compactMap { Double($0) }
    guard values.count == fields.count, values.allSatisfy({ $0.isFinite && $0 > 0 }),
      values[0] <= 1_000, values.count == 1 || values[1] <= 1e9
    else { return nil }
    self.init(micrometres: values[0], pressureMaximum: values.count == 2 ? values[1] : 65535)
  }

  var defaultValueDescription: String { "1" }
}
