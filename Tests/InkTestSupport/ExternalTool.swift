import Foundation
import Testing

/// Independent command-line checkers (rsvg-convert, pdftoppm, qpdf) that tests run on the
/// outputs. Locally a missing checker skips its tests; where `WILLDOC_REQUIRE_CHECKERS` is
/// set (`.ci/run` sets it after installing them), a missing checker fails them.
public enum ExternalTool {
  /// The checker's path on `PATH` (or `name` itself when it holds a `/`), or `nil`.
  public static func path(_ name: String) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":")
    for directory in directories {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Whether a missing checker is a failure rather than a reason to skip.
  public static var isRequired: Bool {
    ProcessInfo.processInfo.environment["WILLDOC_REQUIRE_CHECKERS"] != nil
  }

  /// Whether tests using `name` run: it is installed, or it is required (and they fail).
  public static func isUsable(_ name: String) -> Bool { path(name) != nil || isRequired }

  /// Runs `name` with `arguments`, requiring it to exist and exit 0.
  /// - Returns: Its standard output.
  @discardableResult
  public static func run(
    _ name: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Data {
    let executable = try #require(
      path(name), "\(name) is missing: .ci/run installs it (qpdf, poppler-utils, librsvg2-bin)",
      sourceLocation: sourceLocation)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let exited = try process.runWatchingExit()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    exited.wait()
    try #require(
      process.terminationStatus == 0,
      "\(name) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(String(decoding: message, as: UTF8.self))",
      sourceLocation: sourceLocation)
    return data
  }
}
