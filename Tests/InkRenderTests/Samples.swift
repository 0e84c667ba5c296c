import Foundation
import InkCodec

/// Finds the shared real samples: `WILL_SAMPLES`, or `../shared/will-samples` next to the
/// package root.
enum Samples {
  static let directory: URL? = {
    if let env = ProcessInfo.processInfo.environment["WILL_SAMPLES"], !env.isEmpty {
      let url = URL(fileURLWithPath: env)
      return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let url = root.deletingLastPathComponent().appendingPathComponent("shared/will-samples")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }()

  static var available: Bool { directory != nil }

  /// The RIFF and raw samples: every file whose paths stream we can reach without the
  /// container layer.
  static func streamFiles() -> [String] {
    guard let directory,
      let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    return names.filter {
      $0.hasSuffix(".bin") || $0.contains("universal-ink-library") && $0.hasSuffix(".will")
    }
    .sorted()
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    guard let directory else { throw SampleError.missing }
    return [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  /// The paths stream of a RIFF file's `INK ` chunk, or the file itself when it is not RIFF.
  static func pathsStream(_ bytes: [UInt8]) throws -> [UInt8] {
    guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8),
      bytes[8..<12].elementsEqual("WILL".utf8)
    else { return bytes }
    var offset = 12
    while offset + 8 <= bytes.count {
      let size =
        Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
        | Int(bytes[offset + 7]) << 24
      let start = offset + 8
      guard start + size <= bytes.count else { throw SampleError.truncated }
      if bytes[offset..<(offset + 4)].elementsEqual("INK ".utf8) {
        return Array(bytes[start..<(start + size)])
      }
      offset = start + size + (size & 1)
    }
    throw SampleError.noInk
  }

  static func strokes(_ name: String) throws -> [Stroke] {
    try PathsStream(parsing: pathsStream(bytes(name))).strokes
  }

  enum SampleError: Error { case missing, truncated, noInk }
}
