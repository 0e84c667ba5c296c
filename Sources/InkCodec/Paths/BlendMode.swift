/// How a stroke is composited onto what is below it: WILL's `CompositeOperation`.
///
/// The value is kept exactly as stored on the wire, including numbers outside the enum.
/// 0, which the iOS SDK and the RIFF files write, and any unknown number are drawn as
/// ``sourceOver`` (see ``effective``), as proto2 readers treat them.
public struct BlendMode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The number stored in field 9.
  public var rawValue: Int64

  /// Creates a blend mode from its wire number.
  public init(rawValue: Int64) { self.rawValue = rawValue }

  /// 0: not in Wacom's proto enum; written by the iOS SDK and RIFF files and read as source-over.
  public static let clear = BlendMode(rawValue: 0)
  /// 1: the stroke replaces what is below.
  public static let copy = BlendMode(rawValue: 1)
  /// 2: normal drawing; the default.
  public static let sourceOver = BlendMode(rawValue: 2)
  /// 3: the stroke is drawn behind what is there.
  public static let destinationOver = BlendMode(rawValue: 3)
  /// 4: not in Wacom's proto enum.
  public static let sourceIn = BlendMode(rawValue: 4)
  /// 5: not in Wacom's proto enum.
  public static let destinationIn = BlendMode(rawValue: 5)
  /// 6: not in Wacom's proto enum.
  public static let sourceOut = BlendMode(rawValue: 6)
  /// 7: the eraser: removes what is below, by the stroke's alpha.
  public static let destinationOut = BlendMode(rawValue: 7)
  /// 8: not in Wacom's proto enum.
  public static let sourceAtop = BlendMode(rawValue: 8)
  /// 9: not in Wacom's proto enum.
  public static let destinationAtop = BlendMode(rawValue: 9)
  /// 10: not in Wacom's proto enum.
  public static let xor = BlendMode(rawValue: 10)
  /// 11: additive.
  public static let lighter = BlendMode(rawValue: 11)
  /// 12: multiply, without alpha compositing.
  public static let directMultiply = BlendMode(rawValue: 12)
  /// 13: multiply by the inverted source.
  public static let directInvertSourceMultiply = BlendMode(rawValue: 13)
  /// 14: the darker of the two.
  public static let directDarken = BlendMode(rawValue: 14)
  /// 15: the lighter of the two.
  public static let directLighten = BlendMode(rawValue: 15)
  /// 16: destination minus source.
  public static let directSubtract = BlendMode(rawValue: 16)
  /// 17: source minus destination.
  public static let directReverseSubtract = BlendMode(rawValue: 17)

  static let names = [
    "CLEAR", "COPY", "SOURCE_OVER", "DESTINATION_OVER", "SOURCE_IN", "DESTINATION_IN",
    "SOURCE_OUT", "DESTINATION_OUT", "SOURCE_ATOP", "DESTINATION_ATOP", "XOR", "LIGHTER",
    "DIRECT_MULTIPLY", "DIRECT_INVERT_SOURCE_MULTIPLY", "DIRECT_DARKEN", "DIRECT_LIGHTEN",
    "DIRECT_SUBTRACT", "DIRECT_REVERSE_SUBTRACT",
  ]

  /// The modes of Wacom's published proto enum (1, 2, 3, 7, 11…17).
  static let protoEnumValues: Set<Int64> = [1, 2, 3, 7, 11, 12, 13, 14, 15, 16, 17]

  /// Whether this number is a member of Wacom's proto enum.
  public var isInProtoEnum: Bool { Self.protoEnumValues.contains(rawValue) }

  /// The mode to draw with: the value itself when it is in Wacom's enum, otherwise
  /// ``sourceOver`` (what proto2 readers do with 0 and unknown numbers).
  public var effective: BlendMode { isInProtoEnum ? self : .sourceOver }

  /// The name used in WILL's table (`SOURCE_OVER`, …), or `UNKNOWN_<n>`.
  public var name: String {
    (0..<Int64(Self.names.count)).contains(rawValue)
      ? Self.names[Int(rawValue)] : "UNKNOWN_\(rawValue)"
  }

  /// The name and number, e.g. `SOURCE_OVER (2)`.
  public var description: String { "\(name) (\(rawValue))" }
}
