/// The paths streams of a RIFF or raw file, to read one stroke at a time: memory holds the
/// file and one stroke, never every stroke (a `WillDocument` of a 64 MiB stream holds about
/// eight times the file).
///
/// Opening checks every stream as ``WillDocument/init(parsing:limits:)`` does — each stroke
/// decoded under the limits and dropped, the document-wide limits across streams — so the
/// decoders it hands out cannot fail on the same bytes.
///
/// ```swift
/// if let file = try StrokeStreams(parsing: bytes) {
///     for index in file.streams.indices {
///         var decoder = file.decoder(for: index)
///         while let stroke = try decoder.next() { draw(stroke) }
///     }
/// }
/// ```
public struct StrokeStreams: Sendable {
  /// One paths stream: a RIFF `INK ` chunk or a raw file.
  public struct Stream: Sendable {
    /// The part name, as the document names it (`INK `, `INK #2`…), or `nil` for a raw file.
    public let part: String?
    /// The stream's bytes.
    public let bytes: [UInt8]
    /// How many strokes it holds.
    public let strokeCount: Int
    /// How many control points its strokes hold.
    public let pointCount: Int
  }

  /// `.riff` or `.raw`.
  public let container: ContainerKind
  /// The streams in file order: one per `INK ` chunk, or the raw file.
  public let streams: [Stream]
  /// The limits the streams were checked under, and their decoders apply.
  public let limits: DecodingLimits

  /// Reads a RIFF or raw file and checks every stroke; `nil` for an OPC package, whose
  /// strokes come with its sections (read it as a ``WillDocument``).
  /// - Throws: ``WillError`` as ``WillDocument/init(parsing:limits:)`` would throw it.
  public init?(parsing bytes: [UInt8], limits: DecodingLimits = .default) throws(WillError) {
    try limits.check(.fileBytes, bytes.count)
    let container = ContainerKind(sniffing: bytes)
    let raw: [(part: String?, bytes: [UInt8])]
    switch container {
    case .opc: return nil
    case .riff: raw = WillDocument.riffStreams(try WillDataFile(parsing: bytes, limits: limits))
    case .raw: raw = [(nil, bytes)]
    }
    var counts = [(strokes: Int, points: Int)](repeating: (0, 0), count: raw.count)
    var buffer = StrokeBuffer()
    try WillDocument.decodeStreams(raw, container: container, limits: limits) {
      (index, decoder) throws(WillError) -> Int? in
      guard try decoder.next(into: &buffer) else { return nil }
      counts[index].strokes += 1
      counts[index].points += buffer.pointCount
      return buffer.pointCount
    }
    self.container = container
    self.limits = limits
    streams = raw.indices.map {
      Stream(
        part: raw[$0].part, bytes: raw[$0].bytes, strokeCount: counts[$0].strokes,
        pointCount: counts[$0].points)
    }
  }

  /// A decoder over the stream at `index`, from its first stroke.
  public func decoder(for index: Int) -> InkDecoder {
    InkDecoder(bytes: streams[index].bytes, part: streams[index].part, limits: limits)
  }

  /// Checks a RIFF or raw file in one pass, decoding each stroke once: the warnings
  /// ``WillDocument/validate(maximumRepeats:)`` gives for it, or the error
  /// ``WillDocument/init(parsing:limits:)`` would throw. `nil` for an OPC package.
  public static func validate(
    parsing bytes: [UInt8], limits: DecodingLimits = .default, maximumRepeats: Int = 100
  ) throws(WillError) -> (container: ContainerKind, diagnostics: [Diagnostic])? {
    try limits.check(.fileBytes, bytes.count)
    let container = ContainerKind(sniffing: bytes)
    let streams: [(part: String?, bytes: [UInt8])]
    switch container {
    case .opc: return nil
    case .riff:
      streams = WillDocument.riffStreams(try WillDataFile(parsing: bytes, limits: limits))
    case .raw: streams = [(nil, bytes)]
    }
    var diagnostics = DiagnosticList(maximumRepeats: maximumRepeats)
    var buffer = StrokeBuffer()
    try WillDocument.decodeStreams(streams, container: container, limits: limits) {
      (stream, decoder) throws(WillError) -> Int? in
      let index = decoder.strokeIndex
      guard try decoder.next(into: &buffer) else { return nil }
      WillDocument.check(
        buffer, index: index, part: streams[stream].part, offset: buffer.recordRange.lowerBound,
        paints: 0, page: nil, transform: .identity, into: &diagnostics)
      return buffer.pointCount
    }
    return (container, diagnostics.finished())
  }
}
