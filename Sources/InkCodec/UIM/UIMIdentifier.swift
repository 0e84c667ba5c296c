/// A UIM identifier: a UUID, stored in UIM 3.1.0 as 16 bytes in .NET GUID order (the first three
/// groups little-endian) and in UIM 3.0.0 as text.
///
/// The bytes are kept as stored, whatever their length, so that a file reads and writes back
/// unchanged; ``description`` spells a 16-byte identifier as lowercase `8-4-4-4-12` text.
public struct UIMIdentifier: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The identifier as stored in UIM 3.1.0: 16 bytes in .NET GUID order.
  public var wireBytes: [UInt8]

  /// Creates an identifier from its UIM 3.1.0 bytes.
  public init(wireBytes: [UInt8]) { self.wireBytes = wireBytes }

  /// Creates an identifier from UUID text: `8-4-4-4-12` or 32 hex digits (UIM 3.0.0 uses both),
  /// or returns `nil` when the text is neither.
  public init?(uuidString text: String) {
    var digits: [UInt8] = []
    digits.reserveCapacity(32)
    let utf8 = Array(text.utf8)
    let hyphenated = utf8.count == 36
    guard hyphenated || utf8.count == 32 else { return nil }
    for (index, byte) in utf8.enumerated() {
      if hyphenated && [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let digit = Self.hexValue(byte) else { return nil }
      digits.append(digit)
    }
    var uuid = [UInt8](repeating: 0, count: 16)
    for index in 0..<16 { uuid[index] = digits[2 * index] << 4 | digits[2 * index + 1] }
    self.init(wireBytes: Self.swapGUIDOrder(uuid))
  }

  /// Creates an identifier from a UUID's 16 bytes in RFC 4122 (big-endian) order.
  public init(uuidBytes: [UInt8]) {
    precondition(uuidBytes.count == 16, "a UUID has 16 bytes")
    self.init(wireBytes: Self.swapGUIDOrder(uuidBytes))
  }

  /// The UUID's 16 bytes in RFC 4122 order, or `nil` when the identifier is not 16 bytes long.
  public var uuidBytes: [UInt8]? {
    wireBytes.count == 16 ? Self.swapGUIDOrder(wireBytes) : nil
  }

  /// Lowercase `8-4-4-4-12` text for a 16-byte identifier; otherwise the bytes in hex.
  public var description: String {
    let uuid = uuidBytes
    // One string, written in place: a conversion spells an identifier for every stroke.
    return String(unsafeUninitializedCapacity: wireBytes.count * 2 + 4) { text in
      var count = 0
      for (index, byte) in (uuid ?? wireBytes).enumerated() {
        if uuid != nil, index == 4 || index == 6 || index == 8 || index == 10 {
          text[count] = UInt8(ascii: "-")
          count += 1
        }
        text[count] = Self.hexDigit(byte >> 4)
        text[count + 1] = Self.hexDigit(byte & 15)
        count += 2
      }
      return count
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// Converts between RFC 4122 and .NET GUID byte order (the conversion is its own inverse).
  static func swapGUIDOrder(_ bytes: [UInt8]) -> [UInt8] {
    [bytes[3], bytes[2], bytes[1], bytes[0], bytes[5], bytes[4], bytes[7], bytes[6]]
      + bytes[8..<16]
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
