/// Document metadata from `props/core.xml` and `props/app.xml`.
public struct DocumentProperties: Sendable, Hashable, Codable {
  /// `dc:title`.
  public var title: String?
  /// `dcterms:created`, as written (W3CDTF).
  public var created: String?
  /// `dcterms:modified`, as written.
  public var modified: String?
  /// `Application`: the producing app, such as `Bamboo Spark`.
  public var application: String?
  /// `AppVersion`.
  public var appVersion: String?
  /// `Template`.
  public var template: String?

  /// Creates properties; every field defaults to absent.
  public init(
    title: String? = nil, created: String? = nil, modified: String? = nil,
    application: String? = nil, appVersion: String? = nil, template: String? = nil
  ) {
    self.title = title
    self.created = created
    self.modified = modified
    self.application = application
    self.appVersion = appVersion
    self.template = template
  }

  /// Reads the elements of core.xml (either core-properties namespace is accepted).
  mutating func read(core document: XMLDocument) {
    document.walk { element, namespaces, _ in
      let uri = element.namespaceURI(in: namespaces)
      switch (uri, element.localName) {
      case (WillNamespace.dublinCore, "title"): title = element.textContent
      case (WillNamespace.dublinCoreTerms, "created"): created = element.textContent
      case (WillNamespace.dublinCoreTerms, "modified"): modified = element.textContent
      default: break
      }
    }
  }

  /// Reads the elements of app.xml.
  mutating func read(app document: XMLDocument) {
    for element in document.root.childElements {
      switch element.localName {
      case "Application": application = element.textContent
      case "AppVersion": appVersion = element.textContent
      case "Template": template = element.textContent
      default: break
      }
    }
  }

  /// core.xml in Wacom's layout (the relationship-type URI as its namespace).
  func coreXML() throws(WillError) -> [UInt8] {
    var children: [XMLNode] = []
    func add(_ name: String, _ value: String?, attributes: [XMLAttribute] = []) {
      guard let value else { return }
      children.append(.element(XMLElement(name, attributes: attributes, children: [.text(value)])))
    }
    add("dc:title", title)
    add("dcterms:created", created, attributes: [.init("xsi:type", "dcterms:W3CDTF")])
    add("dcterms:modified", modified, attributes: [.init("xsi:type", "dcterms:W3CDTF")])
    let root = XMLElement(
      "coreProperties",
      attributes: [
        .init("xmlns", WillNamespace.wacomCoreProperties),
        .init("xmlns:dc", WillNamespace.dublinCore),
        .init("xmlns:dcterms", WillNamespace.dublinCoreTerms),
        .init("xmlns:xsi", WillNamespace.xmlSchemaInstance),
      ], children: children)
    return try XMLDocument(declaration: XMLDeclaration(standalone: "yes"), root: root).serialized(
      part: "/props/core.xml")
  }

  /// app.xml in Wacom's layout.
  func appXML() throws(WillError) -> [UInt8] {
    var children: [XMLNode] = []
    for (name, value) in [
      ("Application", application), ("AppVersion", appVersion), ("Template", template),
    ] {
      if let value { children.append(.element(XMLElement(name, children: [.text(value)]))) }
    }
    let root = XMLElement(
      "Properties", attributes: [.init("xmlns", WillNamespace.extendedProperties)],
      children: children)
    return try XMLDocument(declaration: XMLDeclaration(standalone: "yes"), root: root).serialized(
      part: "/props/app.xml")
  }
}
