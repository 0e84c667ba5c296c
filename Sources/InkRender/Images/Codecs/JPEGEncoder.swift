import InkCodec

#if JPEG && os(Linux)
  import CJPEG
  import Glibc
#endif

/// Encodes a canvas as a baseline JPEG through libjpeg-turbo's compressor: JPEG has no
/// alpha, so the canvas is composited over white first. Every libjpeg error becomes a
/// ``WillError`` (libjpeg's `longjmp` never crosses a Swift frame).
///
/// Only the `JPEG` trait on Linux links libjpeg-turbo; other builds throw
/// `WillErrorKind.unsupported(_:)`.
package enum JPEGEncoder {
  /// Whether this build writes JPEG.
  package static var isAvailable: Bool { JPEGDecoder.isAvailable }

  /// Why this build cannot write JPEG, for errors.
  package static let unavailableReason =
    "JPEG output needs libjpeg-turbo, which this build of willdoc (the portable profile, "
    + "built without the JPEG trait) does not link"

  /// The JFIF density for `scale` output pixels per page unit (96 dpi at 1), rounded and
  /// kept in 1…65535 (the header's 16 bits).
  package static func dotsPerInch(scale: Double) -> UInt16 {
    let dpi = (scale * 96).rounded()
    return dpi.isFinite ? UInt16(min(max(dpi, 1), 65535)) : 96
  }

  /// Encodes `canvas` composited over white.
  /// - Parameters:
  ///   - canvas: The rendered canvas (premultiplied).
  ///   - quality: libjpeg's quality, clamped to 1…100.
  ///   - dotsPerInch: The JFIF density.
  /// - Returns: The JPEG file.
  /// - Throws: `.unsupported` in a build without libjpeg-turbo, `.malformedImage` when
  ///   libjpeg refuses (a side over 65,500 pixels), `.allocationFailed` when the buffers
  ///   cannot be allocated.
  package static func encode(_ canvas: Canvas, quality: Int, dotsPerInch: UInt16)
    throws(WillError) -> [UInt8]
  {
    #if JPEG && os(Linux)
      let count = canvas.width * canvas.height
      try CheckedAllocation.probe(bytes: count * 3)
      // Premultiplied colour over white: c + (255 − a), never above 255 (c ≤ a).
      let rgb = [UInt8](unsafeUninitializedCapacity: count * 3) { out, written in
        canvas.pixels.withUnsafeBufferPointer { p in
          for i in 0..<count {
            let a = 255 &- p[i * 4 + 3]
            out[i * 3] = p[i * 4] &+ a
            out[i * 3 + 1] = p[i * 4 + 1] &+ a
            out[i * 3 + 2] = p[i * 4 + 2] &+ a
          }
        }
        written = count * 3
      }
      var buffer: UnsafeMutablePointer<UInt8>?
      var size: UInt = 0
      var message = [CChar](repeating: 0, count: 200)
      let status = rgb.withUnsafeBufferPointer { bytes in
        cjpeg_encode(
          bytes.baseAddress, UInt32(canvas.width), UInt32(canvas.height),
          Int32(min(max(quality, 1), 100)), dotsPerInch, &buffer, &size, &message,
          message.count)
      }
      defer { free(buffer) }
      guard status == 0, let buffer else {
        let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        throw WillError(.malformedImage("JPEG: " + String(decoding: text, as: UTF8.self)))
      }
      return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    #else
      throw WillError(.unsupported(unavailableReason))
    #endif
  }
}
