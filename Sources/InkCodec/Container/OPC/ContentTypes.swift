/// `[Content_Types].xml`: content types by file extension (`Default`) and by part (`Override`).
struct ContentTypes: Sendable, Hashable {
  /// Lowercased extension → content type.
  var defaults: [String: String] = [:]
  /// Normalised part key → content type.
  var overrides: [String: String] = [:]

  /// The content type of `part`: its override, else the default for its extension.
  func contentType(of part: PartName) -> String? {
    overrides[part.normalizedKey] ?? defaults[part.fileExtension]
  }

  /// Reads `[Content_Types].xml`.
  init(parsing document: XMLDocument, part: String) throws(WillError) {
    for element in document.root.childElements {
      switch element.localName {
      case "Default":
        guard let ext = element.attribute("Extension"), let type = element.attribute("ContentType")
        else {
          throw WillError(
            .invalidAttribute(name: "Default", value: "missing Extension or ContentType"),
            part: part)
        }
        defaults[ext.lowercased()] = type
      case "Override":
        guard let name = element.attribute("PartName"), let type = element.attribute("ContentType")
        else {
          throw WillError(
            .invalidAttribute(name: "Override", value: "missing PartName or ContentType"),
            part: part)
        }
        let partName: PartName
        do throws(WillError) {
          partName = try PartName(name)
        } catch {
          throw WillError(error.kind, part: part)
        }
        overrides[partName.normalizedKey] = type
      default: continue
      }
    }
  }

  init() {}

  /// The Defaults every WILL producer writes.
  static let standardDefaults: [(String, String)] = [
    ("rels", WillContentType.relationships), ("svg", WillContentType.svg),
    ("protobuf", WillContentType.paths), ("png", WillContentType.png),
    ("jpeg", WillContentType.jpeg), ("jpg", WillContentType.jpeg),
  ]

  /// A `[Content_Types].xml` for `parts`: the standard Defaults, and an Override for each
  /// part whose type differs from its extension's Default.
  static func serialized(for parts: [(name: PartName, contentType: String)]) throws(WillError)
    -> [UInt8]
  {
    var children: [XMLNode] = standardDefaults.map { ext, type in
      .element(
        XMLElement("Default", attributes: [.init("Extension", ext), .init("ContentType", type)]))
    }
    let defaults = Dictionary(uniqueKeysWithValues: standardDefaults)
    for part in parts where defaults[part.name.fileExtension] != part.contentType {
      children.append(
        .element(
          XMLElement(
            "Override",
            attributes: [
              .init("PartName", part.name.description), .init("ContentType", part.contentType),
            ])))
    }
    let root = XMLElement(
      "Types", attributes: [.init("xmlns", WillNamespace.contentTypes)], children: children)
    return try (XMLDocument(declaration: XMLDeclaration(standalone: "yes"), root: root)).serialized(
      part: PartName.contentTypes.description)
  }
}
