import InkCodec

#if JPEG && os(Linux)
  import CJPEG
#endif

/// Decodes a baseline or progressive JPEG to straight RGBA through libjpeg-turbo: the size is
/// read and checked against the pixel limit before anything is allocated, and every libjpeg
/// error becomes a ``WillError`` (libjpeg's `longjmp` never crosses a Swift frame).
///
/// Only the `JPEG` trait on Linux links libjpeg-turbo, which no Apple SDK ships; other builds
/// leave JPEG section images out of PNG output and name them in a warning. SVG and PDF embed
/// the JPEG bytes as they are, so every build shows them there.
package enum JPEGDecoder {
  /// Whether this build decodes JPEG.
  package static var isAvailable: Bool {
    #if JPEG && os(Linux)
      true
    #else
      false
    #endif
  }

  /// Why this build leaves JPEG images out of PNG output, for warnings.
  package static let unavailableReason =
    "JPEG images are not drawn in PNG output by this build of willdoc (the portable profile, "
    + "built without the JPEG trait)"
}

#if JPEG && os(Linux)
  extension JPEGDecoder {
    /// Decodes `data`.
    /// - Parameters:
    ///   - data: The JPEG file.
    ///   - maximumPixels: The most pixels (width × height) it may have.
    ///   - maximumScans: The most scans it may have: libjpeg walks every block of every scan,
    ///     so the decoder is stopped at the first scan past this one.
    /// - Throws: ``WillErrorKind/malformedImage(_:)`` for data libjpeg rejects (a CMYK JPEG
    ///   among them), ``WillErrorKind/imageTooLarge(width:height:maximumPixels:)`` for more
    ///   than `maximumPixels`, `.renderLimitExceeded(.imageScans, …)` for more than
    ///   `maximumScans` scans (its value is the first scan past the limit).
    package static func decode(
      _ data: [UInt8], maximumPixels: Int,
      maximumScans: Int = RenderLimits.default.maxImageScans
    ) throws(WillError) -> RGBAImage {
      var width: UInt32 = 0
      var height: UInt32 = 0
      var scans: Int32 = 0
      let scanLimit = Int32(clamping: max(maximumScans, 0))
      var message = [CChar](repeating: 0, count: 200)
      func failure(_ status: Int32) -> WillError {
        if status == -3 {
          return WillError(
            .renderLimitExceeded(.imageScans, value: Int(scans), limit: maximumScans))
        }
        let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return WillError(.malformedImage("JPEG: " + String(decoding: text, as: UTF8.self)))
      }
      let header = data.withUnsafeBufferPointer { bytes in
        cjpeg_decode(
          bytes.baseAddress, UInt(bytes.count), nil, 0, &width, &height, scanLimit, &scans,
          &message, message.count)
      }
      guard header == 0 else { throw failure(header) }
      guard width > 0, height > 0 else {
        throw WillError(.malformedImage("JPEG: the size is \(width) × \(height)"))
      }
      guard Int(width) <= maximumPixels / Int(height) else {
        throw WillError(
          .imageTooLarge(width: Int(width), height: Int(height), maximumPixels: maximumPixels))
      }
      let pixels = Int(width) * Int(height)
      try CheckedAllocation.probe(bytes: pixels * 4)
      var rgba = [UInt8](repeating: 0, count: pixels * 4)
      let status = rgba.withUnsafeMutableBufferPointer { out in
        data.withUnsafeBufferPointer { bytes in
          cjpeg_decode(
            bytes.baseAddress, UInt(bytes.count), out.baseAddress, out.count, &width, &height,
            scanLimit, &scans, &message, message.count)
        }
      }
      guard status == 0 else { throw failure(status) }
      return RGBAImage(width: Int(width), height: Int(height), pixels: rgba, hasAlpha: false)
    }
  }
#endif
