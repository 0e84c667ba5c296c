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

  /// The built `willdoc`: beside the test bundle (SwiftPM puts every product of a build in one
  /// folder), else `.build/debug/willdoc` under the package root; `nil` when none is built.
  public static let builtWilldoc: URL? = {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("willdoc"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("willdoc"),
      packageRoot.appendingPathComponent(".build/debug/willdoc"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Reads a file's bytes.
  public static func bytes(of url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
  }
}

extension Fixtures {
  /// A baseline greyscale JPEG of 4 × 2 pixels of mid-grey (128): one 8 × 8 block whose DC and
  /// AC Huffman tables each hold one one-bit code (DC difference 0, end of block).
  public static let greyJPEG: [UInt8] = {
    let counts: [UInt8] = [1] + [UInt8](repeating: 0, count: 15)
    var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43, 0x00]
    jpeg += [UInt8](repeating: 1, count: 64)
    jpeg += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x02, 0x00, 0x04, 0x01, 0x01, 0x11, 0x00]
    for table: UInt8 in [0x00, 0x10] {
      jpeg += [0xFF, 0xC4, 0x00, 0x14, table]
      jpeg += counts
      jpeg.append(0x00)
    }
    jpeg += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x3F, 0xFF, 0xD9]
    return jpeg
  }()
}
