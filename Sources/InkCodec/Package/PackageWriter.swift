#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Lays out a document as OPC parts, in the order Inkspace writes them.
struct PackageWriter {
  let options: WriteOptions
  var parts: [(name: PartName, contentType: String, data: [UInt8])] = []
  var usedNames: Set<String> = [PartName.contentTypes.normalizedKey]
  var mediaCounter = 0
  /// Parts already written for a part name the model was read with, with what they hold, so
  /// that a part several elements (or sections) share is written once: saving never turns
  /// one part referenced many times into many parts.
  var sharedPaths: [String: (name: PartName, strokes: [Stroke])] = [:]
  var sharedImages: [String: (name: PartName, data: [UInt8], contentType: String)] = [:]
  var sharedSections: [String: (name: PartName, section: Section)] = [:]
  /// The next number to try for each fallback name that was taken, so that many parts
  /// falling back to one name cost one probe each, not one per part before them.
  var nextSuffix: [String: Int] = [:]

  init(options: WriteOptions) { self.options = options }

  mutating func write(_ document: WillDocument) throws(WillError) -> [UInt8] {
    var rootRelationships = RelationshipList()
    let source = document.propertiesSource
    let unchanged = source?.properties == document.properties && !options.normalize

    let coreName = unchanged ? source?.core?.name : nil
    let core = try add(
      coreName ?? "/props/core.xml", WillContentType.coreProperties,
      unchanged && source?.core != nil ? source!.core!.data : try document.properties.coreXML())
    rootRelationships.add(
      WillRelationshipType.coreProperties, core,
      preferredID: options.normalize ? nil : source?.core?.relationship?.id,
      fallback: "core-properties")
    let appName = unchanged ? source?.app?.name : nil
    let app = try add(
      appName ?? "/props/app.xml", WillContentType.extendedProperties,
      unchanged && source?.app != nil ? source!.app!.data : try document.properties.appXML())
    rootRelationships.add(
      WillRelationshipType.extendedProperties, app,
      preferredID: options.normalize ? nil : source?.app?.relationship?.id,
      fallback: "extended-properties")

    // A page included twice (a section repeated by an edit) needs a relationship of its own
    // each time: the same id would name one relationship, and the page would be read once.
    var sectionIDs: Set<String> = []
    for (index, section) in document.sections.enumerated() {
      let preferredID =
        options.normalize || section.relationshipID.map(sectionIDs.contains) == true
        ? nil : section.relationshipID
      if let key = Self.sharingKey(section.partName), let shared = sharedSections[key],
        shared.section.nodes == section.nodes,
        shared.section.svgAttributes == section.svgAttributes,
        shared.section.unreferencedRelationships == section.unreferencedRelationships
      {
        sectionIDs.insert(
          rootRelationships.add(
            WillRelationshipType.section, shared.name, preferredID: preferredID,
            fallback: "section\(index)"))
        continue
      }
      let sectionName = try unique(
        options.normalize ? nil : section.partName, fallback: "/sections/section\(index).svg")
      let name = try add(sectionName, WillContentType.svg, [])
      let slot = parts.count - 1
      var relationships = RelationshipList()
      let root = try sectionRoot(section, relationships: &relationships)
      // An untouched section keeps the bytes it was read with (a normalised save rewrites).
      let source = options.normalize ? nil : section.source?.value
      if let source, source.holds(root) {
        parts[slot].data = source.svg
      } else {
        parts[slot].data = try sectionXML(root, part: section.partName)
      }
      for kept in section.unreferencedRelationships {
        guard let relationship = kept.relationship else { continue }
        if !kept.exists {
          relationships.keep(relationship)
        } else {
          let keptName = try unique(kept.name, fallback: kept.name)
          let target = try add(
            keptName, kept.contentType ?? "application/octet-stream", kept.data)
          relationships.add(
            relationship.type, target, preferredID: relationship.id, fallback: "rId")
        }
      }
      let keptRelationships = source.flatMap { source in
        source.name == name && source.matches(relationships.items, section: name)
          ? source.relationshipsPart : nil
      }
      let relationshipsBytes: [UInt8]
      if let keptRelationships {
        relationshipsBytes = keptRelationships
      } else {
        relationshipsBytes = try Relationship.serialized(relationships.items)
      }
      _ = try add(
        name.relationshipsPart.description, WillContentType.relationships, relationshipsBytes)
      sectionIDs.insert(
        rootRelationships.add(
          WillRelationshipType.section, name, preferredID: preferredID,
          fallback: "section\(index)"))
      if let key = Self.sharingKey(section.partName), sharedSections[key] == nil {
        sharedSections[key] = (name, section)
      }
    }

    if !document.paints.isEmpty {
      let kept = document.paintsSource.flatMap { $0.paints == document.paints ? $0.part : nil }
      let name = try add(
        options.normalize ? "/style/paints.protobuf" : (kept?.name ?? "/style/paints.protobuf"),
        WillContentType.paints, kept?.data ?? PaintsPart(paints: document.paints).serialized())
      rootRelationships.add(
        WillRelationshipType.paints, name,
        preferredID: options.normalize ? nil : kept?.relationship?.id, fallback: "rId")
    }

    for other in document.otherParts {
      if !other.exists, let relationship = other.relationship {
        rootRelationships.keep(relationship)  // an external or dangling target
        continue
      }
      let otherName = try unique(other.name, fallback: other.name)
      let name = try add(
        otherName, other.contentType ?? "application/octet-stream", other.data)
      if let relationship = other.relationship {
        rootRelationships.add(
          relationship.type, name, preferredID: options.normalize ? nil : relationship.id,
          fallback: "rId")
      }
    }
    // Unchanged package relationships and content types keep the bytes they were read with.
    let packageSource = options.normalize ? nil : document.packageSource
    let rootBytes: [UInt8]
    if let packageSource, packageSource.matches(rootRelationships.items) {
      rootBytes = packageSource.relationshipsPart
    } else {
      rootBytes = try Relationship.serialized(rootRelationships.items)
    }
    _ = try add(
      PartName.packageRelationships.description, WillContentType.relationships, rootBytes)

    // No reader can parse an XML part past libxml2's cap: refuse to write one, naming it.
    let parsed: Set<String> = [
      WillContentType.svg, WillContentType.relationships, WillContentType.coreProperties,
      WillContentType.extendedProperties,
    ]
    for part in parts where parsed.contains(part.contentType) {
      if part.data.count > XMLPreflight.parserPartCap {
        throw WillError(
          .limitExceeded(
            .xmlPartBytes, value: part.data.count, limit: XMLPreflight.parserPartCap),
          part: part.name.description)
      }
    }
    // [Content_Types].xml first, then the package relationships, then the rest in order.
    let typed = parts.map { (name: $0.name, contentType: $0.contentType) }
    let contentTypes: [UInt8]
    if let packageSource, packageSource.describes(typed) {
      contentTypes = packageSource.contentTypesPart
    } else {
      contentTypes = try ContentTypes.serialized(for: typed)
    }
    var ordered: [ZipEntry.Input] = [
      ZipEntry.Input(name: PartName.contentTypes, data: contentTypes, compression: compression)
    ]
    if let root = parts.last {
      ordered.append(ZipEntry.Input(name: root.name, data: root.data, compression: compression))
    }
    for part in parts.dropLast() {
      ordered.append(ZipEntry.Input(name: part.name, data: part.data, compression: compression))
    }
    return try ZipArchive.write(ordered)
  }

  var compression: ZipCompression {
    options.deflateLevel == 0 ? .stored : .deflate(level: options.deflateLevel)
  }

  /// `preferred` if it is free, else `fallback` made unique with a number (`-1`, `-2`, …
  /// before the extension, each fallback's numbers tried once over the whole package).
  mutating func unique(_ preferred: String?, fallback: String) throws(WillError) -> String {
    // A name from a RIFF or raw file (`INK `) is not a part name: only absolute ones are kept.
    if let preferred, preferred.hasPrefix("/"), let name = try? PartName(preferred),
      !usedNames.contains(name.normalizedKey)
    {
      return name.description
    }
    var candidate = try PartName(fallback)
    var counter = nextSuffix[fallback, default: 1]
    let dot = fallback.lastIndex(of: ".") ?? fallback.endIndex
    while usedNames.contains(candidate.normalizedKey) {
      candidate = try PartName(
        String(fallback[..<dot]) + "-\(counter)" + String(fallback[dot...]))
      counter += 1
    }
    nextSuffix[fallback] = counter
    return candidate.description
  }

  mutating func add(_ name: String, _ contentType: String, _ data: [UInt8]) throws(WillError)
    -> PartName
  {
    let partName = try PartName(name)
    guard usedNames.insert(partName.normalizedKey).inserted else {
      throw WillError(.duplicatePart(partName.description))
    }
    parts.append((partName, contentType, data))
    return partName
  }

  /// The `<svg>` element a section is written as, its relationships added to
  /// `relationships` (and its parts to the package) on the way.
  mutating func sectionRoot(_ section: Section, relationships: inout RelationshipList)
    throws(WillError) -> XMLElement
  {
    var attributes = section.svgAttributes
    if !attributes.contains(where: { $0.name == "xmlns" }) {
      attributes.insert(XMLAttribute("xmlns", WillNamespace.svg), at: 0)
    }
    let boundPrefix = attributes.first {
      $0.name.hasPrefix("xmlns:") && $0.value == WillNamespace.sectionRelationships
    }
    .map { String($0.name.dropFirst("xmlns:".count)) }
    // A prefix the section's own content does not use: kept content may carry a prefix that
    // is unbound or bound lower down (a damaged part), which a new `xmlns:r` would capture.
    let prefix = boundPrefix ?? Self.unusedPrefix(in: section.nodes)
    if boundPrefix == nil {
      attributes.append(XMLAttribute("xmlns:\(prefix)", WillNamespace.sectionRelationships))
    }
    let children = try xmlNodes(
      section.nodes, prefix: prefix,
      scope: XMLNamespaces.initial.declaring(XMLElement("svg", attributes: attributes)),
      relationships: &relationships)
    return XMLElement("svg", attributes: attributes, children: children)
  }

  /// A section's `<svg>` element as the bytes of its part.
  func sectionXML(_ root: XMLElement, part: String?) throws(WillError) -> [UInt8] {
    var svg = try (XMLDocument(declaration: XMLDeclaration(), root: root)).serialized(part: part)
    // A section read at the parser's size cap must still be readable when written back: the
    // line break after the declaration is the one byte the writer adds, and it is optional.
    // (The declaration holds no line break of its own, so the first one is that one.)
    if svg.count > XMLPreflight.parserPartCap, let newline = svg.firstIndex(of: 0x0A) {
      svg.remove(at: newline)
    }
    return svg
  }

  /// - Parameters:
  ///   - scope: The namespace bindings in force where `nodes` are written.
  mutating func xmlNodes(
    _ nodes: [SectionNode], prefix: String, scope: XMLNamespaces,
    relationships: inout RelationshipList
  )
    throws(WillError) -> [XMLNode]
  {
    var result: [XMLNode] = []
    for node in nodes {
      switch node {
      case .unmodelled(let other): result.append(other.node)
      case .group(let group):
        var attributes = group.attributes
        if let text = Self.transformText(group.transform, original: group.transformText) {
          attributes.append(XMLAttribute("transform", text))
        }
        let inner = scope.declaring(XMLElement(group.elementName, attributes: attributes))
        let children = try xmlNodes(
          group.children, prefix: prefix, scope: inner, relationships: &relationships)
        result.append(
          .element(XMLElement(group.elementName, attributes: attributes, children: children)))
      case .paths(let paths):
        let key = Self.sharingKey(paths.partName)
        let name: PartName
        if let key, let shared = sharedPaths[key], shared.strokes == paths.strokes {
          name = shared.name
        } else {
          mediaCounter += 1
          let pathsName = try unique(
            options.normalize ? nil : paths.partName,
            fallback: "/sections/media/paths\(mediaCounter - 1).protobuf")
          name = try add(
            pathsName, WillContentType.paths, try PathsStream(strokes: paths.strokes).serialized())
          if let key, sharedPaths[key] == nil { sharedPaths[key] = (name, paths.strokes) }
        }
        let id = relationships.add(
          WillRelationshipType.paths, name,
          preferredID: options.normalize ? nil : paths.relationshipID, fallback: "rId")
        var attributes =
          Self.includeAttributes(id: id, preferring: prefix, kept: paths.attributes, scope: scope)
          + paths.attributes
        if let text = Self.transformText(paths.transform, original: paths.transformText) {
          attributes.append(XMLAttribute("transform", text))
        }
        result.append(.element(XMLElement(paths.elementName, attributes: attributes)))
      case .image(let image):
        let key = Self.sharingKey(image.partName)
        let name: PartName
        if let key, let shared = sharedImages[key], shared.data == image.data,
          shared.contentType == image.contentType
        {
          name = shared.name
        } else {
          mediaCounter += 1
          let ext =
            image.contentType == WillContentType.png
            ? "png" : image.contentType == WillContentType.jpeg ? "jpeg" : "bin"
          let imageName = try unique(
            options.normalize ? nil : image.partName,
            fallback: "/sections/media/image\(mediaCounter - 1).\(ext)")
          name = try add(imageName, image.contentType, image.data)
          if let key, sharedImages[key] == nil {
            sharedImages[key] = (name, image.data, image.contentType)
          }
        }
        let id = relationships.add(
          WillRelationshipType.image, name,
          preferredID: options.normalize ? nil : image.relationshipID, fallback: "rId")
        result.append(
          .element(
            XMLElement(
              image.elementName,
              attributes: Self.includeAttributes(
                id: id, preferring: prefix, kept: image.attributes, scope: scope)
                + image.attributes))
        )
      }
    }
    return result
  }

  /// The `p:id` attribute (and, when needed, its `xmlns:p` declaration) that includes a part
  /// by relationship `id` from an element whose other attributes are `kept`, written where
  /// `scope` is in force: a prefix must name the WILL relationships namespace *there* (a group
  /// or the element itself may rebind the root's prefix) and must not repeat a kept attribute.
  static func includeAttributes(
    id: String, preferring prefix: String, kept: [XMLAttribute], scope: XMLNamespaces
  ) -> [XMLAttribute] {
    let names = Set(kept.map(\.name))
    let local = scope.declaring(XMLElement("g", attributes: kept))
    let bound = [prefix] + local.prefixes(boundTo: WillNamespace.sectionRelationships)
    if let usable = bound.first(where: {
      local.uri(forPrefix: $0) == WillNamespace.sectionRelationships && !names.contains("\($0):id")
    }) {
      return [XMLAttribute("\(usable):id", id)]
    }
    // Declare a fresh prefix on the element itself.
    var used: Set<String> = []
    note(kept, in: &used)
    let candidate = freshPrefix(taken: { local.uri(forPrefix: $0) != nil || used.contains($0) })
    return [
      XMLAttribute("xmlns:\(candidate)", WillNamespace.sectionRelationships),
      XMLAttribute("\(candidate):id", id),
    ]
  }

  /// `r`, or `r1`, `r2`, … when the nodes already use `r` as a prefix of an element or
  /// attribute name.
  static func unusedPrefix(in nodes: [SectionNode]) -> String {
    var used: Set<String> = []
    func visit(_ element: XMLElement) {
      note(element.name, element.attributes, in: &used)
      for case .element(let child) in element.children { visit(child) }
    }
    var pending = nodes
    while let node = pending.popLast() {
      switch node {
      case .group(let group):
        note(group.elementName, group.attributes, in: &used)
        pending += group.children
      case .paths(let paths): note(paths.elementName, paths.attributes, in: &used)
      case .image(let image): note(image.elementName, image.attributes, in: &used)
      case .unmodelled(let other):
        if let element = other.node.element { visit(element) }
      }
    }
    return freshPrefix(taken: used.contains)
  }

  /// Adds to `used` the prefixes an element's name and attributes use or declare.
  static func note(_ name: String, _ attributes: [XMLAttribute], in used: inout Set<String>) {
    if let prefix = XMLQualifiedName.prefix(of: name) { used.insert(prefix) }
    note(attributes, in: &used)
  }

  /// Adds to `used` the prefixes `attributes` use (`p:x`) or declare (`xmlns:p`).
  static func note(_ attributes: [XMLAttribute], in used: inout Set<String>) {
    for attribute in attributes {
      if let prefix = attribute.prefix { used.insert(prefix) }
      if let declared = attribute.declaredPrefix, !declared.isEmpty { used.insert(declared) }
    }
  }

  /// `r`, or the first of `r1`, `r2`, … that `taken` does not claim.
  static func freshPrefix(taken: (String) -> Bool) -> String {
    var candidate = "r"
    var counter = 1
    while taken(candidate) {
      candidate = "r\(counter)"
      counter += 1
    }
    return candidate
  }

  /// The key under which a part read as `partName` is shared, or `nil` for a new element.
  static func sharingKey(_ partName: String?) -> String? {
    partName.flatMap { try? PartName($0) }?.normalizedKey
  }

  /// The transform attribute to write: the original text while it still says the same thing.
  static func transformText(_ transform: AffineTransform, original: String?) -> String? {
    if let original, (try? AffineTransform(svgTransform: original)) == transform { return original }
    return transform.isIdentity && original == nil ? nil : transform.svgTransform
  }
}
