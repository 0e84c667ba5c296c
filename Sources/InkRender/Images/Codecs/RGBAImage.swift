/// An image with straight (not premultiplied) 8-bit RGBA pixels: a decoded brush texture.
public struct RGBAImage: Sendable, Hashable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// `width × height × 4` bytes (R, G, B, A), row by row from the top.
  public let pixels: [UInt8]
  /// Whether the source stored transparency (an alpha channel or a `tRNS` chunk).
  public let hasAlpha: Bool

  /// Creates an image.
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - pixels: `width × height × 4` straight RGBA bytes.
  ///   - hasAlpha: Whether the alpha channel carries information.
  /// - Precondition: Both sizes are positive and `pixels` holds `width × height × 4` bytes.
  public init(width: Int, height: Int, pixels: [UInt8], hasAlpha: Bool = true) {
    precondition(width > 0 && height > 0, "an image needs a positive width and height")
    precondition(
      width <= Int.max / 4 / height && pixels.count == width * height * 4,
      "pixels must hold width × height × 4 bytes")
    self.width = width
    self.height = height
    self.pixels = pixels
    self.hasAlpha = hasAlpha
  }
}
