import InkCodec

/// Number formatting for text output.
enum Format {
  /// A number with at most `digits` decimals, trailing zeros removed (`592`, `0.25`).
  static func number(_ value: Double, digits: Int = 3) -> String {
    NumberText.rounded(value, decimals: digits)
  }

  /// A value at a stroke's decimal precision (`526.88`).
  static func fixed(_ value: Double, precision: Int) -> String {
    NumberText.fixed(value, decimals: max(0, precision))
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
