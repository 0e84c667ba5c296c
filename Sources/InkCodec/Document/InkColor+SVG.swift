extension InkColor {
  /// Parses an SVG paint: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `white`, `black`; `opacity` (0…1)
  /// multiplies the alpha. Returns `nil` for `none` and anything else.
  public init?(svgPaint text: String, opacity: Double? = nil) {
    let value = text[...].trimmingWhitespace.lowercased()
    var rgba: UInt32
    switch value {
    case "white": rgba = 0xFFFF_FFFF
    case "black": rgba = 0x0000_00FF
    default:
      guard value.hasPrefix("#") else { return nil }
      let hex = value.dropFirst()
      guard hex.allSatisfy(\.isHexDigit), let number = UInt32(hex, radix: 16) else { return nil }
      switch hex.count {
      case 3:
        let r = (number >> 8) & 0xF
        let g = (number >> 4) & 0xF
        let b = number & 0xF
        rgba = (r * 17) << 24 | (g * 17) << 16 | (b * 17) << 8 | 0xFF
      case 6: rgba = number << 8 | 0xFF
      case 8: rgba = number
      default: return nil
      }
    }
    self.init(rgba: rgba)
    if let opacity, opacity.isFinite {
      alpha = UInt8((Double(alpha) * Swift.max(0, Swift.min(1, opacity))).rounded())
    }
  }

  /// `#RRGGBB`, for SVG `fill`.
  public var svgHex: String {
    let hex = String(rgba >> 8, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 6 - hex.count) + hex
  }
}
