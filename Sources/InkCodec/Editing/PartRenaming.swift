/// Fresh part names for a document whose parts join another package, so that no two parts
/// share a name while every part the document shares keeps being shared: one name in, one
/// name out, for every reference to it.
struct PartRenaming {
  /// The names taken so far (normalised keys), relationship parts included.
  private(set) var taken: Set<String>
  /// The next number to try for each name stem and extension, so that renaming the same
  /// name in many documents costs one probe each, not one per document before it.
  private var nextSuffix: [String: Int] = [:]

  /// Starts with the package's fixed names taken.
  init() {
    taken = Set(
      [
        PartName.contentTypes, PartName.packageRelationships,
      ].map(\.normalizedKey)
        + ["/props/core.xml", "/props/app.xml", "/style/paints.protobuf"])
  }

  /// Takes every part name `document` writes, unchanged: the first document of a merge.
  mutating func take(_ document: WillDocument) {
    for name in Self.partNames(of: document) {
      taken.insert(name.normalizedKey)
      if name.fileExtension == "svg" { taken.insert(name.relationshipsPart.normalizedKey) }
    }
    for part in [document.propertiesSource?.core, document.propertiesSource?.app] {
      if let part, let name = try? PartName(part.name) { taken.insert(name.normalizedKey) }
    }
    if let paints = document.paintsSource, let name = try? PartName(paints.part.name) {
      taken.insert(name.normalizedKey)
    }
  }

  /// `document` with every part name that is already taken changed to a free one
  /// (`paths.protobuf` → `paths-1.protobuf`), and its names taken.
  mutating func renaming(_ document: WillDocument) -> WillDocument {
    let own = Self.partNames(of: document)
    let ownKeys = Set(own.map(\.normalizedKey))
    var renamed: [String: String] = [:]
    for name in own where taken.contains(name.normalizedKey) {
      guard renamed[name.normalizedKey] == nil else { continue }
      let fresh = freshName(for: name, avoiding: ownKeys)
      renamed[name.normalizedKey] = fresh.description
      taken.insert(fresh.normalizedKey)
      if fresh.fileExtension == "svg" { taken.insert(fresh.relationshipsPart.normalizedKey) }
    }
    for name in own where renamed[name.normalizedKey] == nil {
      taken.insert(name.normalizedKey)
      if name.fileExtension == "svg" { taken.insert(name.relationshipsPart.normalizedKey) }
    }
    guard !renamed.isEmpty else { return document }
    func rename(_ text: String?) -> String? {
      guard let text, let key = try? PartName(text).normalizedKey else { return text }
      return renamed[key] ?? text
    }
    var result = document
    for index in result.sections.indices {
      result.sections[index].partName = rename(result.sections[index].partName)
      result.sections[index].nodes = Self.renaming(result.sections[index].nodes, rename)
      for kept in result.sections[index].unreferencedRelationships.indices
      where result.sections[index].unreferencedRelationships[kept].exists {
        result.sections[index].unreferencedRelationships[kept].name =
          rename(result.sections[index].unreferencedRelationships[kept].name)!
      }
    }
    for index in result.otherParts.indices where result.otherParts[index].exists {
      result.otherParts[index].name = rename(result.otherParts[index].name)!
    }
    return result
  }

  /// `name` with `-1`, `-2`, … before its extension: the first that is free and that the
  /// document itself does not use (with its relationships part, for a section).
  private mutating func freshName(for name: PartName, avoiding own: Set<String>) -> PartName {
    let text = name.description
    let slash = text.lastIndex(of: "/") ?? text.startIndex
    let dot = text[slash...].lastIndex(of: ".") ?? text.endIndex
    // A stem that cannot take a number (none is known) falls back to a plain one.
    let stem =
      (try? PartName(String(text[..<dot]) + "-1" + String(text[dot...]))) != nil
      ? String(text[..<dot]) : "/part"
    let ext = String(text[dot...])
    // Numbers passed over stay taken (names are only ever added), so the search goes on from
    // the last one given for this stem: linear over a merge of many documents.
    var counter = nextSuffix[stem + ext, default: 1]
    while true {
      defer { counter += 1 }
      guard let fresh = try? PartName(stem + "-\(counter)" + ext) else { continue }
      let keys =
        [fresh.normalizedKey]
        + (fresh.fileExtension == "svg" ? [fresh.relationshipsPart.normalizedKey] : [])
      if keys.allSatisfy({ !taken.contains($0) && !own.contains($0) }) {
        nextSuffix[stem + ext] = counter + 1
        return fresh
      }
    }
  }

  /// The names of the parts a document's sections and other parts are written as.
  static func partNames(of document: WillDocument) -> [PartName] {
    var names: [String] = []
    func visit(_ nodes: [SectionNode]) {
      for node in nodes {
        switch node {
        case .group(let group): visit(group.children)
        case .paths(let paths): names += paths.partName.map { [$0] } ?? []
        case .image(let image): names += image.partName.map { [$0] } ?? []
        case .unmodelled: continue
        }
      }
    }
    for section in document.sections {
      names += section.partName.map { [$0] } ?? []
      visit(section.nodes)
      names += section.unreferencedRelationships.filter(\.exists).map(\.name)
    }
    names += document.otherParts.filter(\.exists).map(\.name)
    // Names that are not part names (a RIFF file's `INK `) are given fresh ones when written.
    return names.compactMap { $0.hasPrefix("/") ? try? PartName($0) : nil }
  }

  private static func renaming(
    _ nodes: [SectionNode], _ rename: (String?) -> String?
  ) -> [SectionNode] {
    nodes.map { node in
      switch node {
      case .group(var group):
        group.children = renaming(group.children, rename)
        return .group(group)
      case .paths(var paths):
        paths.partName = rename(paths.partName)
        return .paths(paths)
      case .image(var image):
        image.partName = rename(image.partName)
        return .image(image)
      case .unmodelled: return node
      }
    }
  }
}
