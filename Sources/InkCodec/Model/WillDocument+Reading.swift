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
      var strokes: [Stroke] = []
      try Self.decodeStreams([(nil, bytes)], container: .raw, limits: limits) { strokes.append($1) }
      self.init(
        sections: [Section(nodes: [.paths(PathsElement(strokes: strokes))])], container: .raw)
      containerParts = [
        ContainerPart(
          name: "(stream)", size: bytes.count, storedSize: bytes.count, storage: .stream)
      ]
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
      (index, decoder) throws(WillError) -> Int? in
      guard let stroke = try decoder.next() else { return nil }
      try body(index, stroke)
      return stroke.pointCount
    }
  }

  /// The loop behind ``decodeStreams(_:container:limits:_:)``, for callers that decode each
  /// record themselves (into a reused ``StrokeBuffer``): `decodeNext` decodes one record of
  /// the stream at an index and returns its point count, or `nil` at the stream's end.
  package static func decodeStreams(
    _ streams: [(part: String?, bytes: [UInt8])], container: ContainerKind,
    limits: DecodingLimits,
    decodeNext: (_ stream: Int, _ decoder: inout InkDecoder) throws(WillError) -> Int?
  ) throws(WillError) {
    if container == .raw, streams.allSatisfy(\.bytes.isEmpty) {
      throw WillError(.notAWillFile, offset: 0)
    }
    var budget = ReadingBudget(limits: limits)
    for (index, stream) in streams.enumerated() {
      var cost = ReadingCost()
      do throws(WillError) {
        var decoder = try InkDecoder(checking: stream.bytes, part: stream.part, limits: limits)
        while let points = try decodeNext(index, &decoder) {
          cost.strokes += 1
          cost.points += points
        }
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
    var elements = streams.map { stream in
      var element = PathsElement(strokes: [])
      element.partName = stream.part
      return element
    }
    try Self.decodeStreams(streams, container: .riff, limits: limits) {
      elements[$0].strokes.append($1)
    }
    self.init(sections: [Section(nodes: elements.map { .paths($0) })], container: .riff)
    riffChunks = file.chunks.map { chunk in
      chunk.isInk ? RIFFChunk(idBytes: chunk.idBytes, data: [], padByte: chunk.padByte) : chunk
    }
    var inkIndex = 0
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
  package static func riffInkPartName(_ index: Int) -> String {
    index == 0 ? "INK " : "INK #\(index + 1)"
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
