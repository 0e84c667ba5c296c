/// An OPC package: its parts by name, content types, and relationships.
///
/// Parts are found by relationship type, never by file name or id.
struct InkPackage {
  /// The parts in zip order.
  private(set) var parts: [ZipEntry]
  private var index: [String: Int] = [:]
  let contentTypes: ContentTypes
  let limits: DecodingLimits

  /// Reads a package from zip bytes.
  init(bytes: [UInt8], limits: DecodingLimits) throws(WillError) {
    parts = try ZipArchive.read(bytes, limits: limits)
    for (position, part) in parts.enumerated() {
      index[part.name.normalizedKey] = position
    }
    self.limits = limits
    guard let types = index[PartName.contentTypes.normalizedKey] else {
      throw WillError(
        .missingPart(PartName.contentTypes.description), part: PartName.contentTypes.description)
    }
    let typesPart = parts[types]
    contentTypes = try ContentTypes(
      parsing: try XMLDocument(
        parsing: typesPart.data, part: typesPart.name.description, limits: limits),
      part: typesPart.name.description)
  }

  /// The part named `name`, if present.
  func part(_ name: PartName) -> ZipEntry? {
    index[name.normalizedKey].map { parts[$0] }
  }

  /// The content type of a part.
  func contentType(of name: PartName) -> String? { contentTypes.contentType(of: name) }

  /// Parses an XML part.
  func xml(_ name: PartName) throws(WillError) -> XMLDocument {
    guard let part = part(name) else {
      throw WillError(.missingPart(name.description), part: name.description)
    }
    return try XMLDocument(parsing: part.data, part: name.description, limits: limits)
  }

  /// The relationships whose source is `source` (`nil`: the package), or none when the
  /// source has no `.rels` part.
  func relationships(of source: PartName?) throws(WillError) -> [Relationship] {
    let relsName = source?.relationshipsPart ?? PartName.packageRelationships
    guard part(relsName) != nil else { return [] }
    return try Relationship.parse(try xml(relsName), part: relsName.description)
  }

  /// The part a relationship points to, which must exist.
  func target(of relationship: Relationship, from source: PartName?, relsPart: String)
    throws(WillError) -> ZipEntry
  {
    let name: PartName
    do throws(WillError) {
      if let source {
        name = try source.resolving(relationship.target)
      } else {
        name = try PartName.resolving(packageTarget: relationship.target)
      }
    } catch {
      throw WillError(error.kind, part: relsPart)
    }
    guard !relationship.isExternal, let part = part(name) else {
      throw WillError(
        .unresolvedRelationship(id: relationship.id, target: relationship.target), part: relsPart)
    }
    return part
  }
}
