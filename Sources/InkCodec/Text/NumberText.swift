/// Numbers as text, the same on every platform and in every locale (no Foundation
/// formatting): the one number formatter behind SVG and XML attributes, rendered SVG and
/// outline JSON, and the CLI's text output.
package enum NumberText {
  /// The shortest text that reads back as `value`, without a trailing `.0` (`592`, `0.1`,
  /// `1e+20`).
  package static func shortest(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return value.description
  }

  /// `value` rounded half away from zero to at most `decimals` decimals, trailing zeros
  /// removed and `-0` written as `0` (`592`, `0.25`); NaN and infinities as Swift spells them.
  /// - Precondition: `decimals` is in 0…18.
  package static func rounded(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return value.description }
    if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
    var text = fixed(value, decimals: decimals)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }

  /// `value` rounded half away from zero to exactly `decimals` decimals (`526.880`); values
  /// too large for that as Swift spells them.
  /// - Precondition: `decimals` is in 0…18.
  package static func fixed(_ value: Double, decimals: Int) -> String {
    precondition((0...18).contains(decimals), "decimals must be 0…18")
    let scale = (0..<decimals).reduce(1.0) { r, _ in r * 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9e18 else { return value.description }
    let integer = UInt64(scaled)
    let whole = integer / UInt64(scale)
    let fraction = integer % UInt64(scale)
    var text = String(whole)
    if decimals > 0 {
      let digitsText = String(fraction)
      text += "." + String(repeating: "0", count: decimals - digitsText.count) + digitsText
    }
    return (value < 0 && integer != 0 ? "-" : "") + text
  }
}
