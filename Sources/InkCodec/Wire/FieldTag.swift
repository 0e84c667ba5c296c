/// A field tag: `(fieldNumber << 3) | wireType`. An invalid tag cannot be constructed.
package struct FieldTag: Sendable, Hashable {
  /// The largest field number protobuf allows.
  package static let maxFieldNumber: UInt32 = (1 << 29) - 1

  /// The field number, 1…2^29 − 1.
  package let fieldNumber: UInt32
  /// How the value is laid out.
  package let wireType: WireType

  /// Creates a tag.
  /// - Precondition: `fieldNumber` is in 1…2^29 − 1.
  package init(fieldNumber: UInt32, wireType: WireType) {
    precondition(
      fieldNumber >= 1 && fieldNumber <= Self.maxFieldNumber, "field number out of range")
    self.fieldNumber = fieldNumber
    self.wireType = wireType
  }

  /// Decodes a tag read as a varint, or returns `nil` if it is not a valid tag.
  package init?(rawValue: UInt64) {
    let number = rawValue >> 3
    guard number >= 1, number <= UInt64(Self.maxFieldNumber),
      let type = WireType(rawValue: UInt8(rawValue & 7))
    else { return nil }
    self.fieldNumber = UInt32(number)
    self.wireType = type
  }

  /// The tag as written on the wire, before varint encoding.
  package var rawValue: UInt32 { fieldNumber << 3 | UInt32(wireType.rawValue) }
}
