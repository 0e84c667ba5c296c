/// An OPC package: its parts by name, content types, and relationships.
///
/// Parts are found by relationship type, never by file name or id.
struct InkPackage {
  /// The parts in zip order.
  private(set) var parts: [ZipEntry]
  private var index: [String: Int] = [:]
  let contentTypes: ContentTypes
  let limits: DecodingLimits
  /// Reads the parts whose data was not kept, while the archive is open.
  private let reader: ZipArchive.EntryReader?

  /// The paths bytes ``reading(_:limits:pathsOnDemand:keptPathsBytes:_:)`` keeps by default:
  /// every part is decompressed and checked then, so a note's paths are decompressed once,
  /// not a second time when their strokes are read; larger documents stay within this and
  /// one part more.
  static let keptPathsBytes = 16 << 20

  /// Reads a package from zip bytes, every part's data at hand.
  init(bytes: [UInt8], limits: DecodingLimits) throws(WillError) {
    try self.init(parts: try ZipArchive.read(bytes, limits: limits), reader: nil, limits: limits)
  }

  /// Reads a package from zip bytes for `body`. With `pathsOnDemand`, every part's data is
  /// kept, and the paths parts' (named `*.protobuf`, as every producer names them) while they
  /// declare ``keptPathsBytes`` together at most; the others are decompressed again when
  /// ``data(of:)`` asks for them, so memory holds one of them at a time, and the package must
  /// not outlive `body`.
  static func reading<Result>(
    _ bytes: [UInt8], limits: DecodingLimits, pathsOnDemand: Bool,
    keptPathsBytes: Int = keptPathsBytes, _ body: (InkPackage) throws(WillError) -> Result
  ) throws(WillError) -> Result {
    guard pathsOnDemand else { return try body(try InkPackage(bytes: bytes, limits: limits)) }
    var keptPaths = 0
    let keeping = { (name: PartName, size: Int) -> Bool in
      guard name.description.lowercased().hasSuffix(".protobuf") else { return true }
      guard size <= keptPathsBytes - keptPaths else { return false }
      keptPaths += size
      return true
    }
    return try ZipArchive.withEntries(bytes, limits: limits, keeping: keeping) {
      (parts, reader) throws(WillError) -> Result in
      try body(try InkPackage(parts: parts, reader: reader, limits: limits))
    }
  }

  private init(parts: [ZipEntry], reader: ZipArchive.EntryReader?, limits: DecodingLimits)
    throws(WillError)
  {
    self.parts = parts
    self.reader = reader
    for (position, part) in parts.enumerated() {
      index[part.name.normalizedKey] = position
    }
    self.limits = limits
    guard let types = index[PartName.contentTypes.normalizedKey] else {
      throw WillError(
        .missingPart(PartName.contentTypes.description), part: PartName.contentTypes.description)
    }
    let typesPart = parts[types]
    contentTypes = try ContentTypes(
      parsing: try XMLDocument(
        parsing: try reader?.data(of: typesPart) ?? typesPart.data,
        part: typesPart.name.description, limits: limits),
      part: typesPart.name.description)
  }

  /// A part's data, decompressed again if the package did not keep it.
  func data(of part: ZipEntry) throws(WillError) -> [UInt8] {
    guard !part.isLoaded, let reader else { return part.data }
    return try reader.data(of: part)
  }

  /// The part named `name`, if present.
  func part(_ name: PartName) -> ZipEntry? { part(normalizedKey: name.normalizedKey) }

  /// The part whose ``PartName/normalizedKey`` is `key`, if present.
  func part(normalizedKey key: String) -> ZipEntry? { index[key].map { parts[$0] } }

  /// The content type of a part.
  func contentType(of name: PartName) -> String? { contentTypes.contentType(of: name) }

  /// Parses an XML part.
  func xml(_ name: PartName) throws(WillError) -> XMLDocument {
    guard let part = part(name) else {
      throw WillError(.missingPart(name.description), part: name.description)
    }
    return try XMLDocument(parsing: try data(of: part), part: name.description, limits: limits)
  }

  /// The relationships whose source is `source` (`nil`: the package), or none when the
  /// source has no `.rels` part.
  func relationships(of source: PartName?) throws(WillError) -> [Relationship] {
    let relsName = source?.relationshipsPart ?? PartName.packageRelationships
    guard part(relsName) != nil else { return [] }
    return try Relationship.parse(try xml(relsName), part: relsName.description)
  }

  /// The part a relationship points to, which must exist.
  func target(of relationship: Relationship, from source: PartName?, relsPart: String)
    throws(WillError) -> ZipEntry
  {
    let name: PartName
    do throws(WillError) {
      if let source {
        name = try source.resolving(relationship.target)
      } else {
        name = try PartName.resolving(packageTarget: relationship.target)
      }
    } catch {
      throw WillError(error.kind, part: relsPart)
    }
    guard !relationship.isExternal, let part = part(name) else {
      throw WillError(
        .unresolvedRelationship(id: relationship.id, target: relationship.target), part: relsPart)
    }
    return part
  }
}
