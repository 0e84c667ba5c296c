/// Formats numbers for SVG and JSON the same way on every platform: rounded to a fixed
/// number of decimals, without trailing zeros, `-0` written as `0`.
enum NumberFormatting {
  static func format(_ value: Double, decimals: Int = 3) -> String {
    guard value.isFinite else { return "0" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 9e15 else { return String(Int64(value.rounded())) }
    let n = Int64(scaled)
    if n == 0 { return "0" }
    let magnitude = n.magnitude
    let unit = UInt64(scale)
    var text = n < 0 ? "-" : ""
    text += String(magnitude / unit)
    var fraction = magnitude % unit
    if fraction != 0 {
      var digits = decimals
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let f = String(fraction)
      text += "." + String(repeating: "0", count: digits - f.count) + f
    }
    return text
  }
}
