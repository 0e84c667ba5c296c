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

  /// A folder of files kept outside the repository: `$variable`, or `../shared/name` beside
  /// the package; `nil` when neither is a folder.
  public static func sharedFolder(_ name: String, variable: String) -> URL? {
    let candidates = [
      ProcessInfo.processInfo.environment[variable].map { URL(fileURLWithPath: $0) },
      packageRoot.deletingLastPathComponent().appendingPathComponent("shared/\(name)"),
    ]
    return candidates.compactMap { $0 }.first { url in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
  }

  /// Reads a file's bytes.
  public static func bytes(of url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
  }
}
