import Foundation
import InkCodec
import InkTestSupport
import Testing

/// Pictures read back for the print tests: PNG (8-bit RGB or RGBA, as willdoc and
/// `rsvg-convert` write it) and binary PGM (as `pdftoppm -gray` writes it), each as the
/// darkness of every pixel over white (0 paper … 255 black), and the PNG's `pHYs` density.
struct Raster {
  var width: Int
  var height: Int
  /// Row by row from the top: 255 − the grey level over white.
  var darkness: [UInt8]

  /// The mean darkness, 0…255.
  var meanDarkness: Double {
    Double(darkness.reduce(0) { $0 + Int($1) }) / Double(max(darkness.count, 1))
  }

  /// The smallest rectangle holding every pixel darker than `threshold`: left, top, and
  /// one past right and bottom; `nil` for a blank picture.
  func inkBounds(threshold: UInt8 = 64) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in 0..<height {
      for x in 0..<width where darkness[y * width + x] > threshold {
        if var b = box {
          b = (min(b.minX, x), min(b.minY, y), max(b.maxX, x + 1), max(b.maxY, y + 1))
          box = b
        } else {
          box = (x, y, x + 1, y + 1)
        }
      }
    }
    return box
  }

  /// The chunks of a PNG file, by type, in order.
  static func pngChunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8])] {
    var chunks: [(String, [UInt8])] = []
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = Int(u32(bytes, offset))
      guard offset + 12 + length <= bytes.count else { break }
      chunks.append(
        (
          String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self),
          Array(bytes[(offset + 8)..<(offset + 8 + length)])
        ))
      offset += 12 + length
    }
    return chunks
  }

  /// A PNG's `pHYs`: pixels per unit across and down, and the unit (1 the metre).
  static func pngDensity(_ bytes: [UInt8]) -> (x: UInt32, y: UInt32, unit: UInt8)? {
    guard let data = pngChunks(bytes).first(where: { $0.type == "pHYs" })?.data, data.count == 9
    else { return nil }
    return (u32(data, 0), u32(data, 4), data[8])
  }

  static func u32(_ bytes: [UInt8], _ o: Int) -> UInt32 {
    bytes[o..<o + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// Reads an 8-bit RGB or RGBA PNG without interlace; `nil` for anything else.
  init?(png bytes: [UInt8]) {
    let chunks = Self.pngChunks(bytes)
    guard let header = chunks.first(where: { $0.type == "IHDR" })?.data, header.count == 13,
      header[8] == 8, header[9] == 6 || header[9] == 2, header[12] == 0
    else { return nil }
    let width = Int(Self.u32(header, 0))
    let height = Int(Self.u32(header, 4))
    let channels = header[9] == 6 ? 4 : 3
    let stride = width * channels
    let idat = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
    guard case .complete(let raw) = Zlib.decompress(idat, limit: (stride + 1) * height),
      raw.count == (stride + 1) * height
    else { return nil }
    var out = [UInt8](repeating: 0, count: stride * height)
    for y in 0..<height {
      let filter = raw[y * (stride + 1)]
      for x in 0..<stride {
        let a = x >= channels ? Int(out[y * stride + x - channels]) : 0
        let b = y > 0 ? Int(out[(y - 1) * stride + x]) : 0
        let c = x >= channels && y > 0 ? Int(out[(y - 1) * stride + x - channels]) : 0
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = a
        case 2: predicted = b
        case 3: predicted = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        default: return nil
        }
        out[y * stride + x] = raw[y * (stride + 1) + 1 + x] &+ UInt8(predicted & 0xFF)
      }
    }
    self.width = width
    self.height = height
    darkness = (0..<(width * height)).map { i in
      let p = i * channels
      let alpha = channels == 4 ? Double(out[p + 3]) / 255 : 1
      let grey = (Double(out[p]) + Double(out[p + 1]) + Double(out[p + 2])) / 3
      // Straight alpha over white.
      return UInt8(((255 - grey) * alpha).rounded())
    }
  }

  /// Reads a binary PGM (`P5`, maximum 255).
  init?(pgm bytes: [UInt8]) {
    var fields: [Int] = []
    var offset = 2
    guard bytes.starts(with: Array("P5".utf8)) else { return nil }
    while fields.count < 3 && offset < bytes.count {
      while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A { offset += 1 }
      var value = 0
      while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) {
        value = value * 10 + Int(bytes[offset] - 0x30)
        offset += 1
      }
      fields.append(value)
    }
    offset += 1
    guard fields.count == 3, fields[2] == 255, offset + fields[0] * fields[1] <= bytes.count
    else { return nil }
    width = fields[0]
    height = fields[1]
    darkness = bytes[offset..<(offset + width * height)].map { 255 - $0 }
  }

  /// Rasterises the first page of a PDF with `pdftoppm -gray` at `dpi` (96: a page unit a
  /// pixel).
  static func pdf(_ url: URL, dpi: Int = 96) throws -> Raster? {
    let out = url.deletingPathExtension().appendingPathExtension("raster")
    try ExternalTool.run("pdftoppm", ["-gray", "-r", "\(dpi)", "-singlefile", url.path, out.path])
    return Raster(pgm: [UInt8](try Data(contentsOf: out.appendingPathExtension("pgm"))))
  }

  /// Rasterises an SVG with `rsvg-convert` at its own size (96 dpi).
  static func svg(_ url: URL) throws -> Raster? {
    let out = url.deletingPathExtension().appendingPathExtension("rsvg.png")
    try ExternalTool.run("rsvg-convert", ["-o", out.path, url.path])
    return Raster(png: [UInt8](try Data(contentsOf: out)))
  }
}
