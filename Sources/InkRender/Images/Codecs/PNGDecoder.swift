import InkCodec

/// Decodes the PNG files that particle paints store as textures.
///
/// Limited to what those files need: 8-bit greyscale, grey + alpha, RGB, RGBA and palette
/// images, not interlaced, with all five row filters, `PLTE` and `tRNS`. Every chunk's CRC-32
/// is checked. Other bit depths and interlacing are ``WillErrorKind/unsupported(_:)``; broken
/// files are ``WillErrorKind/malformedImage(_:)`` with the chunk's byte offset; an image with
/// more than `maximumPixels` pixels is refused before anything is allocated for it, and the
/// compressed data is inflated with a bound, so a small hostile file cannot exhaust memory.
package enum PNGDecoder {
  /// The default pixel limit: 2^22 (a 2048 × 2048 texture, 16 MB of RGBA).
  package static let defaultMaximumPixels = 1 << 22

  private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The fields of `IHDR` that decoding needs.
  private struct Header {
    var width: Int
    var height: Int
    var colorType: UInt8

    /// Bytes per pixel in the filtered data (8-bit samples).
    var channels: Int {
      switch colorType {
      case 0, 3: 1
      case 4: 2
      case 2: 3
      default: 4
      }
    }
  }

  /// Decodes a PNG file.
  /// - Parameters:
  ///   - bytes: The file.
  ///   - maximumPixels: The largest `width × height` accepted.
  /// - Returns: The image as straight RGBA.
  /// - Throws: ``WillError`` with the byte offset of the offending chunk.
  package static func decode(_ bytes: [UInt8], maximumPixels: Int = defaultMaximumPixels)
    throws(WillError) -> RGBAImage
  {
    guard bytes.count >= 8, bytes[0..<8].elementsEqual(signature) else {
      throw WillError(.malformedImage("no PNG signature"), offset: 0)
    }
    var offset = 8
    var header: Header?
    var palette: [UInt8] = []
    var transparency: [UInt8]?
    var compressed: [UInt8] = []
    var ended = false
    while !ended {
      guard offset + 8 <= bytes.count, let length = read32(bytes, offset).map(Int.init) else {
        throw WillError(
          .truncated(needed: offset + 8 - bytes.count, available: bytes.count - offset),
          offset: offset)
      }
      let typeBytes = Array(bytes[(offset + 4)..<(offset + 8)])
      let type = String(decoding: typeBytes, as: UTF8.self)
      guard length <= Int(Int32.max) else {
        throw WillError(.malformedImage("chunk \(type) declares \(length) bytes"), offset: offset)
      }
      let end = offset + 12 + length
      guard end <= bytes.count else {
        throw WillError(
          .truncated(needed: end - bytes.count, available: bytes.count - offset), offset: offset)
      }
      let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
      let declared = read32(bytes, offset + 8 + length) ?? 0  // within `end`, checked above
      let computed = CRC32.checksum(data, continuing: CRC32.checksum(typeBytes))
      guard declared == computed else {
        throw WillError(
          .malformedImage(
            "chunk \(type) CRC-32 is 0x\(hex(declared)), computed 0x\(hex(computed))"),
          offset: offset)
      }
      if header == nil && type != "IHDR" {
        throw WillError(.malformedImage("the first chunk is \(type), not IHDR"), offset: offset)
      }
      switch type {
      case "IHDR":
        guard header == nil else {
          throw WillError(.malformedImage("a second IHDR"), offset: offset)
        }
        header = try parseHeader(data, offset: offset, maximumPixels: maximumPixels)
      case "PLTE":
        guard length % 3 == 0, length > 0, length <= 768 else {
          throw WillError(
            .malformedImage("PLTE holds \(length) bytes, not 3 per entry for 1…256 entries"),
            offset: offset)
        }
        palette = data
      case "tRNS": transparency = data
      case "IDAT":
        compressed += data
      case "IEND": ended = true
      default:
        // Bit 5 of the first letter is clear for critical chunks, which cannot be skipped.
        if typeBytes[0] & 0x20 == 0 {
          throw WillError(.unsupported("PNG critical chunk \(type)"), offset: offset)
        }
      }
      offset = end
    }
    guard let header else { throw WillError(.malformedImage("no IHDR"), offset: 8) }
    if header.colorType == 3 && palette.isEmpty {
      throw WillError(.malformedImage("a palette image without PLTE"), offset: offset)
    }
    let stride = header.width * header.channels
    let expected = (stride + 1) * header.height
    var raw: [UInt8]
    switch Zlib.decompress(compressed, limit: expected) {
    case .complete(let data) where data.count == expected: raw = data
    case .complete(let data):
      throw WillError(
        .malformedImage("the image data holds \(data.count) bytes, \(expected) expected"),
        offset: offset)
    case .overLimit:
      throw WillError(
        .malformedImage("the image data holds more than the \(expected) bytes expected"),
        offset: offset)
    case .malformed:
      throw WillError(.malformedImage("the IDAT zlib stream is malformed"), offset: offset)
    }
    try unfilter(&raw, stride: stride, height: header.height, bpp: header.channels)
    return expand(raw, header, palette: palette, transparency: transparency)
  }

  private static func parseHeader(_ data: [UInt8], offset: Int, maximumPixels: Int)
    throws(WillError) -> Header
  {
    guard data.count == 13 else {
      throw WillError(.malformedImage("IHDR holds \(data.count) bytes, not 13"), offset: offset)
    }
    // 13 bytes, checked above.
    let width = Int(read32(data, 0) ?? 0)
    let height = Int(read32(data, 4) ?? 0)
    let (depth, colorType, compression, filter, interlace) = (
      data[8], data[9], data[10], data[11], data[12]
    )
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
      throw WillError(.malformedImage("the size is \(width) × \(height)"), offset: offset)
    }
    guard width <= maximumPixels / height else {
      throw WillError(
        .imageTooLarge(width: width, height: height, maximumPixels: maximumPixels), offset: offset
      )
    }
    guard [0, 2, 3, 4, 6].contains(colorType) else {
      throw WillError(.malformedImage("colour type \(colorType)"), offset: offset)
    }
    guard compression == 0, filter == 0, interlace <= 1 else {
      throw WillError(
        .malformedImage(
          "compression \(compression), filter method \(filter), interlace \(interlace)"),
        offset: offset)
    }
    guard depth == 8 else {
      throw WillError(.unsupported("PNG bit depth \(depth) (only 8 is decoded)"), offset: offset)
    }
    guard interlace == 0 else {
      throw WillError(.unsupported("interlaced PNG"), offset: offset)
    }
    return Header(width: width, height: height, colorType: colorType)
  }

  /// Reverses the row filters in place; afterwards row `r` starts at `r × (stride + 1) + 1`.
  private static func unfilter(_ raw: inout [UInt8], stride: Int, height: Int, bpp: Int)
    throws(WillError)
  {
    let badFilter: (row: Int, type: UInt8)? = raw.withUnsafeMutableBufferPointer { p in
      for row in 0..<height {
        let start = row * (stride + 1)
        let type = p[start]
        let line = start + 1
        let previous = row > 0 ? line - (stride + 1) : -1
        switch type {
        case 0: break
        case 1:
          for i in bpp..<stride { p[line + i] &+= p[line + i - bpp] }
        case 2:
          if previous >= 0 { for i in 0..<stride { p[line + i] &+= p[previous + i] } }
        case 3:
          for i in 0..<stride {
            let left = i >= bpp ? Int(p[line + i - bpp]) : 0
            let up = previous >= 0 ? Int(p[previous + i]) : 0
            p[line + i] &+= UInt8((left + up) / 2)
          }
        case 4:
          for i in 0..<stride {
            let a = i >= bpp ? Int(p[line + i - bpp]) : 0
            let b = previous >= 0 ? Int(p[previous + i]) : 0
            let c = i >= bpp && previous >= 0 ? Int(p[previous + i - bpp]) : 0
            p[line + i] &+= paeth(a, b, c)
          }
        default: return (row, type)
        }
      }
      return nil
    }
    if let badFilter {
      throw WillError(
        .malformedImage("row \(badFilter.row) has filter type \(badFilter.type)"), offset: nil)
    }
  }

  @inline(__always)
  private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> UInt8 {
    let p = a + b - c
    let pa = abs(p - a)
    let pb = abs(p - b)
    let pc = abs(p - c)
    if pa <= pb && pa <= pc { return UInt8(a) }
    return pb <= pc ? UInt8(b) : UInt8(c)
  }

  /// Converts unfiltered rows to straight RGBA.
  private static func expand(
    _ raw: [UInt8], _ header: Header, palette: [UInt8], transparency: [UInt8]?
  ) -> RGBAImage {
    let (width, height, channels) = (header.width, header.height, header.channels)
    let stride = width * channels
    let entries = palette.count / 3
    // tRNS for grey and RGB names one colour (16-bit samples; 8-bit images use the low byte).
    let key: [UInt8]? = transparency.flatMap { t in
      switch header.colorType {
      case 0 where t.count >= 2: [t[1]]
      case 2 where t.count >= 6: [t[1], t[3], t[5]]
      default: nil
      }
    }
    var hasAlpha = header.colorType == 4 || header.colorType == 6 || key != nil
    if header.colorType == 3, let t = transparency, !t.isEmpty { hasAlpha = true }
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
      for y in 0..<height {
        let line = y * (stride + 1) + 1
        for x in 0..<width {
          let s = line + x * channels
          let o = (y * width + x) * 4
          switch header.colorType {
          case 0:
            let g = raw[s]
            (out[o], out[o + 1], out[o + 2]) = (g, g, g)
            out[o + 3] = key.map { $0[0] == g ? 0 : 255 } ?? 255
          case 4:
            (out[o], out[o + 1], out[o + 2], out[o + 3]) = (raw[s], raw[s], raw[s], raw[s + 1])
          case 2:
            (out[o], out[o + 1], out[o + 2]) = (raw[s], raw[s + 1], raw[s + 2])
            out[o + 3] =
              key.map { $0[0] == raw[s] && $0[1] == raw[s + 1] && $0[2] == raw[s + 2] ? 0 : 255 }
              ?? 255
          case 3:
            // An index past the palette is an error for libpng; here it draws transparent black.
            let i = Int(raw[s])
            if i < entries {
              (out[o], out[o + 1], out[o + 2]) = (
                palette[3 * i], palette[3 * i + 1], palette[3 * i + 2]
              )
              out[o + 3] = transparency.map { i < $0.count ? $0[i] : 255 } ?? 255
            } else {
              (out[o], out[o + 1], out[o + 2], out[o + 3]) = (0, 0, 0, 0)
            }
          default:
            (out[o], out[o + 1], out[o + 2], out[o + 3]) = (
              raw[s], raw[s + 1], raw[s + 2], raw[s + 3]
            )
          }
        }
      }
      count = width * height * 4
    }
    return RGBAImage(width: width, height: height, pixels: pixels, hasAlpha: hasAlpha)
  }

  /// The big-endian `UInt32` at `offset`, or `nil` past the end.
  private static func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32? {
    bytes.withUnsafeBytes { WireReader($0).getUInt32(at: offset, .bigEndian) }
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
  }
}
