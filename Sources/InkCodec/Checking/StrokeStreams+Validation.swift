/// Stroke-by-stroke validation on the streaming reader: the checks
/// ``WillDocument/validate(maximumRepeats:)`` makes, without keeping a `Stroke`.
extension StrokeStreams {
  /// Where a stroke is, as ``forEachStroke(parsing:limits:maximumRepeats:_:)`` hands it out.
  public struct Location: Sendable, Hashable {
    /// The index of its section.
    public var section: Int
    /// The index of its paths element among every element of the document, in document
    /// order (the order of ``StrokeStreams/elements``).
    public var element: Int
    /// The part its element draws (`nil` for a raw file).
    public var part: String?
    /// The index of the stroke within its element.
    public var index: Int
    /// Where the element is drawn: the transforms above it and its own.
    public var transform: AffineTransform
  }

  /// Reads a document in one pass, handing `body` each stroke in document order, decoded
  /// into one reused buffer: memory holds the file, the document's structure, one paths part
  /// (a package's paths parts are decompressed as they are reached) and one stroke. A part
  /// that several sections include is kept once read, and decoded once per inclusion, as
  /// the document's limits count it.
  ///
  /// The stroke-by-stroke reading behind `willdoc validate` and `inspect`:
  ///
  /// ```swift
  /// var points = 0
  /// let (structure, warnings) = try StrokeStreams.forEachStroke(parsing: bytes) { stroke, _ in
  ///     points += stroke.pointCount
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The file: a package, a RIFF file or a raw paths stream.
  ///   - limits: The bounds reading stays within.
  ///   - maximumRepeats: How many diagnostics of one code in one part to list, as in
  ///     ``WillDocument/validate(maximumRepeats:)``.
  ///   - body: Called with each stroke and where it is; it may throw to stop reading.
  /// - Returns: The document without its strokes, and the warnings
  ///   ``WillDocument/validate(maximumRepeats:)`` gives for the whole document, in its order.
  /// - Throws: ``WillError`` as ``WillDocument/init(parsing:limits:)-([UInt8],_)`` would throw
  ///   it, or what `body` throws.
  public static func forEachStroke(
    parsing bytes: [UInt8], limits: DecodingLimits = .default, maximumRepeats: Int = 100,
    _ body: (StrokeBuffer, Location) throws(WillError) -> Void
  ) throws(WillError) -> (structure: WillDocument, diagnostics: [Diagnostic]) {
    var diagnostics = DiagnosticList(maximumRepeats: maximumRepeats)
    var buffer = StrokeBuffer()
    var pages: [PageSize?] = []
    var paints = 0
    var element = 0
    return try read(bytes, limits: limits, pathsOnDemand: true) {
      (source, reference) throws(WillError) in
      if element == 0 {
        // The structure is read before any stroke: its warnings come first, as the
        // document lists them, and the pages and paints are known.
        for warning in source.structure.readWarnings { diagnostics.append(warning) }
        pages = source.structure.sections.map(\.pageSize)
        paints = source.structure.paints.count
      }
      let location = Location(
        section: reference.section, element: element, part: source.part, index: 0,
        transform: reference.transform)
      element += 1
      return try checkStrokes(
        of: &source.decoder, at: location, paints: paints, page: pages[reference.section],
        buffer: &buffer, diagnostics: &diagnostics, body)
    } finish: { structure, _ in
      if element == 0 {
        for warning in structure.readWarnings { diagnostics.append(warning) }
      }
      structure.appendUnreferencedPathsParts(to: &diagnostics)
      return (structure, diagnostics.finished())
    }
  }

  /// Decodes and checks one element's strokes, handing each to `body`; returns how many
  /// strokes and points there were. The buffer and the list are borrowed in place: no copy
  /// of the buffer per stroke.
  private static func checkStrokes(
    of decoder: inout InkDecoder, at start: Location, paints: Int, page: PageSize?,
    buffer: inout StrokeBuffer, diagnostics: inout DiagnosticList,
    _ body: (StrokeBuffer, Location) throws(WillError) -> Void
  ) throws(WillError) -> (strokes: Int, points: Int) {
    var location = start
    var points = 0
    while try decoder.next(into: &buffer) {
      // Both the page check and a reader like `inspect` want the box.
      if page != nil { buffer.rememberBounds() }
      WillDocument.check(
        buffer, index: location.index, part: location.part,
        offset: buffer.recordRange.lowerBound, paints: paints, page: page,
        transform: location.transform, into: &diagnostics)
      try body(buffer, location)
      location.index += 1
      points += buffer.pointCount
    }
    return (location.index, points)
  }

  /// Checks a document in one pass, decoding each stroke once into one buffer: the
  /// warnings ``WillDocument/validate(maximumRepeats:)`` gives for it, or the error
  /// ``WillDocument/init(parsing:limits:)-([UInt8],_)`` would throw.
  /// - Parameters:
  ///   - bytes: The file: a package, a RIFF file or a raw paths stream.
  ///   - limits: The bounds reading stays within.
  ///   - maximumRepeats: How many diagnostics of one code in one part to list, as in
  ///     ``WillDocument/validate(maximumRepeats:)``.
  /// - Returns: The container and the diagnostics, in the order the document's own
  ///   validation lists them.
  public static func validate(
    parsing bytes: [UInt8], limits: DecodingLimits = .default, maximumRepeats: Int = 100
  ) throws(WillError) -> (container: ContainerKind, diagnostics: [Diagnostic]) {
    let (structure, diagnostics) = try forEachStroke(
      parsing: bytes, limits: limits, maximumRepeats: maximumRepeats
    ) { _, _ in }
    return (structure.container, diagnostics)
  }
}
