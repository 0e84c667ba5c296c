/// A document's strokes to read one at a time, whatever the container: memory holds the
/// file, the document's structure and one stroke, never a `Stroke` per record (a
/// `WillDocument` of a 64 MiB stream holds about eight times the file).
///
/// The streams are the paths parts of a package (each part once, however many sections
/// include it), the `INK ` chunks of a RIFF file, or a raw file. ``elements`` says which
/// section draws which stream, and where.
///
/// Opening checks the whole document as ``WillDocument/init(parsing:limits:)-([UInt8],_)`` does
/// — each stroke decoded under the limits and dropped, the document-wide limits across streams
/// and references — so the decoders it hands out cannot fail on the same bytes.
///
/// ```swift
/// let file = try StrokeStreams(parsing: bytes)
/// var buffer = StrokeBuffer()
/// for element in file.elements {
///     var decoder = file.decoder(for: element.stream)
///     while try decoder.next(into: &buffer) { draw(buffer, on: element.section) }
/// }
/// ```
public struct StrokeStreams: Sendable {
  /// One paths stream: a package's paths part, a RIFF `INK ` chunk or a raw file.
  public struct Stream: Sendable {
    /// The part name, as the document names it (`/sections/media/paths0.protobuf`, `INK `,
    /// `INK #2`…), or `nil` for a raw file.
    public let part: String?
    /// The stream's bytes.
    public let bytes: [UInt8]
    /// How many strokes it holds.
    public let strokeCount: Int
    /// How many control points its strokes hold.
    public let pointCount: Int
  }

  /// One paths element of the document, in document order.
  public struct Element: Sendable, Hashable {
    /// The index of its section in ``structure``.
    public let section: Int
    /// The index of the stream it draws, in ``streams``.
    public let stream: Int
    /// The product of the transforms above it and its own (outer on the left), as
    /// ``PlacedPaths/transform`` has it.
    public let transform: AffineTransform
  }

  /// `.opc`, `.riff` or `.raw`.
  public var container: ContainerKind { structure.container }
  /// The document without its strokes: sections with their paths elements empty,
  /// properties, paints, parts and read warnings.
  public let structure: WillDocument
  /// The streams, each once, in the order the document first draws them.
  public let streams: [Stream]
  /// Every paths element in document order: section by section, in tree order.
  public let elements: [Element]
  /// The limits the document was checked under, and its decoders apply.
  public let limits: DecodingLimits

  /// Decompresses a package's paths parts for ``decoder(for:)`` when the streams were opened
  /// by ``withStreams(parsing:limits:_:)``; `nil` when every stream's bytes are at hand.
  private let loader: PathsPartLoader?

  /// Reads a document and checks every stroke without keeping any; every stream's bytes
  /// are kept for its decoders.
  /// - Throws: ``WillError`` as ``WillDocument/init(parsing:limits:)-([UInt8],_)`` would throw it.
  public init(parsing bytes: [UInt8], limits: DecodingLimits = .default) throws(WillError) {
    self = try Self.open(bytes, limits: limits, pathsOnDemand: false) { $0 }
  }

  /// Reads a document, checks every stroke without keeping any, and hands the streams to
  /// `body`, whose decoders decompress a package's paths parts as they are asked for: memory
  /// holds the file, the structure, one paths part (and those several elements share) and
  /// what `body` keeps. The streams' ``Stream/bytes`` are empty for a package's parts, and
  /// its decoders fail once `body` has returned.
  /// - Throws: ``WillError`` as ``WillDocument/init(parsing:limits:)-([UInt8],_)`` would throw
  ///   it, or what `body` throws.
  public static func withStreams<Result>(
    parsing bytes: [UInt8], limits: DecodingLimits = .default,
    _ body: (StrokeStreams) throws(WillError) -> Result
  ) throws(WillError) -> Result {
    try open(bytes, limits: limits, pathsOnDemand: true) { (file) throws(WillError) -> Result in
      defer { file.loader?.close() }
      return try body(file)
    }
  }

  private init(
    structure: WillDocument, streams: [Stream], elements: [Element], limits: DecodingLimits,
    loader: PathsPartLoader?
  ) {
    self.structure = structure
    self.streams = streams
    self.elements = elements
    self.limits = limits
    self.loader = loader
  }

  /// Checks every stroke, counting each stream's strokes once, then hands `body` the
  /// streams while the file is open.
  private static func open<Result>(
    _ bytes: [UInt8], limits: DecodingLimits, pathsOnDemand: Bool,
    _ body: (StrokeStreams) throws(WillError) -> Result
  ) throws(WillError) -> Result {
    var streams: [Stream] = []
    var elements: [Element] = []
    var streamIndex: [String: Int] = [:]
    var buffer = StrokeBuffer()
    return try read(bytes, limits: limits, pathsOnDemand: pathsOnDemand) {
      (source, reference) throws(WillError) in
      let key = source.key ?? "#\(reference.section)/\(elements.count)"
      if let index = streamIndex[key] {
        elements.append(
          Element(section: reference.section, stream: index, transform: reference.transform))
        return (streams[index].strokeCount, streams[index].pointCount)
      }
      var counts = (strokes: 0, points: 0)
      while try source.decoder.next(into: &buffer) {
        counts.strokes += 1
        counts.points += buffer.pointCount
      }
      streamIndex[key] = streams.count
      elements.append(
        Element(section: reference.section, stream: streams.count, transform: reference.transform))
      // A package's part read on demand is read again by its decoders.
      let kept = pathsOnDemand && source.key != nil ? [] : source.bytes
      streams.append(
        Stream(
          part: source.part, bytes: kept, strokeCount: counts.strokes, pointCount: counts.points))
      return counts
    } finish: { (structure, package) throws(WillError) -> Result in
      var loader: PathsPartLoader?
      if pathsOnDemand, let package {
        var drawn = [Int](repeating: 0, count: streams.count)
        for element in elements { drawn[element.stream] += 1 }
        loader = PathsPartLoader(
          package: package, parts: streams.map { $0.part ?? "" },
          shared: Set(drawn.indices.filter { drawn[$0] > 1 }))
      }
      return try body(
        StrokeStreams(
          structure: structure, streams: streams, elements: elements, limits: limits,
          loader: loader))
    }
  }

  /// A decoder over the stream at `index`, from its first stroke.
  /// - Throws: ``WillError`` when a part read on demand cannot be read again (or is asked
  ///   for after ``withStreams(parsing:limits:_:)`` has returned).
  public func decoder(for index: Int) throws(WillError) -> InkDecoder {
    let bytes = try loader?.bytes(of: index) ?? streams[index].bytes
    return InkDecoder(bytes: bytes, part: streams[index].part, limits: limits)
  }

  /// Where one paths element's strokes come from, handed to `read`'s `visit`.
  struct Source {
    /// The document's structure, read before any stroke.
    let structure: WillDocument
    let part: String?
    let bytes: [UInt8]
    /// The part's normalised name, the same for every reference to it (`nil` for a RIFF
    /// chunk or a raw file, each read once).
    let key: String?
    /// A decoder at the stream's start, its record count checked against the limits.
    var decoder: InkDecoder
  }

  /// Reads a document's structure, then hands `visit` each paths element in document order
  /// to decode; `visit` returns the element's stroke and point counts, which are charged to
  /// the document's budget as the document reader charges them. `finish` then runs with the
  /// structure and, for a package, the package, while it is open. With `pathsOnDemand`, a
  /// package's paths parts are decompressed as they are visited (one at a time in memory,
  /// and `visit` must not keep their bytes).
  static func read<Result>(
    _ bytes: [UInt8], limits: DecodingLimits, pathsOnDemand: Bool,
    visit: (inout Source, WillDocument.PathsReference) throws(WillError) -> (
      strokes: Int, points: Int
    ),
    finish: (WillDocument, InkPackage?) throws(WillError) -> Result
  ) throws(WillError) -> Result {
    try limits.check(.fileBytes, bytes.count)
    let container = ContainerKind(sniffing: bytes)
    guard container == .opc else {
      let streams: [(part: String?, bytes: [UInt8])]
      var riff: WillDataFile?
      if container == .riff {
        let file = try WillDataFile(parsing: bytes, limits: limits)
        riff = file
        streams = WillDocument.riffStreams(file)
      } else {
        streams = [(nil, bytes)]
      }
      let structure = WillDocument(structureOf: streams, riff: riff)
      try WillDocument.decodeStreams(streams, container: container, limits: limits) {
        (stream, decoder) throws(WillError) in
        var source = Source(
          structure: structure, part: streams[stream].part, bytes: streams[stream].bytes,
          key: nil, decoder: decoder)
        defer { decoder = source.decoder }
        return try visit(&source, WillDocument.PathsReference(section: 0, transform: .identity))
      }
      return try finish(structure, nil)
    }
    return try InkPackage.reading(bytes, limits: limits, pathsOnDemand: pathsOnDemand) {
      (package) throws(WillError) -> Result in
      var budget = ReadingBudget(limits: limits)
      var sections = try WillDocument(structureOf: package, budget: &budget)
      let structure = sections
      try WillDocument.forEachPathsReference(
        in: &sections.sections, package: package, budget: &budget
      ) { (part, bytes, _, reference) throws(WillError) in
        let name = part.name.description
        var source = Source(
          structure: structure, part: name, bytes: bytes, key: part.name.normalizedKey,
          decoder: try InkDecoder(checking: bytes, part: name, limits: limits))
        return try visit(&source, reference)
      }
      return try finish(structure, package)
    }
  }
}
