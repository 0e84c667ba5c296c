import InkCodec

/// A premultiplied RGBA image with `Float` channels, the target of rendering.
public struct Canvas: Sendable, Hashable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// The pixels, row by row from the top, four premultiplied channels (R, G, B, A) each.
  public internal(set) var pixels: [Float]

  /// Creates a canvas filled with one colour.
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - background: The fill, or `nil` for transparent.
  /// - Precondition: `width` and `height` are positive and their product fits in memory
  ///   (at most 2^28 pixels).
  public init(width: Int, height: Int, background: InkColor? = nil) {
    precondition(width > 0 && height > 0, "a canvas needs a positive width and height")
    precondition(width <= 1 << 28 / height, "a canvas holds at most 2^28 pixels")
    self.width = width
    self.height = height
    let c = background.map { PremultipliedColor($0) } ?? .clear
    if c == .clear {
      pixels = [Float](repeating: 0, count: width * height * 4)
    } else {
      pixels = [Float](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
        for i in 0..<(width * height) {
          buffer[4 * i] = c.red
          buffer[4 * i + 1] = c.green
          buffer[4 * i + 2] = c.blue
          buffer[4 * i + 3] = c.alpha
        }
        count = width * height * 4
      }
    }
  }

  /// The premultiplied colour of one pixel.
  /// - Precondition: The pixel is inside the canvas.
  public func pixel(x: Int, y: Int) -> PremultipliedColor {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the canvas")
    let i = (y * width + x) * 4
    return PremultipliedColor(
      red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
  }

  /// The pixels as straight (un-premultiplied) 8-bit RGBA, rounded to nearest.
  public func rgba8() -> [UInt8] {
    let count = width * height
    return [UInt8](unsafeUninitializedCapacity: count * 4) { out, written in
      pixels.withUnsafeBufferPointer { p in
        for i in 0..<count {
          let a = p[4 * i + 3]
          if a <= 0 {
            out[4 * i] = 0
            out[4 * i + 1] = 0
            out[4 * i + 2] = 0
            out[4 * i + 3] = 0
            continue
          }
          let k = a >= 1 ? 255 : 255 / a
          out[4 * i] = Canvas.byte(p[4 * i] * k)
          out[4 * i + 1] = Canvas.byte(p[4 * i + 1] * k)
          out[4 * i + 2] = Canvas.byte(p[4 * i + 2] * k)
          out[4 * i + 3] = Canvas.byte(a * 255)
        }
      }
      written = count * 4
    }
  }

  @inline(__always)
  static func byte(_ v: Float) -> UInt8 {
    UInt8(min(max(v + 0.5, 0), 255))
  }
}
