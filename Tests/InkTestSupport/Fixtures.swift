import Foundation

/// Paths of the package's own files, found from this source file so tests run from any folder.
public enum Fixtures {
  /// The package root.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `SampleDocuments/` under the package root.
  public static var sampleDocuments: URL {
    packageRoot.appendingPathComponent("SampleDocuments")
  }

  /// Reads a file's bytes.
  public static func bytes(of url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
  }
}
