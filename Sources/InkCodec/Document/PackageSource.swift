/// A package's `[Content_Types].xml` and `_rels/.rels` as read, written back byte for byte
/// while they still describe the package being written: a page edit that keeps every part
/// and relationship leaves them as they were.
package struct PackageSource: Sendable {
  /// `[Content_Types].xml` as read, and what it says.
  var contentTypesPart: [UInt8]
  var contentTypes: ContentTypes
  /// The parts the original Overrides named that the package did not hold.
  var missingOverrides: Set<String>
  /// `_rels/.rels` as read, and its relationships.
  var relationshipsPart: [UInt8]
  var relationships: [Relationship]

  /// Whether the content types read give every part written its content type, and name no
  /// part that is no longer written (one the original lacked aside).
  func describes(_ parts: [(name: PartName, contentType: String)]) -> Bool {
    var written: Set<String> = []
    for part in parts {
      guard contentTypes.contentType(of: part.name) == part.contentType else { return false }
      written.insert(part.name.normalizedKey)
    }
    return contentTypes.overrides.keys.allSatisfy {
      written.contains($0) || missingOverrides.contains($0)
    }
  }

  /// Whether `written` (the package relationships a save would write) say what the ones
  /// read say: the same ids, types and target parts, in the same order.
  func matches(_ written: [Relationship]) -> Bool {
    // In order: the package relationships' order is the order of the pages.
    guard written.count == relationships.count else { return false }
    for (old, new) in zip(relationships, written) {
      guard new.id == old.id, new.type == old.type, new.targetMode == old.targetMode else {
        return false
      }
      if old.isExternal || new.target == old.target { continue }
      guard let oldPart = try? PartName.resolving(packageTarget: old.target),
        let newPart = try? PartName.resolving(packageTarget: new.target), oldPart == newPart
      else { return false }
    }
    return true
  }
}
