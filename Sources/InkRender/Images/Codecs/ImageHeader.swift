/// The size and colour layout an image file declares, read from its header without decoding
/// it: what SVG needs to place the image at its natural size, and PDF to pass a JPEG through.
struct ImageHeader: Sendable, Hashable {
  /// The encodings a header can be read from.
  enum Encoding: Sendable, Hashable {
    case png
    case jpeg
  }

  var encoding: Encoding
  var width: Int
  var height: Int
  /// Colour components per pixel (JPEG: 1 grey, 3 YCbCr/RGB, 4 CMYK; PNG: 4 once decoded).
  var components: Int

  /// Reads the header of a PNG (`IHDR`) or a baseline or progressive JPEG (the first SOF
  /// marker); `nil` when the bytes are neither or the header is damaged or empty.
  init?(_ data: [UInt8]) {
    if data.count >= 24, data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
      data[12..<16].elementsEqual("IHDR".utf8)
    {
      func be32(_ i: Int) -> Int {
        Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
      }
      encoding = .png
      width = be32(16)
      height = be32(20)
      components = 4
    } else if data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 {
      var i = 2
      var found: (Int, Int, Int)?
      while i + 4 <= data.count {
        guard data[i] == 0xFF else { return nil }
        let marker = data[i + 1]
        if marker == 0xFF {
          i += 1
          continue
        }
        if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
          i += 2
          continue
        }
        let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
        guard length >= 2, i + 2 + length <= data.count else { return nil }
        // SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC).
        if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
          guard length >= 8 else { return nil }
          let h = Int(data[i + 5]) << 8 | Int(data[i + 6])
          let w = Int(data[i + 7]) << 8 | Int(data[i + 8])
          found = (w, h, Int(data[i + 9]))
          break
        }
        if marker == 0xDA || marker == 0xD9 { return nil }
        i += 2 + length
      }
      guard let found else { return nil }
      encoding = .jpeg
      (width, height, components) = found
    } else {
      return nil
    }
    guard width > 0, height > 0, [1, 3, 4].contains(components) else { return nil }
  }
}
