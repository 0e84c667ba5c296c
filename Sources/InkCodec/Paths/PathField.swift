/// Field numbers and tags of the `Path` message.
enum PathField {
  static let startParameter = FieldTag(fieldNumber: 1, wireType: .fixed32)
  static let endParameter = FieldTag(fieldNumber: 2, wireType: .fixed32)
  static let decimalPrecision = FieldTag(fieldNumber: 3, wireType: .varint)
  static let data = FieldTag(fieldNumber: 4, wireType: .lengthDelimited)
  static let strokeWidth = FieldTag(fieldNumber: 5, wireType: .lengthDelimited)
  static let strokeColor = FieldTag(fieldNumber: 6, wireType: .lengthDelimited)
  static let strokePaint = FieldTag(fieldNumber: 7, wireType: .varint)
  static let particlesRandomSeed = FieldTag(fieldNumber: 8, wireType: .varint)
  static let compositeOperation = FieldTag(fieldNumber: 9, wireType: .varint)
  static let id = FieldTag(fieldNumber: 100, wireType: .varint)
}
