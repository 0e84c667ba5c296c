import InkCodec

@testable import InkRender

/// Builds small PNG files by hand: any 8-bit colour type, a chosen filter per row, and
/// optional PLTE/tRNS, so the decoder meets every path it supports.
enum TestPNG {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func be32(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }

  /// A chunk as the product's writer frames it (length, type, data, CRC-32).
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { PNGWriter.chunk(type, data) }

  static func header(
    width: Int, height: Int, depth: UInt8 = 8, colorType: UInt8, interlace: UInt8 = 0
  ) -> [UInt8] {
    chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [depth, colorType, 0, 0, interlace])
  }

  /// Filters each row (`rows[r]` holds `width × channels` bytes) with `filters[r % count]`,
  /// each 0–4.
  static func filtered(_ rows: [[UInt8]], bpp: Int, filters: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    for (r, row) in rows.enumerated() {
      let type = filters[r % filters.count]
      let up = r > 0 ? rows[r - 1] : [UInt8](repeating: 0, count: row.count)
      out.append(type)
      for i in 0..<row.count {
        let a = i >= bpp ? Int(row[i - bpp]) : 0
        let b = Int(up[i])
        let c = i >= bpp ? Int(up[i - bpp]) : 0
        let predictor = PNGReader.predictor(filter: type, a: a, b: b, c: c)!
        out.append(row[i] &- UInt8(predictor))
      }
    }
    return out
  }

  static func file(
    width: Int, height: Int, colorType: UInt8, rows: [[UInt8]], filters: [UInt8] = [0],
    extra: [[UInt8]] = []
  ) -> [UInt8] {
    let bpp = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]!
    var bytes = signature + header(width: width, height: height, colorType: colorType)
    for e in extra { bytes += e }
    bytes += chunk("IDAT", Zlib.compress(filtered(rows, bpp: bpp, filters: filters)))
    bytes += chunk("IEND", [])
    return bytes
  }
}
