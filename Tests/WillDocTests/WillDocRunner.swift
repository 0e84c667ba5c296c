import Foundation
import InkTestSupport

/// Runs the built `willdoc` binary and captures what it prints.
enum WillDocRunner {
  /// What one run produced.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: [UInt8]
  }

  /// The built binary: beside the test bundle (SwiftPM puts every product of a build in one
  /// folder), else `.build/debug/willdoc` under the package root.
  static let binary: URL = {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("willdoc"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("willdoc"),
      Fixtures.packageRoot.appendingPathComponent(".build/debug/willdoc"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates.last!
  }()

  /// Runs `willdoc arguments…` in `directory`, with `stdin` as standard input.
  static func run(
    _ arguments: [String], in directory: URL? = nil, stdin: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> Result {
    let scratch = try TemporaryDirectory()
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    defer {
      try? out.close()
      try? err.close()
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env["TERM"] = "dumb"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardOutput = out
    process.standardError = err
    if let stdin {
      process.standardInput = try FileHandle(forReadingFrom: stdin)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    process.waitUntilExit()
    let stdoutBytes = [UInt8](try Data(contentsOf: outURL))
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdoutBytes, as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
      stdoutBytes: stdoutBytes)
  }
}

/// A fresh temporary folder, removed when the value is released.
final class TemporaryDirectory: @unchecked Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "willdoc-tests-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A path inside the folder.
  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  deinit { try? FileManager.default.removeItem(at: url) }
}
