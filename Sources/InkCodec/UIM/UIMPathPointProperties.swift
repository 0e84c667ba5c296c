/// The values a stroke's points take for the channels it does not store (`PathPointProperties`):
/// colour, size, rotation, scale and offset.
public struct UIMPathPointProperties: Sendable, Hashable, Codable {
  /// RGBA in one integer, red in the most significant byte (the WILL 2 packing).
  public var color: Int32 = 0
  /// Size.
  public var size: Float = 0
  /// Rotation.
  public var rotation: Float = 0
  /// Scale in x.
  public var scaleX: Float = 0
  /// Scale in y.
  public var scaleY: Float = 0
  /// Scale in z.
  public var scaleZ: Float = 0
  /// Offset in x.
  public var offsetX: Float = 0
  /// Offset in y.
  public var offsetY: Float = 0
  /// Offset in z.
  public var offsetZ: Float = 0
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates properties.
  public init(color: Int32 = 0, size: Float = 0) {
    self.color = color
    self.size = size
  }

  /// The colour as an ``InkColor``.
  public var inkColor: InkColor { InkColor(rgba: UInt32(bitPattern: color)) }

  /// The value for a channel a stroke does not store (colour components 0…255).
  public func value(of channel: UIMSplineChannel) -> Double {
    let rgba = UInt32(bitPattern: color)
    switch channel {
    case .x, .y, .z: return 0
    case .red: return Double(rgba >> 24)
    case .green: return Double(rgba >> 16 & 0xFF)
    case .blue: return Double(rgba >> 8 & 0xFF)
    case .alpha: return Double(rgba & 0xFF)
    case .size: return Double(size)
    case .rotation: return Double(rotation)
    case .scaleX: return Double(scaleX)
    case .scaleY: return Double(scaleY)
    case .scaleZ: return Double(scaleZ)
    case .offsetX: return Double(offsetX)
    case .offsetY: return Double(offsetY)
    case .offsetZ: return Double(offsetZ)
    }
  }

  init(reading r: inout MessageReader) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: color = try r.sint32("PathPointProperties.color")
      case 2: size = try r.float("PathPointProperties.size")
      case 3: rotation = try r.float("PathPointProperties.rotation")
      case 4: scaleX = try r.float("PathPointProperties.scaleX")
      case 5: scaleY = try r.float("PathPointProperties.scaleY")
      case 6: scaleZ = try r.float("PathPointProperties.scaleZ")
      case 7: offsetX = try r.float("PathPointProperties.offsetX")
      case 8: offsetY = try r.float("PathPointProperties.offsetY")
      case 9: offsetZ = try r.float("PathPointProperties.offsetZ")
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  /// Reads UIM 3.0.0's form: every value in a `Float32 { float value = 1; }` wrapper, colour as
  /// four floats 0…1 (converted to bytes as `int(c · 255)`).
  init(readingLegacy r: inout MessageReader) throws(WillError) {
    var rgba: [Float] = [0, 0, 0, 0]
    while let tag = try r.next() {
      guard tag.wireType == .lengthDelimited, (1...13).contains(tag.fieldNumber) else {
        try r.keepUnknown()
        continue
      }
      var wrapper = try r.message("PathPointProperties field \(tag.fieldNumber)")
      var value: Float = 0
      while let inner = try wrapper.next() {
        if inner.fieldNumber == 1 {
          value = try wrapper.float("Float32.value")
        } else {
          try wrapper.keepUnknown()
        }
      }
      switch tag.fieldNumber {
      case 1: size = value
      case 2...5: rgba[Int(tag.fieldNumber) - 2] = value
      case 6: rotation = value
      case 7: scaleX = value
      case 8: scaleY = value
      case 9: scaleZ = value
      case 11: offsetX = value
      case 12: offsetY = value
      case 13: offsetZ = value
      default: break
      }
    }
    var packed: UInt32 = 0
    for component in rgba { packed = packed << 8 | Self.byte(component) }
    color = Int32(bitPattern: packed)
  }

  /// A colour component 0…1 as a byte: `int(c · 255)`, truncated as Wacom's library converts
  /// UIM 3.0.0 colours; out of range clamps, NaN reads as 0.
  static func byte(_ component: Float) -> UInt32 {
    let scaled = component * 255
    return scaled.isNaN ? 0 : UInt32(max(0, min(255, scaled)))
  }

  func encode(into w: inout WireBuffer) {
    if color != 0 { w.sint32(1, color) }
    w.nonZeroFloat(2, size)
    w.nonZeroFloat(3, rotation)
    w.nonZeroFloat(4, scaleX)
    w.nonZeroFloat(5, scaleY)
    w.nonZeroFloat(6, scaleZ)
    w.nonZeroFloat(7, offsetX)
    w.nonZeroFloat(8, offsetY)
    w.nonZeroFloat(9, offsetZ)
    w.bytes += unknownFields
  }
}
