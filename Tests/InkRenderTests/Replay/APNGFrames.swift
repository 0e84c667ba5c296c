import InkCodec

@testable import InkRender

/// A reader of animated PNGs written apart from ``APNGWriter``: it walks the chunks, checks
/// the fcTL/fdAT sequence, decodes each frame with ``PNGReader`` (its fdAT data as the IDAT
/// of a PNG of the frame's size) and composes the frames as the APNG specification says
/// (dispose op none; blend op source replaces, over draws the frame over the image before).
struct APNGFrames {
  struct Frame {
    var x, y, width, height: Int
    var delayNumerator: Int
    var delayDenominator: Int
    var dispose: Int
    var blend: Int
    /// The whole image after this frame, straight RGBA.
    var image: [UInt8]
  }

  var width = 0
  var height = 0
  /// acTL's frame count and plays.
  var declaredFrames = 0
  var plays = 0
  /// Whether an fcTL came before IDAT (the default image is a frame).
  var defaultImageIsFrame = false
  var frames: [Frame] = []
  /// Problems found: sequence numbers out of order, a frame that does not decode, a partly
  /// transparent pixel drawn over (which this reader does not compose).
  var problems: [String] = []

  init(_ bytes: [UInt8]) {
    func u32(_ o: Int) -> Int {
      Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
    }
    func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
    var offset = 8
    var sequence = 0
    var sawIDAT = false
    var pending: Frame?
    var data: [UInt8] = []
    var image: [UInt8] = []
    func finish(_ frame: Frame?) {
      guard var frame else { return }
      var png = PNGWriter.signature
      png += PNGWriter.chunk("IHDR", PNGWriter.header(width: frame.width, height: frame.height))
      png += PNGWriter.chunk("IDAT", data)
      png += PNGWriter.chunk("IEND", [])
      guard let decoded = PNGReader.decode(png) else {
        problems.append("frame \(frames.count) does not decode")
        return
      }
      for row in 0..<frame.height {
        for column in 0..<frame.width {
          let s = (row * frame.width + column) * 4
          let t = ((frame.y + row) * width + frame.x + column) * 4
          let alpha = decoded.rgba[s + 3]
          if frame.blend == 0 || alpha == 255 {
            for c in 0..<4 { image[t + c] = decoded.rgba[s + c] }
          } else if alpha != 0 {
            problems.append("frame \(frames.count): a partly transparent pixel drawn over")
          }
        }
      }
      frame.image = image
      frames.append(frame)
      data = []
    }
    while offset + 12 <= bytes.count {
      let length = u32(offset)
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let body = offset + 8
      switch type {
      case "IHDR":
        width = u32(body)
        height = u32(body + 4)
        image = [UInt8](repeating: 0, count: width * height * 4)
      case "acTL":
        declaredFrames = u32(body)
        plays = u32(body + 4)
      case "IDAT": sawIDAT = true
      case "fcTL":
        if u32(body) != sequence { problems.append("fcTL \(u32(body)) where \(sequence) is due") }
        sequence += 1
        if !sawIDAT { defaultImageIsFrame = true }
        finish(pending)
        pending = Frame(
          x: u32(body + 12), y: u32(body + 16), width: u32(body + 4), height: u32(body + 8),
          delayNumerator: u16(body + 20), delayDenominator: u16(body + 22),
          dispose: Int(bytes[body + 24]), blend: Int(bytes[body + 25]), image: [])
      case "fdAT":
        if u32(body) != sequence { problems.append("fdAT \(u32(body)) where \(sequence) is due") }
        sequence += 1
        data += bytes[(body + 4)..<(body + length)]
      default: break
      }
      offset += 12 + length
    }
    finish(pending)
  }
}
