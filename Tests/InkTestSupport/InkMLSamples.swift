import Foundation

/// The real InkML files kept outside the repository (ImadocSen-OnDB, see their SOURCES.md), in
/// `$INKML_SAMPLES` or `../shared/inkml-samples` beside the package. Tests that need them skip
/// when absent.
public enum InkMLSamples {
  /// The samples folder, or `nil` when it does not exist.
  public static let directory = Fixtures.sharedFolder("inkml-samples", variable: "INKML_SAMPLES")

  /// Whether the samples are available.
  public static var isAvailable: Bool { directory != nil }

  /// The URL of one sample.
  public static func url(_ name: String) -> URL {
    (directory ?? URL(fileURLWithPath: "/nonexistent")).appendingPathComponent(name)
  }

  /// The bytes of one sample.
  public static func bytes(_ name: String) throws -> [UInt8] {
    try Fixtures.bytes(of: url(name))
  }

  /// The samples with their trace counts (`<trace` elements counted in the files).
  public static let traceCounts = [
    "ImadocSen-OnDB__sentences_writer21_sentence3.inkml": 65,
    "ImadocSen-OnDB__sentences_writer30_sentence8.inkml": 86,
    "ImadocSen-OnDB__words_writer40_sentence2.inkml": 21,
  ]
}
