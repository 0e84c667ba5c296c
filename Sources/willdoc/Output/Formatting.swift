import InkCodec

/// Number formatting for text output.
enum Format {
  /// A number with at most `digits` decimals, trailing zeros removed (`592`, `0.25`).
  static func number(_ value: Double, digits: Int = 3) -> String {
    guard value.isFinite else { return value.description }
    if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
    var text = String(format: digits, value)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }

  /// A value at a stroke's decimal precision (`526.88`).
  static func fixed(_ value: Double, precision: Int) -> String {
    String(format: max(0, precision), value)
  }

  /// An integer with thin grouping (`27 361`).
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += " " }
      result.append(character)
    }
    return (value < 0 ? "-" : "") + result
  }

  /// A count and its noun, plural unless the count is one (`1 section`, `27 361 points`).
  static func plural(_ value: Int, _ noun: String) -> String {
    "\(count(value)) \(noun)\(value == 1 ? "" : "s")"
  }

  /// `1 234 bytes`, `12.3 KiB`.
  static func bytes(_ value: Int) -> String {
    value < 10_240 ? "\(count(value)) B" : number(Double(value) / 1024, digits: 1) + " KiB"
  }

  /// A location in the `part@0xOFFSET (stroke N)` form of ``Diagnostic``.
  static func location(part: String?, offset: Int?, strokeIndex: Int?) -> String {
    var location = part?.terminalSafe ?? ""
    if let offset { location += "@0x" + String(offset, radix: 16, uppercase: true) }
    if let strokeIndex { location += (location.isEmpty ? "" : " ") + "(stroke \(strokeIndex))" }
    return location
  }
}

extension String {
  /// `value` with `digits` decimals, without Foundation's locale-dependent formatting.
  init(format digits: Int, _ value: Double) {
    let scale = (0..<digits).reduce(1.0) { r, _ in r * 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9e18 else {
      self = value.description
      return
    }
    let integer = UInt64(scaled)
    let whole = integer / UInt64(scale)
    let fraction = integer % UInt64(scale)
    var text = String(whole)
    if digits > 0 {
      let digitsText = String(fraction)
      text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
    }
    self = (value < 0 && integer != 0 ? "-" : "") + text
  }
}
