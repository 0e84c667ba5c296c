/// A name and value: a document property (`PRPS`) or a property of an environment, input
/// device or ink input provider.
public struct UIMProperty: Sendable, Hashable, Codable {
  /// The name, such as `dev.graphics.resolution`.
  public var name: String
  /// The value.
  public var value: String
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a property.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }

  init(reading r: inout MessageReader) throws(WillError) {
    name = ""
    value = ""
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: name = try r.string("Property.name")
      case 2: value = try r.string("Property.value")
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.nonEmptyString(1, name)
    w.nonEmptyString(2, value)
    w.bytes += unknownFields
  }

  static func readList(_ r: inout MessageReader, _ name: String) throws(WillError) -> UIMProperty {
    var inner = try r.message(name)
    return try UIMProperty(reading: &inner)
  }
}
