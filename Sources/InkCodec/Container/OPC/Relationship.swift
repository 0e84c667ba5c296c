/// One relationship from a package or a part to another part.
public struct Relationship: Sendable, Hashable, Codable {
  /// The id, unique within its `.rels` part (`rId0`, `section0`, `image1`, …).
  public var id: String
  /// The relationship type URI.
  public var type: String
  /// The target as written (absolute `/sections/section0.svg` or relative).
  public var target: String
  /// `External` for targets outside the package, else `nil`.
  public var targetMode: String?

  /// Creates a relationship.
  public init(id: String, type: String, target: String, targetMode: String? = nil) {
    self.id = id
    self.type = type
    self.target = target
    self.targetMode = targetMode
  }

  /// Whether the target lies outside the package.
  public var isExternal: Bool { targetMode == "External" }

  /// Reads a `.rels` part.
  static func parse(_ document: XMLDocument, part: String) throws(WillError) -> [Relationship] {
    var relationships: [Relationship] = []
    var ids: Set<String> = []
    for element in document.root.childElements where element.localName == "Relationship" {
      guard let id = element.attribute("Id"), let type = element.attribute("Type"),
        let target = element.attribute("Target")
      else {
        throw WillError(
          .invalidAttribute(name: "Relationship", value: "missing Id, Type or Target"), part: part)
      }
      guard ids.insert(id).inserted else {
        throw WillError(.invalidAttribute(name: "Id", value: "\(id) (duplicate)"), part: part)
      }
      relationships.append(
        Relationship(
          id: id, type: type, target: target, targetMode: element.attribute("TargetMode")))
    }
    return relationships
  }

  /// A `.rels` part holding `relationships`.
  static func serialized(_ relationships: [Relationship]) throws(WillError) -> [UInt8] {
    let children: [XMLNode] = relationships.map { relationship in
      var attributes: [XMLAttribute] = [
        .init("Id", relationship.id), .init("Type", relationship.type),
        .init("Target", relationship.target),
      ]
      if let mode = relationship.targetMode { attributes.append(.init("TargetMode", mode)) }
      return .element(XMLElement("Relationship", attributes: attributes))
    }
    let root = XMLElement(
      "Relationships", attributes: [.init("xmlns", WillNamespace.relationships)], children: children
    )
    return try (XMLDocument(declaration: XMLDeclaration(standalone: "yes"), root: root))
      .serialized()
  }
}
