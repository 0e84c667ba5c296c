/// An image part included in a section, kept as bytes.
public struct ImageElement: Sendable, Hashable {
  /// The image's bytes.
  public var data: [UInt8]
  /// Its content type (`image/png`, `image/jpeg`).
  public var contentType: String
  /// The part it was read from.
  public var partName: String?
  package var relationshipID: String?
  package var attributes: [XMLAttribute]
  package var elementName: String

  /// Creates an image element.
  public init(data: [UInt8], contentType: String) {
    self.data = data
    self.contentType = contentType
    self.partName = nil
    self.relationshipID = nil
    self.attributes = []
    self.elementName = "g"
  }
}
