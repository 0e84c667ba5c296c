/// An 8-bit RGBA colour, as WILL stores it: one 32-bit integer with red in the most
/// significant byte and alpha in the least.
///
/// On the wire the integer is a `sint32`, so colours with red ≥ 0x80 are negative numbers.
public struct InkColor: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Red, 0…255.
  public var red: UInt8
  /// Green, 0…255.
  public var green: UInt8
  /// Blue, 0…255.
  public var blue: UInt8
  /// Alpha (opacity), 0…255.
  public var alpha: UInt8

  /// Creates a colour from its channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Creates a colour from `0xRRGGBBAA`.
  public init(rgba: UInt32) {
    red = UInt8(truncatingIfNeeded: rgba >> 24)
    green = UInt8(truncatingIfNeeded: rgba >> 16)
    blue = UInt8(truncatingIfNeeded: rgba >> 8)
    alpha = UInt8(truncatingIfNeeded: rgba)
  }

  /// The colour as `0xRRGGBBAA`.
  public var rgba: UInt32 {
    UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
  }

  /// The colour as `#RRGGBBAA`.
  public var description: String {
    let hex = String(rgba, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// Opaque black, the colour of most real strokes.
  public static let black = InkColor(red: 0, green: 0, blue: 0)
}
