import Foundation
import InkTestSupport

/// Runs `willdoc` through `/bin/sh`, for what `Process` cannot arrange: a umask, standard
/// output redirected to `/dev/full` or closed.
enum ShellRunner {
  /// What one run produced: exit status (or signal) and standard error.
  struct Result {
    var status: Int32
    var reason: Process.TerminationReason
    var stderr: String
  }

  /// Runs `sh -c "<prefix>; exec willdoc \"$@\" <redirection>"` with `arguments`.
  static func run(
    _ arguments: [String], prefix: String = ":", redirection: String = "", in directory: URL? = nil
  ) throws -> Result {
    let output = try CapturedOutput()
    defer { output.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "\(prefix); exec \"$0\" \"$@\" \(redirection)", WillDocRunner.binary.path]
      + arguments
    if let directory { process.currentDirectoryURL = directory }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    environment["TERM"] = "dumb"
    process.environment = environment
    process.standardOutput = output.out
    process.standardError = output.err
    process.standardInput = FileHandle.nullDevice
    let exited = try process.runWatchingExit()
    exited.wait()
    return Result(
      status: process.terminationStatus, reason: process.terminationReason, stderr: output.stderr)
  }
}
