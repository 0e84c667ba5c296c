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

extension NumberText {
  /// Appends ``fixed(_:decimals:)`` to `output` without building a string: the text dump
  /// writes millions of these.
  /// - Precondition: `decimals` is in 0…18.
  package static func appendFixed(_ value: Double, decimals: Int, to output: inout TextBuffer) {
    precondition((0...18).contains(decimals), "decimals must be 0…18")
    // 10^decimals is exact in a Double up to 10^22, as fixed's product of tens is.
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9e18 else { return output.append(value.description) }
    var integer = UInt64(scaled)
    let negative = value < 0 && integer != 0
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
      var start = 48
      func put(_ byte: UInt8) {
        start -= 1
        buffer[start] = byte
      }
      for _ in 0..<decimals {
        put(UInt8(ascii: "0") + UInt8(integer % 10))
        integer /= 10
      }
      if decimals > 0 { put(UInt8(ascii: ".")) }
      repeat {
        put(UInt8(ascii: "0") + UInt8(integer % 10))
        integer /= 10
      } while integer != 0
      if negative { put(UInt8(ascii: "-")) }
      output.append(UnsafeBufferPointer(rebasing: buffer[start..<48]))
    }
  }

  /// Powers of ten that `Double` holds exactly, 10⁰ … 10⁸ (the decimal precisions).
  private static let powersOfTen: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]

  /// Exactly what `value.description` gives (`592.0`, `0.25`, `1e-05`), fast for a value
  /// decoded at a decimal precision — `integer / 10^precision` — by writing the integer's
  /// digits with the point in place instead of searching for the shortest digits.
  ///
  /// A decoded value is the `Double` nearest to a decimal of at most 10 significant digits,
  /// and no other decimal that short lands on the same `Double`, so those digits are the
  /// shortest. Any other value (or a precision outside 0…8) takes `description`.
  package static func decimalDescription(_ value: Double, precision: Int) -> String {
    var text = ""
    appendDecimalDescription(value, precision: precision, to: &text)
    return text
  }

  /// Appends ``decimalDescription(_:precision:)`` to `output`.
  package static func appendDecimalDescription(
    _ value: Double, precision: Int, to output: inout String
  ) {
    let done = withDecimalDigits(value, precision: precision) {
      output += String(decoding: $0, as: UTF8.self)
    }
    if !done { output += value.description }
  }

  /// Appends ``decimalDescription(_:precision:)`` to `output`, building the digits in a
  /// small buffer: no intermediate strings (the dump writes millions of these).
  package static func appendDecimalDescription(
    _ value: Double, precision: Int, to output: inout TextBuffer
  ) {
    let done = withDecimalDigits(value, precision: precision) { output.append($0) }
    if !done { output.append(value.description) }
  }

  /// Hands `body` the digits of a value decoded at `precision`, or returns `false` for any
  /// other value (which then takes `description`).
  @inline(__always)
  private static func withDecimalDigits(
    _ value: Double, precision: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool {
    guard (0...8).contains(precision) else { return false }
    let scale = powersOfTen[precision]
    let scaled = (value * scale).rounded()
    // Swift writes magnitudes under 10⁻⁴ with an exponent: leave those to it, and anything
    // that is not exactly a decoded value.
    guard abs(scaled) <= 4_294_967_296, scaled / scale == value, abs(value) >= 1e-4 || value == 0
    else { return false }
    let negative = scaled < 0 || (scaled == 0 && value.sign == .minus)
    var integer = UInt64(abs(scaled))
    // Trailing zeros of the fraction are not printed (zero is `0.0`).
    var places = integer == 0 ? 0 : precision
    while places > 0, integer % 10 == 0 {
      integer /= 10
      places -= 1
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      var start = 24
      func put(_ byte: UInt8) {
        start -= 1
        buffer[start] = byte
      }
      if places == 0 {
        put(UInt8(ascii: "0"))
      } else {
        for _ in 0..<places {
          put(UInt8(ascii: "0") + UInt8(integer % 10))
          integer /= 10
        }
      }
      put(UInt8(ascii: "."))
      repeat {
        put(UInt8(ascii: "0") + UInt8(integer % 10))
        integer /= 10
      } while integer != 0
      if negative { put(UInt8(ascii: "-")) }
      body(UnsafeBufferPointer(rebasing: buffer[start..<24]))
    }
    return true
  }
}
