/// A WILL document: pages (sections) of ink, with properties and paints, read from any of
/// the three containers and written to any of them.
///
/// ```swift
/// let document = try WillDocument(contentsOf: url)
/// for section in document.sections {
///     print(section.pageSize?.description ?? "no page", section.strokes.count)
/// }
/// try document.write(to: copyURL, container: .opc)
/// ```
///
/// Build one from strokes in three lines, as the WILL SDK tutorial's `saveStrokes` does:
/// ```swift
/// var document = WillDocument(strokes: strokes, pageWidth: 600, pageHeight: 800)
/// document.properties.application = "My Notes"
/// try document.write(to: url)
/// ```
public struct WillDocument: Sendable, Hashable {
  /// The container the document was read from, and the one ``write(to:container:options:)``
  /// uses by default.
  public var container: ContainerKind
  /// Title, dates and producing application.
  public var properties: DocumentProperties
  /// The pages in order.
  public var sections: [Section]
  /// The particle paints of `style/paints.protobuf`.
  public var paints: [ParticlesPaint]
  /// Parts the model does not interpret (thumbnails, custom parts), written back unchanged.
  public var otherParts: [StoredPart]
  /// The chunks of the RIFF file the document was read from, in file order: `HEAD`, unknown
  /// chunks kept unchanged, and each `INK ` chunk as the place of a paths stream (its data is
  /// empty here: the strokes are in ``sections``, one paths element per `INK ` chunk).
  public var riffChunks: [RIFFChunk]

  /// The parts of the file the document was read from, in file order; empty for a document
  /// built in memory. Reading metadata: not compared by `==` and not written.
  public internal(set) var containerParts: [ContainerPart] = []

  /// The paints part as read, written back unchanged while ``paints`` is unchanged.
  package var paintsSource: (part: StoredPart, paints: [ParticlesPaint])?
  /// What reading the package noticed that the model does not hold (content-type overrides
  /// for missing parts), reported by ``validate()``.
  package var readWarnings: [Diagnostic] = []
  /// The props parts as read, written back unchanged while ``properties`` is unchanged.
  package var propertiesSource: PropertiesSource?
  /// The package's content types and relationships parts as read, written back unchanged
  /// while they still describe what is written.
  package var packageSource: PackageSource?

  package struct PropertiesSource: Sendable, Hashable {
    var core: StoredPart?
    var app: StoredPart?
    var properties: DocumentProperties
  }

  /// Creates a document.
  public init(
    sections: [Section] = [], properties: DocumentProperties = DocumentProperties(),
    container: ContainerKind = .opc
  ) {
    self.container = container
    self.properties = properties
    self.sections = sections
    self.paints = []
    self.otherParts = []
    self.riffChunks = []
  }

  /// Creates a one-page document holding `strokes`.
  /// - Parameters:
  ///   - strokes: The ink.
  ///   - pageWidth: The page width in user units.
  ///   - pageHeight: The page height.
  ///   - background: The page colour (white by default).
  public init(
    strokes: [Stroke], pageWidth: Double, pageHeight: Double,
    background: InkColor? = InkColor(rgba: 0xFFFF_FFFF)
  ) {
    let section = Section(
      width: pageWidth, height: pageHeight, background: background,
      nodes: [.group(SectionGroup(children: [.paths(PathsElement(strokes: strokes))]))])
    self.init(sections: [section])
  }

  /// Every stroke in document order.
  public var strokes: [Stroke] { sections.flatMap(\.strokes) }

  /// The number of control points of every stroke.
  public var pointCount: Int { strokes.reduce(0) { $0 + $1.pointCount } }

  /// Whether two documents hold the same content: container, properties, sections (with
  /// their SVG trees, part names and relationship ids), paints, other parts and RIFF chunks —
  /// everything a reader sees and every stroke's wire record. Two equal documents write the
  /// same paths streams, RIFF files and SVG sections; a package's props and paints parts may
  /// still differ in XML form when one document keeps the bytes it was read with (a read
  /// document writes its source's bytes back while its properties are unchanged).
  /// ``containerParts`` and what validation noticed while reading are not compared.
  public static func == (lhs: WillDocument, rhs: WillDocument) -> Bool {
    lhs.container == rhs.container && lhs.properties == rhs.properties
      && lhs.sections == rhs.sections
      && lhs.paints == rhs.paints && lhs.otherParts == rhs.otherParts
      && lhs.riffChunks == rhs.riffChunks
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(container)
    hasher.combine(sections)
  }
}
