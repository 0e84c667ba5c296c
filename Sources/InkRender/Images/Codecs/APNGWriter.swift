import InkCodec

/// Writes an animated PNG (APNG), frame by frame, deterministically.
///
/// The file is a PNG (``PNGWriter``) whose `IDAT` is a default image that is not part of the
/// animation (what a reader without APNG shows), followed by `acTL` (before `IDAT`), then per
/// frame an `fcTL` (its rectangle, delay, dispose op none and blend op) and one `fdAT`
/// holding its rows as `IDAT` would, fcTL and fdAT numbered in one sequence from 0.
package struct APNGWriter {
  /// How a frame's pixels combine with what the frames before it left.
  package enum Blend: UInt8 {
    /// Replace the rectangle's pixels (`APNG_BLEND_OP_SOURCE`).
    case source = 0
    /// Draw the rectangle over them (`APNG_BLEND_OP_OVER`).
    case over = 1
  }

  /// The file so far.
  private var bytes: [UInt8]
  /// The next fcTL or fdAT sequence number.
  private var sequence: UInt32 = 0
  private let width: Int
  private let height: Int
  private let level: Int

  /// Starts a file with its default image.
  /// - Parameters:
  ///   - rgba: The default image, straight-alpha RGBA, `width × height × 4` bytes.
  ///   - width: The width in pixels.
  ///   - height: The height in pixels.
  ///   - frames: How many frames will be appended.
  ///   - plays: How many times the animation plays; 0 loops forever.
  ///   - level: The zlib level, 0…9.
  ///   - pixelsPerMetre: The density a `pHYs` chunk declares, or `nil` for none.
  /// - Precondition: As ``PNGWriter/encode(rgba:width:height:level:pixelsPerMetre:)``;
  ///   `frames` is positive.
  package init(
    rgba: [UInt8], width: Int, height: Int, frames: Int, plays: UInt32, level: Int = 6,
    pixelsPerMetre: UInt32? = nil
  ) {
    precondition(frames > 0 && frames <= Int(UInt32.max), "an APNG has 1…2^32 − 1 frames")
    self.width = width
    self.height = height
    self.level = level
    var control: [UInt8] = []
    PNGWriter.append32(UInt32(frames), to: &control)
    PNGWriter.append32(plays, to: &control)
    bytes = PNGWriter.signature
    bytes += PNGWriter.chunk("IHDR", PNGWriter.header(width: width, height: height))
    bytes += PNGWriter.chunk("acTL", control)
    if let density = pixelsPerMetre {
      bytes += PNGWriter.chunk("pHYs", PNGWriter.physicalDimensions(density))
    }
    bytes += PNGWriter.chunk(
      "IDAT", PNGWriter.compressedRows(rgba: rgba, width: width, height: height, level: level))
  }

  /// Appends a frame: a rectangle of the image and how long it shows.
  /// - Parameters:
  ///   - rgba: The rectangle's straight-alpha RGBA, `w × h × 4` bytes.
  ///   - x: The rectangle's left edge.
  ///   - y: The rectangle's top edge.
  ///   - w: Its width.
  ///   - h: Its height.
  ///   - delay: How long the frame shows: `numerator / denominator` seconds.
  ///   - blend: How its pixels combine with the image before it.
  /// - Precondition: The rectangle is non-empty and inside the image.
  package mutating func append(
    rgba: [UInt8], x: Int, y: Int, w: Int, h: Int, delay: (UInt16, UInt16), blend: Blend
  ) {
    precondition(w > 0 && h > 0 && x >= 0 && y >= 0 && x + w <= width && y + h <= height)
    var control: [UInt8] = []
    PNGWriter.append32(sequence, to: &control)
    for value in [w, h, x, y] { PNGWriter.append32(UInt32(value), to: &control) }
    control += [UInt8(delay.0 >> 8), UInt8(delay.0 & 0xFF)]
    control += [UInt8(delay.1 >> 8), UInt8(delay.1 & 0xFF)]
    control += [0, blend.rawValue]  // dispose op none: the next frame starts from this one.
    bytes += PNGWriter.chunk("fcTL", control)
    var data: [UInt8] = []
    PNGWriter.append32(sequence + 1, to: &data)
    data += PNGWriter.compressedRows(rgba: rgba, width: w, height: h, level: level)
    bytes += PNGWriter.chunk("fdAT", data)
    sequence += 2
  }

  /// The finished file.
  package func finished() -> [UInt8] {
    bytes + PNGWriter.chunk("IEND", [])
  }
}
