/// Field numbers and tags of the `ParticlesPaint` message.
enum PaintField {
  static let shape = FieldTag(fieldNumber: 1, wireType: .lengthDelimited)
  static let spacing = FieldTag(fieldNumber: 2, wireType: .fixed32)
  static let scattering = FieldTag(fieldNumber: 3, wireType: .fixed32)
  static let rotation = FieldTag(fieldNumber: 4, wireType: .varint)
  static let fill = FieldTag(fieldNumber: 5, wireType: .lengthDelimited)
  static let fillWidth = FieldTag(fieldNumber: 6, wireType: .fixed32)
  static let fillHeight = FieldTag(fieldNumber: 7, wireType: .fixed32)
  static let randomizeFill = FieldTag(fieldNumber: 8, wireType: .varint)
  static let blendMode = FieldTag(fieldNumber: 9, wireType: .varint)
  static let id = FieldTag(fieldNumber: 100, wireType: .varint)
}
