import Foundation

/// What the independent oracle (`Tools/regenerate-expected`) decoded from one real sample.
public struct OracleDocument: Decodable, Sendable {
  /// One stroke as the oracle reports it.
  public struct Stroke: Decodable, Sendable {
    public var index: Int
    public var decimalPrecision: Int
    public var ts: Double
    public var tf: Double
    public var blendModeValue: Int
    public var blendModeWire: Int?
    public var strokePaint: Int?
    public var strokeParticlesRandomSeed: Int?
    public var id: Int?
    public var pointCount: Int
    public var stride: Int
    public var layout: [String]
    public var points: [Double]
    public var width: Double?
    public var widthCount: Int
    public var colorCount: Int
    public var color: Color?
    public var colors: [Color]?
    public var byteLength: Int
  }

  /// A colour as the oracle reports it.
  public struct Color: Decodable, Sendable {
    public var rgba: UInt32
  }

  /// An element of a section (paths, image, unresolved, …).
  public struct Element: Decodable, Sendable {
    public var kind: String
    public var part: String?
    public var transform: [Double]?
    public var strokes: [Stroke]?
  }

  /// One section.
  public struct Section: Decodable, Sendable {
    public var part: String?
    public var width: Double?
    public var height: Double?
    public var viewBox: [Double]?
    public var elements: [Element]
  }

  /// Document properties.
  public struct Properties: Decodable, Sendable {
    public var title: String?
    public var created: String?
    public var modified: String?
    public var application: String?
    public var appVersion: String?
  }

  public var container: String
  public var sections: [Section]
  public var props: Properties?

  /// Every paths element's strokes in document order.
  public var allStrokes: [Stroke] {
    sections.flatMap { $0.elements.filter { $0.kind == "paths" }.flatMap { $0.strokes ?? [] } }
  }

  /// Loads the expectation for the sample `name` from `Expected/` in `bundle`.
  public static func load(_ name: String, in directory: URL) throws -> OracleDocument {
    let url = directory.appendingPathComponent(name + ".json")
    return try JSONDecoder().decode(OracleDocument.self, from: Data(contentsOf: url))
  }
}
