import InkCodec

/// A colour with premultiplied alpha, each channel 0…1.
public struct PremultipliedColor: Sendable, Hashable {
  /// Red times alpha.
  public var red: Float
  /// Green times alpha.
  public var green: Float
  /// Blue times alpha.
  public var blue: Float
  /// Alpha.
  public var alpha: Float

  /// Creates a colour from premultiplied channels.
  public init(red: Float, green: Float, blue: Float, alpha: Float) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Premultiplies an 8-bit colour, optionally scaling its alpha.
  /// - Parameters:
  ///   - color: The straight-alpha colour.
  ///   - opacity: A factor applied to the colour's alpha, 0…1.
  public init(_ color: InkColor, opacity: Double = 1) {
    let a = Float(color.alpha) / 255 * Float(min(max(opacity, 0), 1))
    red = Float(color.red) / 255 * a
    green = Float(color.green) / 255 * a
    blue = Float(color.blue) / 255 * a
    alpha = a
  }

  /// Fully transparent black.
  public static let clear = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
}
