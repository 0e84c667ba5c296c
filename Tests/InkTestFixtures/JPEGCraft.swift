/// Byte-level JPEG crafting for the resource attacks: grey images of any size whose every
/// coefficient is zero, so that they take a bit or two per 8 × 8 block on disk, and progressive
/// images of as many scans as wanted. No encoder is involved, so the bytes are exactly what
/// the attack needs (empty scans, for one, which no encoder writes).
package enum JPEGCraft {
  /// A baseline (SOF0) grey JPEG of `width × height` pixels, all mid-grey: one scan of two
  /// one-bit codes per block (DC difference 0, end of block).
  /// - Precondition: Both sides are 1…65,535.
  package static func baseline(width: Int, height: Int) -> [UInt8] {
    precondition((1...65_535).contains(width) && (1...65_535).contains(height))
    var out = header(frame: 0xC0, width: width, height: height)
    out += huffmanTable(class: 1)
    // Ss 0, Se 63, Ah/Al 0: the whole block in one scan.
    out += scanHeader(start: 0, end: 63)
    out += zeroBits(blocks(width: width, height: height) * 2)
    return out + [0xFF, 0xD9]
  }

  /// A progressive (SOF2) grey JPEG of `width × height` pixels with `scans` scans: a complete
  /// DC scan, then `scans − 1` DC scans that hold no data at all, each of which a decoder
  /// still walks block by block.
  /// - Precondition: Both sides are 1…65,535 and `scans ≥ 1`.
  package static func progressive(width: Int, height: Int, scans: Int) -> [UInt8] {
    precondition((1...65_535).contains(width) && (1...65_535).contains(height) && scans >= 1)
    var out = header(frame: 0xC2, width: width, height: height)
    out += scanHeader(start: 0, end: 0)
    out += zeroBits(blocks(width: width, height: height))
    for _ in 1..<scans { out += scanHeader(start: 0, end: 0) }
    return out + [0xFF, 0xD9]
  }

  /// The 8 × 8 blocks of a grey image.
  private static func blocks(width: Int, height: Int) -> Int {
    ((width + 7) / 8) * ((height + 7) / 8)
  }

  /// SOI, a quantisation table of ones, the frame header and the DC Huffman table.
  private static func header(frame: UInt8, width: Int, height: Int) -> [UInt8] {
    var out: [UInt8] = [0xFF, 0xD8]
    out += [0xFF, 0xDB, 0, 67, 0] + [UInt8](repeating: 1, count: 64)
    out += [0xFF, frame, 0, 11, 8] + be16(height) + be16(width) + [1, 1, 0x11, 0]
    return out + huffmanTable(class: 0)
  }

  /// A Huffman table (class 0: DC, 1: AC; id 0) with one code, `0`, for symbol 0: a DC
  /// difference of 0, or the end of a block.
  private static func huffmanTable(class tableClass: UInt8) -> [UInt8] {
    [0xFF, 0xC4, 0, 20, tableClass << 4] + [1] + [UInt8](repeating: 0, count: 15) + [0]
  }

  /// The header of a scan of the one component over coefficients `start…end`.
  private static func scanHeader(start: UInt8, end: UInt8) -> [UInt8] {
    [0xFF, 0xDA, 0, 8, 1, 1, 0x00, start, end, 0]
  }

  /// `count` zero bits, padded with one bits to a whole byte as JPEG requires.
  private static func zeroBits(_ count: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: count / 8)
    if count % 8 != 0 { out.append(UInt8(0xFF >> (count % 8))) }
    return out
  }

  private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
}
