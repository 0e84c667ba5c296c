/// The decimal precisions of a stroke's fixed-point channels (`Stroke.precisions`): five 4-bit
/// fields for position (x, y, z), size, rotation, scale and offset.
public struct UIMPrecisionScheme: Sendable, Hashable, Codable {
  /// The packed value as stored (zigzag-decoded `sint32`).
  public var rawValue: Int32

  /// Creates a scheme from its packed value.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// Creates a scheme from the five precisions (each 0…15).
  public init(position: Int, size: Int, rotation: Int = 0, scale: Int = 0, offset: Int = 0) {
    let fields = [position, size, rotation, scale, offset].map { Int32($0 & 0xF) }
    rawValue = fields.enumerated().reduce(0) { $0 | $1.element << (4 * Int32($1.offset)) }
  }

  /// The precision of a channel group.
  public func precision(of group: UIMSplineChannel.PrecisionGroup) -> Int {
    Int((rawValue >> (4 * Int32(group.rawValue))) & 0xF)
  }

  /// The precision of x, y and z.
  public var position: Int { precision(of: .position) }
  /// The precision of size.
  public var size: Int { precision(of: .size) }

  /// 10^exponent as the exact double (exponent 0…22, where every power of ten is exact).
  static func power(of exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<exponent { result *= 10 }
    return result
  }
}
