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

  init(reading r: inout MessageReader) throws(WillError) {
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

  /// The size of the message ``encode(into:)`` writes.
  var encodedSize: Int {
    func field(_ text: String) -> Int {
      let count = text.utf8.count
      return count == 0 ? 0 : 1 + Varint.encodedSize(of: UInt64(count)) + count
    }
    return field(subject) + field(predicate) + field(object) + unknownFields.count
  }

  /// Writes `triples` as repeated field `field`, in one allocation: a knowledge graph of
  /// millions of statements is written without a buffer per statement or a doubling one.
  static func encode(_ triples: [UIMTriple], field: UInt32, into w: inout WireBuffer) {
    let tag = Varint.encodedSize(
      of: UInt64(FieldTag(fieldNumber: field, wireType: .lengthDelimited).rawValue))
    var total = 0
    for triple in triples {
      let size = triple.encodedSize
      total += tag + Varint.encodedSize(of: UInt64(size)) + size
    }
    w.bytes.reserveCapacity(w.bytes.count + total)
    for triple in triples {
      w.appendTag(field, .lengthDelimited)
      w.appendVarint(UInt64(triple.encodedSize))
      triple.encode(into: &w)
    }
  }
}
