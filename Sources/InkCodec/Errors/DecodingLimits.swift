/// Bounds on what a decoder accepts, so that hostile input fails fast instead of
/// exhausting memory or time.
///
/// Every decoder in InkCodec takes a `DecodingLimits` and checks it before it allocates.
/// Counts read from a file are never trusted for allocation: capacity is bounded by the bytes
/// actually present, and by these limits.
public struct DecodingLimits: Sendable, Hashable, Codable {
  /// The name of one limit, as reported in ``WillErrorKind/limitExceeded(_:value:limit:)``.
  public enum Limit: String, Sendable, Hashable, Codable, CaseIterable {
    /// ``DecodingLimits/maxFileBytes``.
    case fileBytes = "file size"
    /// ``DecodingLimits/maxPartBytes``.
    case partBytes = "decompressed part size"
    /// ``DecodingLimits/maxTotalBytes``.
    case totalBytes = "total decompressed size"
    /// ``DecodingLimits/maxParts``.
    case parts = "parts"
    /// ``DecodingLimits/maxXMLDepth``.
    case xmlDepth = "XML depth"
    /// ``DecodingLimits/maxXMLAttributes``.
    case xmlAttributes = "XML attributes per element"
    /// ``DecodingLimits/maxStrokes``.
    case strokes = "strokes"
    /// ``DecodingLimits/maxPaints``.
    case paints = "paints"
    /// ``DecodingLimits/maxPointsPerStroke``.
    case pointsPerStroke = "points per stroke"
    /// ``DecodingLimits/maxTotalPoints``.
    case totalPoints = "total points"
    /// ``DecodingLimits/maxSections``.
    case sections = "sections"
    /// ``DecodingLimits/maxElements``.
    case elements = "SVG elements"
    /// ``DecodingLimits/maxReferences``.
    case references = "part references"
    /// ``DecodingLimits/maxXMLPartBytes``.
    case xmlPartBytes = "XML part size"
    /// ``DecodingLimits/maxXMLNameBytes``.
    case xmlNameBytes = "XML name size"
    /// ``DecodingLimits/maxChannels``.
    case channels = "channels per trace format"
    /// ``DecodingLimits/maxBrushes``.
    case brushes = "InkML brushes"
  }

  /// Largest input file, in bytes. Stops reading a multi-gigabyte file into memory.
  public var maxFileBytes: Int
  /// Largest decompressed size of one zip part. Stops a zip bomb hidden in one entry.
  public var maxPartBytes: Int
  /// Largest decompressed size of all parts together. Stops many medium-sized bombs.
  public var maxTotalBytes: Int
  /// Most parts of a container: entries in a zip package, chunks in a RIFF file. Stops
  /// archives of millions of tiny entries and files of millions of empty chunks.
  public var maxParts: Int
  /// Deepest element nesting in an XML part. Stops stack and time exhaustion by nested `<g>`.
  /// At most 256 applies (libxml2's own depth limit): a larger value still stops there.
  public var maxXMLDepth: Int
  /// Most attributes on one XML element. Stops attribute floods.
  public var maxXMLAttributes: Int
  /// Most strokes (path records) in one document, counted once per reference to their paths
  /// part (UIM strokes, InkML traces). Stops 10^7 empty records.
  public var maxStrokes: Int
  /// Most particle paints (records of the paints part). Stops 10^7 empty records, each of
  /// which would become a paint with default values.
  public var maxPaints: Int
  /// Most points in one stroke. Stops one record claiming billions of points.
  public var maxPointsPerStroke: Int
  /// Most points in one document, counted once per reference to their paths part: the points
  /// a renderer draws and a dump prints. Stops one part referenced thousands of times.
  public var maxTotalPoints: Int
  /// Most sections (pages), counted once per relationship to a section part.
  public var maxSections: Int
  /// Most SVG elements in all sections together, counted once per relationship to their
  /// section part. In a UIM file: the ink tree nodes, the knowledge-graph statements, and
  /// (with three more per allowed stroke) all embedded messages and repeated strings together.
  public var maxElements: Int
  /// Most references from sections to paths and image parts (`<g r:id>`, `<image r:id>`).
  public var maxReferences: Int
  /// Largest XML part, in bytes. libxml2 (as FoundationXML runs it) fails parts over
  /// 10,000,000 bytes, so a larger value still stops there, with this limit's error.
  public var maxXMLPartBytes: Int
  /// Longest element, attribute or processing-instruction target name in an XML part, in
  /// bytes. libxml2 fails names over 50,000 bytes, so a larger value still stops there.
  public var maxXMLNameBytes: Int
  /// Most channels in one InkML trace format. Every trace keeps one column per channel of its
  /// format, so a format of 100,000 channels would make each empty `<trace/>` cost megabytes.
  public var maxChannels: Int
  /// Most brushes (distinct `xml:id`s) in one InkML document. willdoc writes at most one per
  /// stroke, so the default matches ``maxStrokes``: whatever it writes, it reads back.
  public var maxBrushes: Int

  /// Creates limits; every parameter defaults to the value in ``default``.
  public init(
    maxFileBytes: Int = 256 << 20,
    maxPartBytes: Int = 64 << 20,
    maxTotalBytes: Int = 256 << 20,
    maxParts: Int = 10_000,
    maxXMLDepth: Int = 256,
    maxXMLAttributes: Int = 1_024,
    maxStrokes: Int = 500_000,
    maxPaints: Int = 10_000,
    maxPointsPerStroke: Int = 1_000_000,
    maxTotalPoints: Int = 5_000_000,
    maxSections: Int = 10_000,
    maxElements: Int = 1_000_000,
    maxReferences: Int = 100_000,
    maxXMLPartBytes: Int = 10_000_000,
    maxXMLNameBytes: Int = 50_000,
    maxChannels: Int = 32,
    maxBrushes: Int = 500_000
  ) {
    self.maxFileBytes = maxFileBytes
    self.maxPartBytes = maxPartBytes
    self.maxTotalBytes = maxTotalBytes
    self.maxParts = maxParts
    self.maxXMLDepth = maxXMLDepth
    self.maxXMLAttributes = maxXMLAttributes
    self.maxStrokes = maxStrokes
    self.maxPaints = maxPaints
    self.maxPointsPerStroke = maxPointsPerStroke
    self.maxTotalPoints = maxTotalPoints
    self.maxSections = maxSections
    self.maxElements = maxElements
    self.maxReferences = maxReferences
    self.maxXMLPartBytes = maxXMLPartBytes
    self.maxXMLNameBytes = maxXMLNameBytes
    self.maxChannels = maxChannels
    self.maxBrushes = maxBrushes
  }

  /// Bounds that fit every real document by orders of magnitude (the largest real sample has
  /// 282 strokes and 27,361 points) while keeping the worst input they let through within
  /// 1 GiB of address space and seconds of work (see `docs/robustness.md`): 256 MiB files,
  /// 64 MiB per part, 256 MiB in total, 10,000 parts, XML depth 256, 500,000 strokes, 10,000 paints, a
  /// million points per stroke, 5 million points per document, 10,000 sections, a million SVG
  /// elements, 100,000 part references, 10,000,000-byte XML parts, 50,000-byte
  /// XML names (libxml2's own caps), 32 channels per InkML trace format and 500,000
  /// InkML brushes.
  public static let `default` = DecodingLimits()

  /// The most a limit can usefully be raised to: the XML reader stops every part at 10,000,000
  /// bytes, every name at 50,000 bytes and every nesting at depth 256 (libxml2's own caps
  /// without `XML_PARSE_HUGE`, which the portable reader keeps), whatever the limit says.
  /// `nil` for the limits that have no ceiling.
  /// - Parameter limit: A limit.
  /// - Returns: The ceiling, or `nil`.
  public static func ceiling(of limit: Limit) -> Int? {
    switch limit {
    case .xmlPartBytes: xmlPartCeiling
    case .xmlNameBytes: xmlNameCeiling
    case .xmlDepth: xmlDepthCeiling
    default: nil
    }
  }

  // The XML reader's caps, here so that the limits do not depend on the reader; why each
  // value: `XMLPreflight.parserPartCap`, `parserNameCap` and `parserDepthCap`.
  static let xmlPartCeiling = 10_000_000
  static let xmlNameCeiling = 50_000
  static let xmlDepthCeiling = 256

  /// No bounds beyond what the machine has. Use only for trusted input.
  public static let unlimited = DecodingLimits(
    maxFileBytes: .max, maxPartBytes: .max, maxTotalBytes: .max, maxParts: .max,
    maxXMLDepth: .max, maxXMLAttributes: .max, maxStrokes: .max, maxPaints: .max,
    maxPointsPerStroke: .max,
    maxTotalPoints: .max, maxSections: .max, maxElements: .max, maxReferences: .max,
    maxXMLPartBytes: .max, maxXMLNameBytes: .max, maxChannels: .max,
    maxBrushes: .max)

  /// Throws ``WillErrorKind/limitExceeded(_:value:limit:)`` when `value` is above `limit`.
  func check(_ limit: Limit, _ value: Int, part: String? = nil, offset: Int? = nil)
    throws(WillError)
  {
    let bound = self[limit]
    if value > bound {
      throw WillError(.limitExceeded(limit, value: value, limit: bound), part: part, offset: offset)
    }
  }

  /// The bound for one limit.
  public subscript(limit: Limit) -> Int {
    switch limit {
    case .fileBytes: maxFileBytes
    case .partBytes: maxPartBytes
    case .totalBytes: maxTotalBytes
    case .parts: maxParts
    case .xmlDepth: maxXMLDepth
    case .xmlAttributes: maxXMLAttributes
    case .strokes: maxStrokes
    case .paints: maxPaints
    case .pointsPerStroke: maxPointsPerStroke
    case .totalPoints: maxTotalPoints
    case .sections: maxSections
    case .elements: maxElements
    case .references: maxReferences
    case .xmlPartBytes: maxXMLPartBytes
    case .xmlNameBytes: maxXMLNameBytes
    case .channels: maxChannels
    case .brushes: maxBrushes
    }
  }
}
