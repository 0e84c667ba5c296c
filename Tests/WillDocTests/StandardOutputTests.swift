import Foundation
import InkCodec
import InkTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output that cannot be written: a full device, a closed descriptor, a reader that
/// goes away.
@Suite struct StandardOutputTests {
  /// Every command that prints, with its arguments (`DOC` stands for a document).
  static let commands: [[String]] = [
    ["dump", "DOC"],
    ["dump", "--format", "json", "DOC"],
    ["inspect", "DOC"],
    ["validate", "DOC"],
    ["validate", "--format", "json", "DOC"],
    ["reencode", "DOC", "-o", "-"],
    ["render", "DOC", "-o", "-", "--format", "svg"],
    ["salvage", "DOC", "-o", "-"],
    ["synth", "--strokes", "3", "-o", "-"],
    // Printed by swift-argument-parser through stdio, checked at exit.
    ["--version"],
    ["dump", "--help"],
  ]

  private func arguments(_ command: [String], in directory: TemporaryDirectory) throws -> [String] {
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    return command.map { $0 == "DOC" ? url.path : $0 }
  }

  @Test(arguments: commands)
  func fullDeviceIsAnError(_ command: [String]) throws {
    let directory = try TemporaryDirectory()
    let result = try ShellRunner.run(
      try arguments(command, in: directory), redirection: ">/dev/full")
    #expect(result.reason == .exit)
    #expect(result.status == 2, "\(command): \(result.stderr)")
    #expect(
      result.stderr.contains("willdoc: error: standard output: No space left on device"),
      "\(command): \(result.stderr)")
    #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Backtrac"))
  }

  @Test(arguments: commands)
  func closedStandardOutputIsAnError(_ command: [String]) throws {
    let directory = try TemporaryDirectory()
    let result = try ShellRunner.run(try arguments(command, in: directory), redirection: ">&-")
    #expect(result.reason == .exit)
    #expect(result.status == 2, "\(command): \(result.stderr)")
    #expect(
      result.stderr.contains("willdoc: error: standard output: Bad file descriptor"),
      "\(command): \(result.stderr)")
  }

  /// With standard output closed, a file the command writes must not take descriptor 1 and
  /// receive the report.
  @Test func closedStandardOutputNeverLandsInAFile() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let output = directory.file("out.will")
    let result = try ShellRunner.run(
      ["reencode", url.path, "-o", output.path], redirection: ">&-")
    #expect(result.status == 2, "\(result.stderr)")
    let written = try WillDocument(parsing: [UInt8](try Data(contentsOf: output)))
    #expect(written.strokes == SyntheticDocuments.twoStrokes.strokes)
  }

  /// `willdoc dump big.will | head -c1`: the reader leaves; willdoc ends without a word.
  @Test(arguments: [["dump"], ["dump", "--format", "json"]])
  func vanishedReaderEndsQuietly(_ command: [String]) throws {
    let directory = try TemporaryDirectory()
    let big = directory.file("big.will")
    let made = try WillDocRunner.run(["synth", "--strokes", "600", "-o", big.path])
    #expect(made.status == 0)
    let output = try CapturedOutput()
    defer { output.close() }
    let pipe = Pipe()
    let process = Process()
    process.executableURL = WillDocRunner.binary
    process.arguments = command + [big.path]
    process.standardOutput = pipe
    process.standardError = output.err
    process.standardInput = FileHandle.nullDevice
    let exited = try process.runWatchingExit()
    try pipe.fileHandleForWriting.close()
    let first = try pipe.fileHandleForReading.read(upToCount: 1)
    #expect(first?.count == 1)
    try pipe.fileHandleForReading.close()
    exited.wait()
    let quiet =
      (process.terminationReason == .exit && process.terminationStatus == 0)
      || (process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE)
    #expect(quiet, "\(process.terminationReason) \(process.terminationStatus)")
    #expect(output.stderr.isEmpty, "\(output.stderr)")
  }
}
