import Foundation

extension WillDocument {
  /// Reads a document from its bytes, whatever the container.
  /// - Parameters:
  ///   - bytes: An OPC package, a RIFF WILL file or a raw paths stream.
  ///   - limits: Bounds on sizes, parts and points.
  /// - Throws: ``WillError`` naming the part and byte offset of the first problem.
  public init(parsing bytes: [UInt8], limits: DecodingLimits = .default) throws(WillError) {
    try limits.check(.fileBytes, bytes.count)
    switch ContainerKind(sniffing: bytes) {
    case .opc: try self.init(opc: bytes, limits: limits)
    case .riff:
      try self.init(riff: bytes, limits: limits)
    case .raw:
      if bytes.isEmpty { throw WillError(.notAWillFile, offset: 0) }
      do throws(WillError) {
        try self.init(stream: bytes, part: nil, container: .raw, limits: limits)
        containerParts = [
          ContainerPart(
            name: "(stream)", size: bytes.count, storedSize: bytes.count, storage: .stream)
        ]
      } catch  where error.strokeIndex == 0 && error.category == .format {
        // The first record already fails: most likely not WILL data at all.
        throw WillError(.notAWillFile, offset: 0)
      }
    }
  }

  /// Reads a document from a file.
  /// - Parameters:
  ///   - url: The file.
  ///   - limits: Bounds on sizes, parts and points.
  public init(contentsOf url: URL, limits: DecodingLimits = .default) throws(WillError) {
    try self.init(parsing: try FileIO.read(url, limit: limits.maxFileBytes), limits: limits)
  }

  /// A one-section document with a paths element per `INK ` chunk, in file order; every
  /// chunk is kept in ``riffChunks``, the `INK ` ones as places for the streams.
  private init(riff bytes: [UInt8], limits: DecodingLimits) throws(WillError) {
    let file = try WillDataFile(parsing: bytes, limits: limits)
    var elements: [SectionNode] = []
    var budget = ReadingBudget(limits: limits)
    var inkIndex = 0
    for chunk in file.chunks where chunk.isInk {
      let part = Self.riffInkPartName(inkIndex)
      inkIndex += 1
      var element = PathsElement(
        strokes: try PathsStream(parsing: chunk.data, part: part, limits: limits).strokes)
      element.partName = part
      // The document-wide limits hold across chunks, as across an OPC package's parts.
      try budget.charge(
        ReadingCost(strokes: element.strokes.count, points: element.pointCount), part: part)
      elements.append(.paths(element))
    }
    self.init(sections: [Section(nodes: elements)], container: .riff)
    riffChunks = file.chunks.map { chunk in
      chunk.isInk ? RIFFChunk(idBytes: chunk.idBytes, data: [], padByte: chunk.padByte) : chunk
    }
    inkIndex = 0
    containerParts = file.chunks.map { chunk in
      var name = chunk.id
      if chunk.isInk {
        name = Self.riffInkPartName(inkIndex)
        inkIndex += 1
      }
      return ContainerPart(
        name: name, size: chunk.data.count, storedSize: chunk.data.count, storage: .chunk)
    }
  }

  /// The part name of a RIFF file's `index`-th `INK ` chunk: `INK ` for the first, as every
  /// producer writes one, then `INK #2`, `INK #3`…
  static func riffInkPartName(_ index: Int) -> String {
    index == 0 ? "INK " : "INK #\(index + 1)"
  }

  /// A one-section document around a paths stream (raw files).
  private init(stream: [UInt8], part: String?, container: ContainerKind, limits: DecodingLimits)
    throws(WillError)
  {
    var element = PathsElement(
      strokes: try PathsStream(parsing: stream, part: part, limits: limits).strokes)
    element.partName = part
    self.init(sections: [Section(nodes: [.paths(element)])], container: container)
  }

  /// Reads an OPC package, following relationships by type.
  private init(opc bytes: [UInt8], limits: DecodingLimits) throws(WillError) {
    let package = try InkPackage(bytes: bytes, limits: limits)
    self.init(container: .opc)
    containerParts = package.parts.map { entry in
      let storage: ContainerPart.Storage
      switch entry.compression {
      case .stored: storage = .stored
      case .deflate: storage = .deflate
      }
      return ContainerPart(
        name: entry.name.description, size: entry.data.count, storedSize: entry.compressedSize,
        storage: storage, crc32: entry.crc32)
    }
    var consumed: Set<String> = [PartName.contentTypes.normalizedKey]
    let rootRelsPart = PartName.packageRelationships
    guard package.part(rootRelsPart) != nil else {
      throw WillError(.missingPart(rootRelsPart.description), part: rootRelsPart.description)
    }
    consumed.insert(rootRelsPart.normalizedKey)
    let rootRelationships = try package.relationships(of: nil)
    var properties = DocumentProperties()
    var source = PropertiesSource(properties: properties)
    var budget = ReadingBudget(limits: limits)
    var decoded = DecodedParts()
    for (key, type) in package.contentTypes.overrides.sorted(by: { $0.key < $1.key })
    where package.part(try PartName(key)) == nil {
      readWarnings.append(
        Diagnostic(
          .warning,
          code: type == WillContentType.paints
            ? "paints-override-without-part" : "override-without-part",
          part: PartName.contentTypes.description,
          message:
            "[Content_Types].xml has an Override for \(key), which the package does not contain"))
    }

    let modelled: Set<String> = [
      WillRelationshipType.coreProperties, WillRelationshipType.extendedProperties,
      WillRelationshipType.section, WillRelationshipType.paints,
    ]
    for relationship in rootRelationships {
      guard modelled.contains(relationship.type) else {
        // Kept as it is: the part it points to, or the dangling or external relationship.
        let part = try? package.target(
          of: relationship, from: nil, relsPart: rootRelsPart.description)
        if let part, !consumed.contains(part.name.normalizedKey) {
          otherParts.append(StoredPart(part, package: package, relationship: relationship))
          consumed.insert(part.name.normalizedKey)
        } else if part == nil {
          otherParts.append(
            StoredPart(
              name: relationship.target, contentType: nil, data: [], relationship: relationship,
              exists: false))
        }
        continue
      }
      let part = try package.target(
        of: relationship, from: nil, relsPart: rootRelsPart.description)
      consumed.insert(part.name.normalizedKey)
      let stored = StoredPart(part, package: package, relationship: relationship)
      switch relationship.type {
      case WillRelationshipType.coreProperties:
        properties.read(core: try package.xml(part.name))
        source.core = stored
      case WillRelationshipType.extendedProperties:
        properties.read(app: try package.xml(part.name))
        source.app = stored
      case WillRelationshipType.section:
        var section: Section
        let key = part.name.normalizedKey
        if let cached = decoded.sections[key] {
          section = cached.section
          try budget.charge(cached.cost, part: part.name.description)
        } else {
          var cost = ReadingCost(sections: 1)
          section = try Section(
            reading: part.name, from: package, consumed: &consumed, cost: &cost,
            decoded: &decoded, budget: budget)
          try budget.charge(cost, part: part.name.description)
          decoded.sections[key] = (section, cost)
        }
        section.relationshipID = relationship.id
        sections.append(section)
      default:
        paints = try PaintsPart(parsing: part.data, part: part.name.description, limits: limits)
          .paints
        paintsSource = (stored, paints)
      }
    }
    source.properties = properties
    self.properties = properties
    propertiesSource = source
    for part in package.parts where !consumed.contains(part.name.normalizedKey) {
      // Relationship parts of consumed sources are regenerated; keep every other part.
      if part.name.fileExtension == "rels", part.name.description.contains("/_rels/") {
        let sourceName = Self.relationshipSource(of: part.name)
        if let sourceName, consumed.contains(sourceName.lowercased()) { continue }
      }
      otherParts.append(StoredPart(part, package: package, relationship: nil))
    }
  }

  /// The part whose relationships `rels` holds (`/sections/_rels/a.svg.rels` → `/sections/a.svg`).
  static func relationshipSource(of rels: PartName) -> String? {
    let text = rels.description
    guard let range = text.range(of: "/_rels/", options: .backwards), text.hasSuffix(".rels") else {
      return nil
    }
    return String(text[..<range.lowerBound]) + "/" + String(text[range.upperBound...].dropLast(5))
  }
}

/// Charges a document for the work its references cause. A part referenced many times is
/// decoded once, but every reference counts: the strokes and points it adds are drawn, dumped
/// and validated once per reference.
struct ReadingBudget {
  let limits: DecodingLimits
  /// Everything charged so far.
  private(set) var total = ReadingCost()

  init(limits: DecodingLimits) { self.limits = limits }

  mutating func charge(_ cost: ReadingCost, part: String) throws(WillError) {
    total += cost
    try limits.check(.sections, total.sections, part: part)
    try limits.check(.elements, total.elements, part: part)
    try limits.check(.references, total.references, part: part)
    try limits.check(.strokes, total.strokes, part: part)
    try limits.check(.totalPoints, total.points, part: part)
  }
}

/// What one reference to a part costs the reader's budget.
struct ReadingCost {
  var strokes = 0
  var points = 0
  var sections = 0
  var elements = 0
  var references = 0

  static func += (lhs: inout ReadingCost, rhs: ReadingCost) {
    lhs.strokes += rhs.strokes
    lhs.points += rhs.points
    lhs.sections += rhs.sections
    lhs.elements += rhs.elements
    lhs.references += rhs.references
  }
}

/// Parts already decoded while reading one package, by normalized part name, so that a part
/// referenced from many places is decoded once and shared (arrays are copy-on-write).
struct DecodedParts {
  var strokes: [String: (strokes: [Stroke], points: Int)] = [:]
  /// A section part's content and what one reference to it costs.
  var sections: [String: (section: Section, cost: ReadingCost)] = [:]
}

extension StoredPart {
  init(_ entry: ZipEntry, package: InkPackage, relationship: Relationship?) {
    self.init(
      name: entry.name.description, contentType: package.contentType(of: entry.name),
      data: entry.data,
      relationship: relationship)
  }
}

extension Section {
  /// Reads a section SVG and the parts its relationships include.
  /// - Parameters:
  ///   - cost: Charged with what one reference to the section costs: its elements, and the
  ///     strokes, points and references of every part it includes.
  ///   - decoded: Paths parts decoded so far, shared with the rest of the document.
  ///   - budget: The document's budget before this section, checked as the section's own
  ///     cost grows so that one section cannot run far past a limit before it is charged.
  init(
    reading name: PartName, from package: InkPackage, consumed: inout Set<String>,
    cost: inout ReadingCost, decoded: inout DecodedParts, budget: ReadingBudget
  ) throws(WillError) {
    let document = try package.xml(name)
    let relsName = name.relationshipsPart
    let relationships = try package.relationships(of: name)
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
    var reader = SectionTreeReader(
      package: package, section: name, relsPart: relsName.description, relationships: byID,
      included: included, consumed: consumed, cost: cost, decoded: decoded, budget: budget)
    reader.cost.elements += 1  // <svg>
    nodes = try reader.nodes(root.children, namespaces: namespaces)
    included = reader.included
    consumed = reader.consumed
    cost = reader.cost
    decoded = reader.decoded
    if width != nil, Self.length(svgAttributes.first { $0.name == "width" }!.value) == nil {
      throw WillError(
        .invalidAttribute(name: "width", value: svgAttributes.first { $0.name == "width" }!.value),
        part: name.description)
    }
    for relationship in relationships where !included.contains(relationship.id) {
      if let part = try? package.target(
        of: relationship, from: name, relsPart: relsName.description)
      {
        unreferencedRelationships.append(
          StoredPart(part, package: package, relationship: relationship))
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

/// Turns a section's SVG children into ``SectionNode``s, decoding the parts that `r:id`
/// attributes include.
private struct SectionTreeReader {
  let package: InkPackage
  let section: PartName
  let relsPart: String
  let relationships: [String: Relationship]
  var included: Set<String>
  var consumed: Set<String>
  var cost: ReadingCost
  var decoded: DecodedParts
  /// The document's budget before this section; the section's cost is checked on top of it.
  let budget: ReadingBudget

  /// Checks the document's budget with the section's cost so far added.
  func checkBudget() throws(WillError) {
    var total = budget
    try total.charge(cost, part: section.description)
  }

  mutating func nodes(_ children: [XMLNode], namespaces: XMLNamespaces) throws(WillError)
    -> [SectionNode]
  {
    var result: [SectionNode] = []
    for child in children {
      guard case .element(let element) = child else {
        if !child.isWhitespace { result.append(.unmodelled(UnmodelledNode(child))) }
        continue
      }
      cost.elements += 1
      if cost.elements & 1023 == 0 { try checkBudget() }
      let scope = namespaces.declaring(element)
      let relationshipID = element.attribute(
        namespace: WillNamespace.sectionRelationships, localName: "id", in: scope)
      if let relationshipID {
        result.append(try include(element, id: relationshipID, namespaces: scope))
      } else if element.localName == "g" {
        var group = SectionGroup(children: try nodes(element.children, namespaces: scope))
        group.elementName = element.name
        group.attributes = element.attributes.filter { $0.name != "transform" }
        group.transformText = element.attribute("transform")
        group.transform = try transform(of: element)
        result.append(.group(group))
      } else {
        cost.elements += child.descendantElementCount
        result.append(.unmodelled(UnmodelledNode(child)))
      }
    }
    return result
  }

  func transform(of element: XMLElement) throws(WillError) -> AffineTransform {
    guard let text = element.attribute("transform") else { return .identity }
    do throws(WillError) {
      return try AffineTransform(svgTransform: text)
    } catch {
      throw WillError(error.kind, part: section.description)
    }
  }

  mutating func include(_ element: XMLElement, id: String, namespaces: XMLNamespaces)
    throws(WillError)
    -> SectionNode
  {
    guard let relationship = relationships[id] else {
      throw WillError(
        .unresolvedRelationship(id: id, target: "(no such relationship)"), part: section.description
      )
    }
    included.insert(id)
    cost.references += 1
    let part = try package.target(of: relationship, from: section, relsPart: relsPart)
    consumed.insert(part.name.normalizedKey)
    let contentType = package.contentType(of: part.name)
    let withoutID = element.attributes.filter { attribute in
      !(attribute.localName == "id" && attribute.prefix != nil
        && namespaces.uri(forPrefix: attribute.prefix) == WillNamespace.sectionRelationships)
    }
    let kept = withoutID.filter { $0.name != "transform" }
    switch relationship.type {
    case WillRelationshipType.paths:
      guard contentType == WillContentType.paths else {
        throw WillError(
          .wrongContentType(expected: WillContentType.paths, found: contentType),
          part: part.name.description)
      }
      let key = part.name.normalizedKey
      let strokes: [Stroke]
      let points: Int
      if let shared = decoded.strokes[key] {
        (strokes, points) = shared
      } else {
        strokes = try PathsStream(
          parsing: part.data, part: part.name.description, limits: package.limits
        ).strokes
        points = strokes.reduce(0) { $0 + $1.pointCount }
        decoded.strokes[key] = (strokes, points)
      }
      var paths = PathsElement(strokes: strokes, transform: try transform(of: element))
      cost.strokes += strokes.count
      cost.points += points
      try checkBudget()
      paths.partName = part.name.description
      paths.relationshipID = id
      paths.attributes = kept
      paths.transformText = element.attribute("transform")
      paths.elementName = element.name
      return .paths(paths)
    case WillRelationshipType.image:
      var image = ImageElement(
        data: part.data, contentType: contentType ?? "application/octet-stream")
      image.partName = part.name.description
      image.relationshipID = id
      image.attributes = withoutID
      image.elementName = element.name
      return .image(image)
    default:
      throw WillError(
        .unsupported(
          "relationship \(id) of type \(relationship.type) included by <\(element.name)>"),
        part: section.description)
    }
  }
}
