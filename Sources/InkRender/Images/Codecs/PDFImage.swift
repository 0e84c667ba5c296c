import InkCodec

/// What a PDF holds of one image: its XObject's dictionary entries and encoded stream, and a
/// soft mask's when the image has transparency. A section image's is made once per payload
/// (``ImageCache``) and written once per document, however many elements and pages draw it.
struct PDFImage {
  /// The width in pixels.
  var width: Int
  /// The height in pixels.
  var height: Int
  /// The image dictionary's entries, without `/SMask` and `/Length`.
  var entries: String
  /// The encoded pixels.
  var stream: [UInt8]
  /// The soft mask's dictionary entries and stream (grey alpha), when a pixel is not opaque.
  var mask: (entries: String, stream: [UInt8])?

  /// The bytes the streams hold.
  var byteCount: Int { stream.count + (mask?.stream.count ?? 0) }

  /// A JPEG passed through as `DCTDecode`, in the colour space of its components.
  init(jpeg: [UInt8], header: ImageHeader) {
    let space =
      header.components == 1 ? "DeviceGray" : header.components == 4 ? "DeviceCMYK" : "DeviceRGB"
    width = header.width
    height = header.height
    entries =
      "/Type/XObject/Subtype/Image/Width \(header.width)/Height \(header.height)"
      + "/BitsPerComponent 8/ColorSpace/\(space)/Filter/DCTDecode"
    stream = jpeg
  }

  /// Straight RGBA pixels as Flate-compressed RGB, with the alpha as a soft mask when any
  /// pixel is not opaque; `nil` when `budget` is spent first. The split is charged for every
  /// pixel, compression for every byte it reads and writes, as it goes.
  init?(rgba: [UInt8], width: Int, height: Int, budget: WorkBudget) {
    let pixels = width * height
    guard budget.charge(pixels * WorkBudget.splitPixelCost) else { return nil }
    var opaque = true
    let rgb = [UInt8](unsafeUninitializedCapacity: pixels * 3) { out, count in
      rgba.withUnsafeBufferPointer { source in
        for k in 0..<pixels {
          out[3 * k] = source[4 * k]
          out[3 * k + 1] = source[4 * k + 1]
          out[3 * k + 2] = source[4 * k + 2]
          if source[4 * k + 3] != 255 { opaque = false }
        }
      }
      count = pixels * 3
    }
    let size = "/Type/XObject/Subtype/Image/Width \(width)/Height \(height)/BitsPerComponent 8"
    guard let compressed = Self.compress(rgb, budget: budget) else { return nil }
    self.width = width
    self.height = height
    entries = size + "/ColorSpace/DeviceRGB/Filter/FlateDecode"
    stream = compressed
    guard !opaque else { return }
    let alpha = [UInt8](unsafeUninitializedCapacity: pixels) { out, count in
      rgba.withUnsafeBufferPointer { source in
        for k in 0..<pixels { out[k] = source[4 * k + 3] }
      }
      count = pixels
    }
    guard let compressedAlpha = Self.compress(alpha, budget: budget) else { return nil }
    mask = (size + "/ColorSpace/DeviceGray/Filter/FlateDecode", compressedAlpha)
  }

  /// `bytes` deflated at level 1 (at most a few per cent larger than level 6 on images, and
  /// about twice as fast), charging `budget` per megabyte read and written.
  private static func compress(_ bytes: [UInt8], budget: WorkBudget) -> [UInt8]? {
    Zlib.compress(bytes, level: 1) { consumed, produced in
      budget.charge(
        consumed * WorkBudget.deflatedByteCost + produced * WorkBudget.deflateOutputByteCost)
    }
  }
}
