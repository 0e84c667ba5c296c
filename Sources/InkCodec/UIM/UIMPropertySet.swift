/// An identified list of properties: the shape of two UIM messages, `Environment` (`env.name`,
/// `user.agent`, `app.id`…) and `InputDevice` (`dev.graphics.resolution`…).
public struct UIMPropertySet: Sendable, Hashable, Codable {
  /// The identifier.
  public var id: UIMIdentifier?
  /// The properties.
  public var properties: [UIMProperty] = []
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a set.
  public init(id: UIMIdentifier?, properties: [UIMProperty]) {
    self.id = id
    self.properties = properties
  }

  /// Reads the message named `message` in errors.
  init(reading r: inout MessageReader, legacy: Bool, message: String) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: id = try r.identifier("\(message).id", legacyText: legacy)
      case 2: properties.append(try UIMProperty.readList(&r, "\(message).properties"))
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.identifier(1, id)
    for property in properties { w.message(2) { property.encode(into: &$0) } }
    w.bytes += unknownFields
  }
}

/// An environment: properties such as `env.name`, `user.agent`, `app.id`.
public typealias UIMEnvironment = UIMPropertySet

/// An input device, described by its properties.
public typealias UIMInputDevice = UIMPropertySet
