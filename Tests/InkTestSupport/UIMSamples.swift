import Foundation
import Testing

/// The real UIM files kept outside the repository, in `$UIM_SAMPLES` or `../shared/uim-samples`
/// beside the package. Tests that need them skip when absent.
public enum UIMSamples {
  /// The samples folder, or `nil` when it does not exist.
  public static let directory = Fixtures.sharedFolder("uim-samples", variable: "UIM_SAMPLES")

  /// Whether the samples are available.
  public static var isAvailable: Bool { directory != nil }

  /// The file names of every `.uim` sample, sorted; empty when absent.
  public static let names: [String] = {
    guard let directory,
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    return names.filter { $0.hasSuffix(".uim") }.sorted()
  }()

  /// How many samples the folder holds: three UIM 3.0.0 and five UIM 3.1.0 files.
  public static let expectedCount = 8

  /// The URL of one sample.
  public static func url(_ name: String) -> URL {
    (directory ?? URL(fileURLWithPath: "/nonexistent")).appendingPathComponent(name)
  }

  /// The bytes of one sample.
  public static func bytes(_ name: String) throws -> [UInt8] {
    try Fixtures.bytes(of: url(name))
  }
}

/// What the oracle prints for a UIM file (`will_oracle.py --uim`): what Wacom's `UIMParser` reads.
public struct OracleUIMDocument: Decodable, Sendable {
  /// One stroke as the library lists it.
  public struct Stroke: Decodable, Sendable {
    public var id: String
    public var layoutMask: Int
    public var points: Int
    public var ts: Double
    public var tf: Double
    public var randomSeed: Int?
    public var brushUri: String?
    public var renderModeUri: String?
    public var style: [String: Double?]?
    public var sensorDataId: String?
    public var channels: [String: [Double]]
  }

  /// A view's name and how many stroke nodes it has.
  public struct View: Decodable, Sendable {
    public var name: String
    public var strokes: Int
  }

  public var version: String
  public var strokes: [Stroke]
  public var mainTreeStrokeOrder: [String]
  public var views: [View]
  public var properties: [[String]]
  public var vectorBrushes: [String]
  public var rasterBrushes: [String]
  public var sensorData: Int
}

extension Oracle {
  /// What Wacom's `UIMParser` reads from the UIM file at `url` (`will_oracle.py --uim`).
  public static func readUIM(_ url: URL) throws -> OracleUIMDocument {
    // JSONDecoder reads doubles exactly (JSONSerialization does not).
    try JSONDecoder().decode(OracleUIMDocument.self, from: try Oracle.run(["--uim", url.path]))
  }
}
