/// One statement of the knowledge graph (`KNWG`): subject, predicate, object, as strings.
///
/// Subjects name ink by URI: `uim:node/<tree>/<uuid>` for a tree node, `uim:stroke/<uuid>`,
/// `uim:ne/<uuid>` for a named entity.
public struct UIMTriple: Sendable, Hashable, Codable {
  /// The subject.
  public var subject: String
  /// The predicate, such as `http://www.w3.org/1999/02/22-rdf-syntax-ns#type`.
  public var predicate: String
  /// The object.
  public var object: String
  /// Fields this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []

  /// Creates a statement.
  public init(subject: String, predicate: String, object: String) {
    self.subject = subject
    self.predicate = predicate
    self.object = object
  }

  init(reading r: inout UIMFieldReader) throws(WillError) {
    subject = ""
    predicate = ""
    object = ""
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: subject = try r.string("SemanticTriple.subject")
      case 2: predicate = try r.string("SemanticTriple.predicate")
      case 3: object = try r.string("SemanticTriple.object")
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
  }

  func encode(into w: inout WireBuffer) {
    w.nonEmptyString(1, subject)
    w.nonEmptyString(2, predicate)
    w.nonEmptyString(3, object)
    w.bytes += unknownFields
  }
}
