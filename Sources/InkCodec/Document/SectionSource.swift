/// A section's SVG and relationships parts as read, written back byte for byte while the
/// section still writes the same XML tree and the same relationships: an edit of other
/// pages, or of the document's properties, leaves an untouched page's parts as they were.
package struct SectionSource: Sendable {
  /// The part the section was read from.
  var name: PartName
  /// The SVG part's bytes.
  var svg: [UInt8]
  /// The SVG as parsed.
  var root: XMLElement
  /// The relationships part's bytes, or `nil` when the section had none.
  var relationshipsPart: [UInt8]?
  /// The relationships as read.
  var relationships: [Relationship]

  /// Whether `root` (the SVG a save would write) is the tree these bytes hold: the same
  /// elements, attributes (in any order) and text, whitespace between elements aside, as WILL
  /// sections give it no meaning.
  func holds(_ root: XMLElement) -> Bool {
    Self.equivalent(self.root, root)
  }

  /// Whether `written` (the relationships a save would write for the section, now named
  /// `section`) say what the ones read say: the same ids, types and target parts, in the same order.
  func matches(_ written: [Relationship], section: PartName) -> Bool {
    // In order: the package relationships' order is the order of the pages.
    guard written.count == relationships.count else { return false }
    for (old, new) in zip(relationships, written) {
      guard new.id == old.id, new.type == old.type, new.targetMode == old.targetMode else {
        return false
      }
      if old.isExternal || new.target == old.target { continue }
      // The same part, named absolutely or relative to the section.
      guard let oldPart = try? name.resolving(old.target),
        let newPart = try? section.resolving(new.target), oldPart == newPart
      else { return false }
    }
    return true
  }

  private static func equivalent(_ first: XMLElement, _ second: XMLElement) -> Bool {
    guard first.name == second.name, first.attributes.count == second.attributes.count,
      Set(first.attributes) == Set(second.attributes)
    else { return false }
    let firstChildren = first.children.filter { !$0.isWhitespace }
    let secondChildren = second.children.filter { !$0.isWhitespace }
    guard firstChildren.count == secondChildren.count else { return false }
    for (a, b) in zip(firstChildren, secondChildren) {
      switch (a, b) {
      case (.element(let x), .element(let y)):
        if !equivalent(x, y) { return false }
      default:
        if a != b { return false }
      }
    }
    return true
  }
}
