import InkCodec

/// A premultiplied RGBA image with 8-bit channels, the target of rendering.
///
/// Compositing reads a pixel into `Float`, blends, and rounds back to the nearest byte, so the
/// result is deterministic. Premultiplied bytes lose a little colour precision in faint pixels
/// of a transparent canvas (±1 after un-premultiplying at alpha ≥ 0.5); an opaque background
/// loses nothing.
public struct Canvas: Sendable, Hashable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// The pixels, row by row from the top, four premultiplied bytes (R, G, B, A) each.
  public internal(set) var pixels: [UInt8]

  /// Creates a canvas filled with one colour.
  /// - Parameters:
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - background: The fill, or `nil` for transparent.
  /// - Precondition: `width` and `height` are positive and the canvas's bytes fit an `Int`.
  ///   The memory is not checked: ``Renderer/renderCanvas(_:options:)`` checks the size
  ///   against ``RenderLimits/maxCanvasPixels`` and the allocation before it creates one.
  public init(width: Int, height: Int, background: InkColor? = nil) {
    precondition(width > 0 && height > 0, "a canvas needs a positive width and height")
    precondition(width <= Int.max / 4 / height, "a canvas's bytes must fit an Int")
    self.width = width
    self.height = height
    let c = background.map { Canvas.bytes(PremultipliedColor($0)) } ?? (0, 0, 0, 0)
    if c == (0, 0, 0, 0) {
      pixels = [UInt8](repeating: 0, count: width * height * 4)
    } else if c.0 == c.1 && c.1 == c.2 && c.2 == c.3 {
      pixels = [UInt8](repeating: c.0, count: width * height * 4)
    } else {
      // One pass over one allocation: a page at scale 2 is 16 MB of pixels, and filling a
      // word array and then copying it costs as much as the drawing.
      let count = width * height
      let word = UInt32(c.0) | UInt32(c.1) << 8 | UInt32(c.2) << 16 | UInt32(c.3) << 24
      pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
        UnsafeMutableRawPointer(buffer.baseAddress!).bindMemory(to: UInt32.self, capacity: count)
          .initialize(repeating: word.littleEndian, count: count)
        initialized = count * 4
      }
    }
  }

  /// The premultiplied colour of one pixel, channels 0…1.
  /// - Precondition: The pixel is inside the canvas.
  public func pixel(x: Int, y: Int) -> PremultipliedColor {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the canvas")
    let i = (y * width + x) * 4
    return PremultipliedColor(
      red: Float(pixels[i]) / 255, green: Float(pixels[i + 1]) / 255,
      blue: Float(pixels[i + 2]) / 255, alpha: Float(pixels[i + 3]) / 255)
  }

  /// The pixels as straight (un-premultiplied) 8-bit RGBA, rounded to nearest.
  public func rgba8() -> [UInt8] {
    var out = pixels
    out.withUnsafeMutableBufferPointer { p in
      var i = 0
      while i < p.count {
        let a = p[i + 3]
        if a != 255 {
          if a == 0 {
            p[i] = 0
            p[i + 1] = 0
            p[i + 2] = 0
          } else {
            let k = 255 / Float(a)
            p[i] = Canvas.byte(Float(p[i]) * k)
            p[i + 1] = Canvas.byte(Float(p[i + 1]) * k)
            p[i + 2] = Canvas.byte(Float(p[i + 2]) * k)
          }
        }
        i += 4
      }
    }
    return out
  }

  @inline(__always)
  static func byte(_ v: Float) -> UInt8 {
    UInt8(min(max(v + 0.5, 0), 255))
  }

  static func bytes(_ c: PremultipliedColor) -> (UInt8, UInt8, UInt8, UInt8) {
    (byte(c.red * 255), byte(c.green * 255), byte(c.blue * 255), byte(c.alpha * 255))
  }
}
