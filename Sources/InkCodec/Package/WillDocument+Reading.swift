#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
      let streams: [(part: String?, bytes: [UInt8])] = [(nil, bytes)]
      self.init(structureOf: streams, riff: nil)
      var strokes: [Stroke] = []
      try Self.decodeStreams(streams, container: .raw, limits: limits) { strokes.append($1) }
      sections[0].nodes = [.paths(PathsElement(strokes: strokes))]
    }
  }

  /// A RIFF or raw file's structure: one section with an empty paths element per stream
  /// (named as the streams are), and the file's chunks or its one stream as parts.
  init(structureOf streams: [(part: String?, bytes: [UInt8])], riff file: WillDataFile?) {
    let elements = streams.map { stream in
      var element = PathsElement(strokes: [])
      element.partName = stream.part
      return element
    }
    self.init(
      sections: [Section(nodes: elements.map { .paths($0) })], container: file == nil ? .raw : .riff
    )
    guard let file else {
      let size = streams.first?.bytes.count ?? 0
      containerParts = [
        ContainerPart(name: "(stream)", size: size, storedSize: size, storage: .stream)
      ]
      return
    }
    riffChunks = file.chunks.map { chunk in
      chunk.isInk ? RIFFChunk(idBytes: chunk.idBytes, data: [], padByte: chunk.padByte) : chunk
    }
    containerParts = zip(Self.riffPartNames(file.chunks), file.chunks).map { name, chunk in
      ContainerPart(
        name: name, size: chunk.data.count, storedSize: chunk.data.count, storage: .chunk)
    }
  }

  /// Decodes the strokes of a RIFF file's `INK ` chunks or a raw file's stream in order,
  /// handing `body` each stream's index and stroke: every stream under the limits, the
  /// document-wide ones across streams. A raw file whose first record fails is not WILL
  /// data at all.
  package static func decodeStreams(
    _ streams: [(part: String?, bytes: [UInt8])], container: ContainerKind,
    limits: DecodingLimits, _ body: (Int, Stroke) throws(WillError) -> Void
  ) throws(WillError) {
    try decodeStreams(streams, container: container, limits: limits) {
      (index, decoder) throws(WillError) in
      var counts = (strokes: 0, points: 0)
      while let stroke = try decoder.next() {
        try body(index, stroke)
        counts.strokes += 1
        counts.points += stroke.pointCount
      }
      return counts
    }
  }

  /// The loop behind ``decodeStreams(_:container:limits:_:)``, for callers that decode each
  /// stream themselves (into a reused ``StrokeBuffer``): `decode` decodes the whole stream at
  /// an index with the decoder it is given and returns its stroke and point counts.
  package static func decodeStreams(
    _ streams: [(part: String?, bytes: [UInt8])], container: ContainerKind,
    limits: DecodingLimits,
    decode: (_ stream: Int, _ decoder: inout InkDecoder) throws(WillError) -> (
      strokes: Int, points: Int
    )
  ) throws(WillError) {
    if container == .raw, streams.allSatisfy({ $0.bytes.isEmpty }) {
      // A raw stream is the whole file.
      throw WillError(.emptyFile, offset: 0)
    }
    var budget = ReadingBudget(limits: limits)
    for (index, stream) in streams.enumerated() {
      var cost = ReadingCost()
      do throws(WillError) {
        var decoder = try InkDecoder(checking: stream.bytes, part: stream.part, limits: limits)
        (cost.strokes, cost.points) = try decode(index, &decoder)
      } catch  where container == .raw && error.strokeIndex == 0 && error.category == .format {
        // The first record already fails: most likely not WILL data at all.
        throw WillError(.notAWillFile, offset: 0)
      }
      // The document-wide limits hold across chunks, as across an OPC package's parts.
      try budget.charge(cost, part: stream.part ?? "(stream)")
    }
  }

  /// The paths streams of a RIFF file: every `INK ` chunk, named as the document names it.
  package static func riffStreams(_ file: WillDataFile) -> [(part: String?, bytes: [UInt8])] {
    file.chunks.filter(\.isInk).enumerated().map { (riffInkPartName($0.offset), $0.element.data) }
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
    let streams = Self.riffStreams(file)
    self.init(structureOf: streams, riff: file)
    var strokes = [[Stroke]](repeating: [], count: streams.count)
    try Self.decodeStreams(streams, container: .riff, limits: limits) { strokes[$0].append($1) }
    var index = 0
    try sections[0].updatePathsElements { (element, _) throws(WillError) in
      element.strokes = strokes[index]
      index += 1
    }
  }

  /// The part names of a RIFF file's chunks, as the document and `willdoc inspect` name
  /// them: the `INK ` chunks by ``riffInkPartName(_:)``, every other chunk by its id.
  package static func riffPartNames(_ chunks: [RIFFChunk]) -> [String] {
    var inkIndex = 0
    return chunks.map { chunk in
      guard chunk.isInk else { return chunk.id }
      defer { inkIndex += 1 }
      return riffInkPartName(inkIndex)
    }
  }

  /// The part name of a RIFF file's `index`-th `INK ` chunk: `INK ` for the first, as every
  /// producer writes one, then `INK #2`, `INK #3`…
  package static func riffInkPartName(_ index: Int) -> String {
    index == 0 ? "INK " : "INK #\(index + 1)"
  }

  /// Reads an OPC package, following relationships by type: its structure, then the strokes
  /// of every paths part its sections include.
  private init(opc bytes: [UInt8], limits: DecodingLimits) throws(WillError) {
    let package = try InkPackage(bytes: bytes, limits: limits)
    var budget = ReadingBudget(limits: limits)
    try self.init(structureOf: package, budget: &budget)
    // A part included many times is decoded once and shared (arrays are copy-on-write).
    var decodedPaths: [String: (strokes: [Stroke], points: Int)] = [:]
    try Self.forEachPathsReference(in: &sections, package: package, budget: &budget) {
      (part, bytes, element, _) throws(WillError) in
      let key = part.name.normalizedKey
      if decodedPaths[key] == nil {
        let strokes = try PathsStream(
          parsing: bytes, part: part.name.description, limits: limits
        ).strokes
        decodedPaths[key] = (strokes, strokes.reduce(0) { $0 + $1.pointCount })
      }
      let (strokes, points) = decodedPaths[key]!
      element.strokes = strokes
      return (strokes.count, points)
    }
  }

  /// Reads a package's structure: sections, properties, paints and every other part, with
  /// each paths element naming its part but holding no strokes yet (they are decoded by
  /// ``forEachPathsReference(in:package:budget:_:)``). `budget` is charged with the sections,
  /// elements and references.
  init(structureOf package: InkPackage, budget: inout ReadingBudget) throws(WillError) {
    let limits = package.limits
    self.init(container: .opc)
    containerParts = package.parts.map { entry in
      ContainerPart(
        name: entry.name.description, size: entry.size, storedSize: entry.compressedSize,
        storage: ContainerPart.Storage(entry.compression), crc32: entry.crc32)
    }
    var consumed: Set<String> = [PartName.contentTypes.normalizedKey]
    let rootRelsPart = PartName.packageRelationships
    guard package.part(rootRelsPart) != nil else {
      throw WillError(.missingPart(rootRelsPart.description), part: rootRelsPart.description)
    }
    consumed.insert(rootRelsPart.normalizedKey)
    let rootRelationships = try package.relationships(of: nil)
    if let types = package.part(PartName.contentTypes), let rels = package.part(rootRelsPart) {
      packageSource = PackageSource(
        contentTypesPart: try package.data(of: types), contentTypes: package.contentTypes,
        missingOverrides: Set(
          package.contentTypes.overrides.keys.filter { key in
            (try? PartName(key)).map { package.part($0) == nil } ?? true
          }),
        relationshipsPart: try package.data(of: rels), relationships: rootRelationships)
    }
    var properties = DocumentProperties()
    var source = PropertiesSource(properties: properties)
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
          otherParts.append(try StoredPart(part, package: package, relationship: relationship))
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
      let stored = try StoredPart(part, package: package, relationship: relationship)
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
            reading: part.name, from: package, consumed: &consumed, cost: &cost, budget: budget)
          try budget.charge(cost, part: part.name.description)
          decoded.sections[key] = (section, cost)
        }
        section.relationshipID = relationship.id
        sections.append(section)
      default:
        paints = try PaintsPart(
          parsing: try package.data(of: part), part: part.name.description, limits: limits
        )
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
      otherParts.append(try StoredPart(part, package: package, relationship: nil))
    }
  }

  /// The part whose relationships `rels` holds (`/sections/_rels/a.svg.rels` → `/sections/a.svg`).
  static func relationshipSource(of rels: PartName) -> String? {
    let text = rels.description
    let bytes = Array(text.utf8)
    let marker = Array("/_rels/".utf8)
    // The last `/_rels/` (a search from the end, as `range(of:options: .backwards)` would).
    guard text.hasSuffix(".rels"), bytes.count >= marker.count,
      let start = stride(from: bytes.count - marker.count, through: 0, by: -1).first(where: {
        bytes[$0..<($0 + marker.count)].elementsEqual(marker)
      })
    else { return nil }
    return String(decoding: bytes[..<start], as: UTF8.self) + "/"
      + String(decoding: bytes[(start + marker.count)...].dropLast(5), as: UTF8.self)
  }
}
