import InkCodec

/// Writes 8-bit RGBA PNG files, deterministically.
///
/// The file is the signature, `IHDR` (colour type 6, no interlace), one `IDAT` holding every
/// row with filter type 1 (Sub) compressed at a fixed zlib level (6 unless asked otherwise),
/// and `IEND`, with a `pHYs` chunk (pixels per metre) before the data when a density is given.
/// There is no time, gamma or text chunk, so the same pixels always give the same bytes.
/// Values are written as they are, sRGB without a gamma transform.
package enum PNGWriter {
  /// Encodes straight-alpha RGBA pixels.
  /// - Parameters:
  ///   - rgba: `width × height × 4` bytes, row by row from the top.
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - level: The zlib level, 0…9: 6 is compact, 1 is about twice as fast and 25 % larger.
  ///   - pixelsPerMetre: The density a `pHYs` chunk declares (both axes), or `nil` for none.
  /// - Returns: The PNG file.
  /// - Precondition: `rgba.count == width × height × 4`, both sizes are positive and `level`
  ///   is in 0…9.
  package static func encode(
    rgba: [UInt8], width: Int, height: Int, level: Int = 6, pixelsPerMetre: UInt32? = nil
  ) -> [UInt8] {
    precondition(width > 0 && height > 0, "a PNG needs a positive width and height")
    precondition((0...9).contains(level), "the zlib level must be 0…9")
    precondition(rgba.count == width * height * 4, "rgba must hold width × height × 4 bytes")
    var file: [UInt8] = signature
    file += chunk("IHDR", header(width: width, height: height))
    if let density = pixelsPerMetre { file += chunk("pHYs", physicalDimensions(density)) }
    file += chunk("IDAT", compressedRows(rgba: rgba, width: width, height: height, level: level))
    file += chunk("IEND", [])
    return file
  }

  /// The eight bytes every PNG file starts with.
  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The `IHDR` data of an 8-bit RGBA image without interlace.
  package static func header(width: Int, height: Int) -> [UInt8] {
    var header: [UInt8] = []
    append32(UInt32(width), to: &header)
    append32(UInt32(height), to: &header)
    return header + [8, 6, 0, 0, 0]
  }

  /// The `pHYs` data declaring `density` pixels per metre on both axes.
  package static func physicalDimensions(_ density: UInt32) -> [UInt8] {
    var physical: [UInt8] = []
    append32(density, to: &physical)
    append32(density, to: &physical)
    physical.append(1)  // The unit is the metre.
    return physical
  }

  /// The image data of `IDAT` (or an APNG `fdAT`): every row with filter type 1 (Sub),
  /// compressed at `level`.
  /// - Precondition: As ``encode(rgba:width:height:level:pixelsPerMetre:)``.
  package static func compressedRows(rgba: [UInt8], width: Int, height: Int, level: Int)
    -> [UInt8]
  {
    let stride = width * 4
    let raw = [UInt8](unsafeUninitializedCapacity: (stride + 1) * height) { out, count in
      rgba.withUnsafeBufferPointer { p in
        for y in 0..<height {
          let o = y * (stride + 1)
          let r = y * stride
          out[o] = 1  // Sub: each byte minus the byte four to the left.
          for i in 0..<4 { out[o + 1 + i] = p[r + i] }
          var i = 4
          while i < stride {
            out[o + 1 + i] = p[r + i] &- p[r + i - 4]
            i += 1
          }
        }
      }
      count = (stride + 1) * height
    }
    return Zlib.compress(raw, level: Int32(level))
  }

  /// Encodes a canvas, un-premultiplying its pixels.
  /// - Parameters:
  ///   - canvas: The rendered canvas.
  ///   - level: The zlib level, 0…9.
  ///   - pixelsPerMetre: The density a `pHYs` chunk declares, or `nil` for none.
  /// - Returns: The PNG file.
  /// - Precondition: `level` is in 0…9.
  package static func encode(_ canvas: Canvas, level: Int = 6, pixelsPerMetre: UInt32? = nil)
    -> [UInt8]
  {
    encode(
      rgba: canvas.rgba8(), width: canvas.width, height: canvas.height, level: level,
      pixelsPerMetre: pixelsPerMetre)
  }

  /// The pixels per metre of `scale` output pixels per page unit (a page unit is 1/96 in):
  /// 3,780 at scale 1 (96 dpi), rounded, kept in 1…2^32 − 1.
  package static func pixelsPerMetre(scale: Double) -> UInt32 {
    let density = (scale * 96 / 0.0254).rounded()
    return density.isFinite ? UInt32(min(max(density, 1), Double(UInt32.max))) : 3780
  }

  /// Appends `v` big-endian.
  package static func append32(_ v: UInt32, to bytes: inout [UInt8]) {
    bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }

  /// One chunk: its length, type, data and the CRC-32 of type and data.
  /// - Parameters:
  ///   - type: The four-letter chunk type, such as `IHDR`.
  ///   - data: The chunk's data.
  /// - Returns: The chunk's bytes.
  package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    append32(UInt32(data.count), to: &bytes)
    let typeBytes = Array(type.utf8)
    bytes += typeBytes
    bytes += data
    append32(CRC32.checksum(data, continuing: CRC32.checksum(typeBytes)), to: &bytes)
    return bytes
  }
}
