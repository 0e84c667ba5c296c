import Foundation

/// The real WILL files kept outside the repository, in `$WILL_SAMPLES` or
/// `../shared/will-samples` beside the package. Tests that need them skip when absent.
public enum ExternalSamples {
  /// The samples folder, or `nil` when it does not exist.
  public static let directory: URL? = {
    let candidates = [
      ProcessInfo.processInfo.environment["WILL_SAMPLES"].map { URL(fileURLWithPath: $0) },
      Fixtures.packageRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/will-samples"),
    ]
    return candidates.compactMap { $0 }.first { url in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
  }()

  /// Whether the samples are available.
  public static var isAvailable: Bool { directory != nil }

  /// The file names of every sample (`*.will`, `*.bin`), sorted; empty when absent.
  public static let names: [String] = {
    guard let directory,
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    return names.filter { $0.hasSuffix(".will") || $0.hasSuffix(".bin") }.sorted()
  }()

  /// The bytes of one sample.
  public static func bytes(_ name: String) throws -> [UInt8] {
    guard let directory else { throw CocoaError(.fileNoSuchFile) }
    return try Fixtures.bytes(of: directory.appendingPathComponent(name))
  }

  /// Names of the samples whose container is RIFF or raw (no zip needed).
  public static var streamNames: [String] {
    names.filter { name in
      guard let bytes = try? bytes(name) else { return false }
      return !bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }
  }
}
