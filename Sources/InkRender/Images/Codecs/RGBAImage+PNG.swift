import InkCodec

extension RGBAImage {
  /// The most pixels ``init(parsing:maximumPixels:)`` decodes by default: 4 M (2048 × 2048),
  /// far more than any brush texture.
  public static let defaultMaximumPixels = PNGDecoder.defaultMaximumPixels

  /// Decodes a PNG file: every colour type and bit depth, interlaced or not, to 8-bit straight
  /// RGBA.
  /// - Parameters:
  ///   - png: The file's bytes.
  ///   - maximumPixels: The largest width × height accepted, checked before anything is
  ///     allocated.
  /// - Throws: `WillError` (`malformed-image`, `truncated`, a checksum or size error) with
  ///   the byte offset.
  public init(parsing png: [UInt8], maximumPixels: Int = defaultMaximumPixels) throws(WillError) {
    self = try PNGDecoder.decode(png, maximumPixels: maximumPixels)
  }

  /// The image as a PNG file (8-bit RGBA), the same pixels always giving the same bytes.
  /// - Parameter level: The zlib level, 0…9: 6 is compact, 1 is about twice as fast.
  public func serialized(level: Int = 6) -> [UInt8] {
    PNGWriter.encode(rgba: pixels, width: width, height: height, level: min(9, max(0, level)))
  }
}

extension Canvas {
  /// The canvas as a PNG file (8-bit straight RGBA), the same pixels always giving the same
  /// bytes; ``Renderer/renderPNG(_:options:)`` renders straight to one.
  /// - Parameter level: The zlib level, 0…9: 6 is compact, 1 is about twice as fast.
  public func serialized(level: Int = 6) -> [UInt8] {
    PNGWriter.encode(self, level: min(9, max(0, level)))
  }
}
