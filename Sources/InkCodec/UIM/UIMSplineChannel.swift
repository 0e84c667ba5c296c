/// The per-point channels of a UIM stroke, numbered as their fields in `SplineData` and
/// `SplineCompressed`.
public enum UIMSplineChannel: Int, Sendable, Hashable, Codable, CaseIterable {
  /// x.
  case x = 1
  /// y.
  case y
  /// z.
  case z
  /// Red, 0…255.
  case red
  /// Green, 0…255.
  case green
  /// Blue, 0…255.
  case blue
  /// Alpha, 0…255.
  case alpha
  /// The brush size: the full width with Wacom's `radius=0.5` circle brushes.
  case size
  /// Rotation.
  case rotation
  /// Scale in x.
  case scaleX
  /// Scale in y.
  case scaleY
  /// Scale in z.
  case scaleZ
  /// Offset in x.
  case offsetX
  /// Offset in y.
  case offsetY
  /// Offset in z.
  case offsetZ

  /// The groups that share a decimal precision in ``UIMPrecisionScheme``.
  public enum PrecisionGroup: Int, Sendable, Hashable, Codable {
    /// x, y, z.
    case position = 0
    /// size.
    case size
    /// rotation.
    case rotation
    /// scaleX, scaleY, scaleZ.
    case scale
    /// offsetX, offsetY, offsetZ.
    case offset
  }

  /// The channel's precision group, `nil` for the colour channels (stored as integers 0…255).
  public var precisionGroup: PrecisionGroup? {
    switch self {
    case .x, .y, .z: .position
    case .size: .size
    case .rotation: .rotation
    case .scaleX, .scaleY, .scaleZ: .scale
    case .offsetX, .offsetY, .offsetZ: .offset
    case .red, .green, .blue, .alpha: nil
    }
  }

  /// Whether the channel is a colour component (integers 0…255, never scaled or delta-coded).
  public var isColor: Bool { precisionGroup == nil }

  /// The channel's name: `x`, `y`, `z`, `red`, `green`, `blue`, `alpha`, `size`, `rotation`,
  /// `scaleX`, …, `offsetZ` (the names Wacom's library uses).
  public var name: String {
    switch self {
    case .x: "x"
    case .y: "y"
    case .z: "z"
    case .red: "red"
    case .green: "green"
    case .blue: "blue"
    case .alpha: "alpha"
    case .size: "size"
    case .rotation: "rotation"
    case .scaleX: "scaleX"
    case .scaleY: "scaleY"
    case .scaleZ: "scaleZ"
    case .offsetX: "offsetX"
    case .offsetY: "offsetY"
    case .offsetZ: "offsetZ"
    }
  }

  /// The channel's bit in the SDKs' layout mask (X 0x1, Y 0x2, Z 0x4, SIZE 0x8, ROTATION 0x10,
  /// RED 0x20 … ALPHA 0x100, SCALE_X 0x200 … OFFSET_Z 0x4000).
  public var layoutMaskBit: UInt32 {
    switch self {
    case .x: 0x1
    case .y: 0x2
    case .z: 0x4
    case .size: 0x8
    case .rotation: 0x10
    case .red: 0x20
    case .green: 0x40
    case .blue: 0x80
    case .alpha: 0x100
    case .scaleX: 0x200
    case .scaleY: 0x400
    case .scaleZ: 0x800
    case .offsetX: 0x1000
    case .offsetY: 0x2000
    case .offsetZ: 0x4000
    }
  }
}
