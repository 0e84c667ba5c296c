extension Section {
  /// Reads a section SVG and the parts its relationships include.
  /// - Parameters:
  ///   - cost: Charged with what one reference to the section costs: its elements and
  ///     references (its strokes and points are charged as its paths parts are decoded).
  ///   - budget: The document's budget before this section, checked as the section's own
  ///     cost grows so that one section cannot run far past a limit before it is charged.
  init(
    reading name: PartName, from package: InkPackage, consumed: inout Set<String>,
    cost: inout ReadingCost, budget: ReadingBudget
  ) throws(WillError) {
    guard let svgPart = package.part(name) else {
      throw WillError(.missingPart(name.description), part: name.description)
    }
    let svgBytes = try package.data(of: svgPart)
    let document = try XMLDocument(
      parsing: svgBytes, part: name.description, limits: package.limits)
    let relsName = name.relationshipsPart
    var relsBytes: [UInt8]?
    var relationships: [Relationship] = []
    if let relsPart = package.part(relsName) {
      let bytes = try package.data(of: relsPart)
      relationships = try Relationship.parse(
        try XMLDocument(parsing: bytes, part: relsName.description, limits: package.limits),
        part: relsName.description)
      relsBytes = bytes
    }
    if package.part(relsName) != nil { consumed.insert(relsName.normalizedKey) }
    let byID = Dictionary(
      relationships.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var included: Set<String> = []
    let root = document.root
    guard root.localName == "svg" else {
      throw WillError(
        .malformedXML(line: 1, message: "the root element is <\(root.name)>, not <svg>"),
        part: name.description)
    }
    self.init()
    partName = name.description
    svgAttributes = root.attributes
    let namespaces = XMLNamespaces.initial.declaring(root)
    // The reader collects this section's parts in a set of its own, merged afterwards: a copy
    // of the document's set would be copied again on the first insertion, once per section,
    // which is quadratic in sections (10,000 empty sections took seconds).
    var reader = SectionTreeReader(
      package: package, section: name, relsPart: relsName.description, relationships: byID,
      included: included, consumed: [], cost: cost, budget: budget)
    reader.cost.elements += 1  // <svg>
    nodes = try reader.nodes(root.children, namespaces: namespaces)
    included = reader.included
    consumed.formUnion(reader.consumed)
    cost = reader.cost
    if width != nil, Self.length(svgAttributes.first { $0.name == "width" }!.value) == nil {
      throw WillError(
        .invalidAttribute(name: "width", value: svgAttributes.first { $0.name == "width" }!.value),
        part: name.description)
    }
    source = NotCompared(
      SectionSource(
        name: name, svg: svgBytes, root: root, relationshipsPart: relsBytes,
        relationships: relationships))
    for relationship in relationships where !included.contains(relationship.id) {
      if let part = try? package.target(
        of: relationship, from: name, relsPart: relsName.description)
      {
        unreferencedRelationships.append(
          try StoredPart(part, package: package, relationship: relationship))
        consumed.insert(part.name.normalizedKey)
      } else {
        unreferencedRelationships.append(
          StoredPart(
            name: relationship.target, contentType: nil, data: [], relationship: relationship,
            exists: false))
      }
    }
  }
}
