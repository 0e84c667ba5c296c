/// Turns a section's SVG children into ``SectionNode``s, reading the parts that `r:id`
/// attributes include (a paths element names its part; its strokes are decoded afterwards).
struct SectionTreeReader {
  let package: InkPackage
  let section: PartName
  let relsPart: String
  let relationships: [String: Relationship]
  var included: Set<String>
  var consumed: Set<String>
  var cost: ReadingCost
  /// The document's budget before this section; the section's cost is checked on top of it.
  let budget: ReadingBudget
  /// Each relationship's part and content type once resolved: a section may include one part
  /// thousands of times, and resolving its name is string work each time.
  var targets: [String: (part: ZipEntry, contentType: String?)] = [:]

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
    let part: ZipEntry
    let contentType: String?
    if let target = targets[id] {
      (part, contentType) = target
    } else {
      part = try package.target(of: relationship, from: section, relsPart: relsPart)
      contentType = package.contentType(of: part.name)
      targets[id] = (part, contentType)
      consumed.insert(part.name.normalizedKey)
    }
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
      // The strokes come later, once the whole structure is read (see
      // `WillDocument.decodePaths`): errors and limits then come in the same order whether
      // the document keeps its strokes or streams them.
      var paths = PathsElement(strokes: [], transform: try transform(of: element))
      paths.partName = part.name.description
      paths.relationshipID = id
      paths.attributes = kept
      paths.transformText = element.attribute("transform")
      paths.elementName = element.name
      return .paths(paths)
    case WillRelationshipType.image:
      var image = ImageElement(
        data: try package.data(of: part), contentType: contentType ?? "application/octet-stream")
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
