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

  /// The built binary (``Fixtures/builtWilldoc``), or where a debug build puts it.
  static let binary: URL =
    Fixtures.builtWilldoc ?? Fixtures.packageRoot.appendingPathComponent(".build/debug/willdoc")

  /// Runs `willdoc arguments…` (or another build of it, `binary`) in `directory`, with
  /// `stdin` as standard input.
  static func run(
    _ arguments: [String], in directory: URL? = nil, stdin: URL? = nil,
    environment: [String: String] = [:], binary: URL = binary
  ) throws -> Result {
    let output = try CapturedOutput()
    defer { output.close() }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env["TERM"] = "dumb"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardOutput = output.out
    process.standardError = output.err
    if let stdin {
      process.standardInput = try FileHandle(forReadingFrom: stdin)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    let exited = try process.runWatchingExit()
    exited.wait()
    let stdoutBytes = [UInt8](try Data(contentsOf: output.stdoutURL))
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdoutBytes, as: UTF8.self),
      stderr: output.stderr, stdoutBytes: stdoutBytes)
  }
}

/// Two files in a scratch folder that catch a child process's standard output and error.
struct CapturedOutput {
  let scratch: TemporaryDirectory
  let out: FileHandle
  let err: FileHandle

  init() throws {
    scratch = try TemporaryDirectory()
    _ = FileManager.default.createFile(atPath: scratch.file("stdout").path, contents: nil)
    _ = FileManager.default.createFile(atPath: scratch.file("stderr").path, contents: nil)
    out = try FileHandle(forWritingTo: scratch.file("stdout"))
    err = try FileHandle(forWritingTo: scratch.file("stderr"))
  }

  var stdoutURL: URL { scratch.file("stdout") }

  /// The bytes written to standard output so far.
  var stdoutSize: Int {
    (try? FileManager.default.attributesOfItem(atPath: stdoutURL.path)[.size] as? Int) ?? 0
  }

  /// Standard error as text.
  var stderr: String {
    String(decoding: (try? Data(contentsOf: scratch.file("stderr"))) ?? Data(), as: UTF8.self)
  }

  func close() {
    try? out.close()
    try? err.close()
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
