import InkCodec

@testable import InkRender

/// A minimal PNG reader for the writer's output: 8-bit RGBA, no interlace, filters 0–4.
///
/// Kept apart from the product's ``PNGDecoder`` on purpose: it checks ``PNGWriter`` and
/// serves as the reference the hand-built test images are filtered with, so a bug shared by
/// the product's writer and decoder cannot cancel out. It shares only zlib and ``CRC32``,
/// which have tests of their own.
enum PNGReader {
  struct Image {
    var width: Int
    var height: Int
    var rgba: [UInt8]
  }

  static func decode(_ bytes: [UInt8]) -> Image? {
    guard bytes.count > 8,
      bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    else { return nil }
    var offset = 8
    var width = 0
    var height = 0
    var idat: [UInt8] = []
    var ended = false
    func u32(_ o: Int) -> Int {
      Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
    }
    while offset + 12 <= bytes.count {
      let length = u32(offset)
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      guard offset + 12 + length <= bytes.count else { return nil }
      let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
      let crc = UInt32(u32(offset + 8 + length))
      guard CRC32.checksum(data, continuing: CRC32.checksum(Array(type.utf8))) == crc else {
        return nil
      }
      switch type {
      case "IHDR":
        width = u32(offset + 8)
        height = u32(offset + 12)
        guard data[8] == 8, data[9] == 6, data[12] == 0 else { return nil }
      case "IDAT": idat += data
      case "IEND": ended = true
      default: break
      }
      offset += 12 + length
    }
    let stride = width * 4
    guard ended, width > 0, height > 0,
      case .complete(let raw) = Zlib.decompress(idat, limit: (stride + 1) * height),
      raw.count == (stride + 1) * height
    else { return nil }
    var out = [UInt8](repeating: 0, count: stride * height)
    for y in 0..<height {
      let filter = raw[y * (stride + 1)]
      for x in 0..<stride {
        let v = raw[y * (stride + 1) + 1 + x]
        let a = x >= 4 ? Int(out[y * stride + x - 4]) : 0
        let b = y > 0 ? Int(out[(y - 1) * stride + x]) : 0
        let c = x >= 4 && y > 0 ? Int(out[(y - 1) * stride + x - 4]) : 0
        guard let predicted = predictor(filter: filter, a: a, b: b, c: c) else { return nil }
        out[y * stride + x] = v &+ UInt8(predicted & 0xFF)
      }
    }
    return Image(width: width, height: height, rgba: out)
  }

  /// The value PNG filter `filter` (0–4) predicts from the bytes left (`a`), above (`b`) and
  /// above-left (`c`); `nil` for any other filter. The test encoder filters with it too.
  static func predictor(filter: UInt8, a: Int, b: Int, c: Int) -> Int? {
    switch filter {
    case 0: return 0
    case 1: return a
    case 2: return b
    case 3: return (a + b) / 2
    case 4:
      let p = a + b - c
      let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
      return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    default: return nil
    }
  }
}
