/// A Universal Ink Model document (`.uim`, "WILL 3"), as Wacom's current SDKs write it: document
/// properties, input configuration and sensor data, brushes, strokes, a knowledge graph, and the
/// main ink tree with named views.
///
/// ```swift
/// let document = try UIMDocument(parsing: bytes)
/// for stroke in document.inkData.strokes {
///     print(stroke.id ?? "-", stroke.pointCount, document.inkData.brushURI(of: stroke) ?? "-")
/// }
/// let bytes = try document.serialized()   // UIM 3.1.0
/// ```
///
/// Both versions read: 3.0.0 (one `DATA` chunk holding an `InkObject`, upgraded on reading as
/// Wacom's library upgrades it: identifiers to bytes, each stroke's style into the tables) and
/// 3.1.0 (one chunk per part). Writing always gives 3.1.0. Unknown fields of every message and
/// chunks with unknown ids are kept and written back.
public struct UIMDocument: Sendable, Hashable, Codable {
  /// The version read (`[3, 0, 0]` or `[3, 1, 0]`); writing always gives 3.1.0.
  public var version: [UInt8] = [3, 1, 0]
  /// Document properties (`PRPS`).
  public var properties: [UIMProperty] = []
  /// Input configuration and sensor data (`INPT`).
  public var inputData = UIMInputData()
  /// Brushes (`BRSH`).
  public var brushes = UIMBrushes()
  /// Strokes and style tables (`INKD`).
  public var inkData = UIMInkData()
  /// The knowledge graph's statements (`KNWG`), in order.
  public var knowledgeGraph: [UIMTriple] = []
  /// The main tree and views (`INKS`).
  public var structure = UIMInkStructure(mainTree: nil)
  /// The chunks as the file laid them out, for writing them back in the same order with the
  /// same descriptors (empty for a new document: the standard order is used).
  public var chunkLayout: [UIMChunk] = []
  /// Fields of the `PRPS` and `KNWG` messages this library does not know.
  public var propertiesUnknownFields: [UInt8] = []
  /// Fields of the `KNWG` message this library does not know.
  public var knowledgeGraphUnknownFields: [UInt8] = []

  /// The ids of the data chunks, in the order Wacom's library writes them.
  public static let chunkOrder = ["PRPS", "INPT", "BRSH", "INKD", "KNWG", "INKS"]

  /// Creates an empty document.
  public init() {}

  /// The strokes in main-tree pre-order (the drawing order), or in file order when there is no
  /// main tree. Indices past the strokes are skipped.
  public var strokesInDrawingOrder: [UIMStroke] {
    guard let tree = structure.mainTree else { return inkData.strokes }
    return tree.strokeIndices.compactMap { $0 < inkData.strokes.count ? inkData.strokes[$0] : nil }
  }

  /// The total number of spline points.
  public var pointCount: Int { inkData.strokes.reduce(0) { $0 + $1.pointCount } }

  /// Checks what the readers rely on: every tree well formed, every stroke index and style
  /// index within its table.
  /// - Throws: ``WillErrorKind/malformedUIM(_:)`` naming the first problem.
  public func checkReferences() throws(WillError) {
    let count = inkData.strokes.count
    for tree in [structure.mainTree].compactMap({ $0 }) + structure.views {
      do { _ = try tree.parents() } catch { throw error.located(part: "INKS") }
      for (position, index) in tree.strokeIndices.enumerated() where index >= count {
        throw WillError(
          .malformedUIM(
            "tree \"\(tree.name)\" stroke node \(position) has index \(index), past \(count) strokes"
          ), part: "INKS")
      }
    }
    for (index, stroke) in inkData.strokes.enumerated() {
      let checks: [(String, UInt32?, Int)] = [
        ("propertiesIndex", Self.index(stroke.properties), inkData.properties.count),
        ("brushURIIndex", Self.index(stroke.brushURI), inkData.brushURIs.count),
        ("renderModeURIIndex", Self.index(stroke.renderModeURI), inkData.renderModeURIs.count),
      ]
      for (name, value, size) in checks {
        if let value, value > size {
          throw WillError(
            .malformedUIM("\(name) \(value) is past a table of \(size)"), part: "INKD",
            strokeIndex: index)
        }
      }
    }
  }

  private static func index<T>(_ reference: UIMStyleReference<T>) -> UInt32? {
    if case .index(let index) = reference { index } else { nil }
  }
}
