import Foundation
import InkCodec
import InkTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Where `-o` and `--in-place` write: through symbolic links, into FIFOs and devices, keeping
/// permissions and owners, never leaving temporary files.
@Suite struct OutputDestinationTests {
  /// A reencoded copy of the two-stroke document at `precision` (so each write is recognisable),
  /// with `--force`: these tests are about how an existing file is replaced.
  private func reencode(
    _ source: URL, to destination: String, precision: Int = 1, in directory: URL? = nil
  ) throws -> WillDocRunner.Result {
    try WillDocRunner.run(
      ["reencode", source.path, "-o", destination, "--precision", "\(precision)", "--force"],
      in: directory)
  }

  private func precisions(_ url: URL) throws -> Set<Int> {
    let document = try WillDocument(parsing: [UInt8](try Data(contentsOf: url)))
    return Set(document.strokes.map(\.decimalPrecision))
  }

  private func fileType(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
  }

  private func mode(_ path: String) -> mode_t {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return info.st_mode & 0o7777
  }

  private func temporaryFiles(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.contains(".tmp-")
    }
  }

  @Test func relativeLinkIsFollowedAndStaysALink() throws {
    let directory = try TemporaryDirectory()
    let source = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    try FileManager.default.createDirectory(
      at: directory.file("sub"), withIntermediateDirectories: true)
    let target = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "sub/target.will")
    // sub/link → target.will (relative to sub/, not to the working folder).
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("sub/link.will").path, withDestinationPath: "target.will")
    let result = try reencode(source, to: "sub/link.will", in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(fileType(directory.file("sub/link.will").path) == S_IFLNK)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(
        atPath: directory.file("sub/link.will").path)
        == "target.will")
    #expect(fileType(target.path) == S_IFREG)
    #expect(try precisions(target) == [1])
    #expect(try temporaryFiles(in: directory.file("sub")).isEmpty)
  }

  @Test func chainOfLinksIsFollowedToTheEnd() throws {
    let directory = try TemporaryDirectory()
    let source = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    try FileManager.default.createDirectory(
      at: directory.file("a/b"), withIntermediateDirectories: true)
    let target = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "final.will")
    // first → a/second; a/second → b/third; a/b/third → ../../final.will (absolute hop too).
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("first").path, withDestinationPath: "a/second")
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("a/second").path, withDestinationPath: "b/third")
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("a/b/third").path, withDestinationPath: "../../final.will")
    let result = try reencode(source, to: directory.file("first").path, precision: 3)
    #expect(result.status == 0, "\(result.stderr)")
    for link in ["first", "a/second", "a/b/third"] {
      #expect(fileType(directory.file(link).path) == S_IFLNK, "\(link)")
    }
    #expect(try precisions(target) == [3])
  }

  @Test func danglingLinkCreatesItsTarget() throws {
    let directory = try TemporaryDirectory()
    let source = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("link.will").path, withDestinationPath: "new.will")
    let result = try reencode(source, to: directory.file("link.will").path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(fileType(directory.file("link.will").path) == S_IFLNK)
    #expect(try precisions(directory.file("new.will")) == [1])
  }

  @Test func inPlaceOnALinkReplacesTheTarget() throws {
    let directory = try TemporaryDirectory()
    let target = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "target.will")
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("link.will").path, withDestinationPath: "target.will")
    let result = try WillDocRunner.run(
      ["reencode", "link.will", "--in-place", "--precision", "1"], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(fileType(directory.file("link.will").path) == S_IFLNK)
    #expect(try precisions(target) == [1])
  }

  @Test func fifoIsWrittenDirectly() throws {
    let directory = try TemporaryDirectory()
    let source = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let fifo = directory.file("pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    // The reader opens the FIFO on a thread of its own, as opening blocks until willdoc opens
    // it too. Not a task: the tests waiting on child processes can hold every thread of the
    // cooperative pool, and willdoc would then wait for a reader that never starts.
    let reader = FIFOReader(fifo)
    let result = try reencode(source, to: fifo.path)
    #expect(result.status == 0, "\(result.stderr)")
    let received = try reader.bytes()
    #expect(try WillDocument(parsing: [UInt8](received)).strokes.count == 2)
    #expect(fileType(fifo.path) == S_IFIFO)
    #expect(try temporaryFiles(in: directory.url).isEmpty)
  }

  /// `/dev/null` is written to, never replaced (as root, replacing it would break the system);
  /// also through a link. Only its type is checked afterwards.
  @Test func characterDeviceIsWrittenDirectly() throws {
    let directory = try TemporaryDirectory()
    let source = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    #expect(fileType("/dev/null") == S_IFCHR)
    let direct = try reencode(source, to: "/dev/null")
    #expect(direct.status == 0, "\(direct.stderr)")
    #expect(fileType("/dev/null") == S_IFCHR)
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("null").path, withDestinationPath: "/dev/null")
    let linked = try reencode(source, to: directory.file("null").path)
    #expect(linked.status == 0, "\(linked.stderr)")
    #expect(fileType(directory.file("null").path) == S_IFLNK)
    #expect(fileType("/dev/null") == S_IFCHR)
    let synth = try WillDocRunner.run(["synth", "--strokes", "2", "-o", "/dev/null"])
    #expect(synth.status == 0, "synth needs no --force for a device: \(synth.stderr)")
  }

  /// A folder that does not exist, or one no file can be made in, is named as such.
  @Test func missingAndClosedFoldersAreNamed() throws {
    let directory = try TemporaryDirectory()
    let source = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let missing = directory.file("no/such/folder/out.will").path
    let result = try reencode(source, to: missing)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "cannot write \(missing): the folder \(directory.file("no/such/folder").path) does not exist"
      ), "\(result.stderr)")
    let input = try WillDocRunner.run(["inspect", directory.url.path])
    #expect(input.status == 2)
    #expect(input.stderr.contains("cannot read \(directory.url.path): it is a directory"))
    // Root may write anywhere: the closed folder only closes for other users.
    guard getuid() != 0 else { return }
    let closed = directory.file("closed")
    try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: true)
    chmod(closed.path, 0o500)
    defer { chmod(closed.path, 0o700) }
    let refused = try reencode(source, to: closed.appendingPathComponent("out.will").path)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains("no new file can be made in the folder \(closed.path): "),
      "\(refused.stderr)")
  }

  @Test func directoryIsAClearError() throws {
    let directory = try TemporaryDirectory()
    let source = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    try FileManager.default.createDirectory(
      at: directory.file("folder"), withIntermediateDirectories: true)
    let result = try reencode(source, to: directory.file("folder").path)
    #expect(result.status == 2)
    #expect(result.stderr.contains("it is a directory"), "\(result.stderr)")
    #expect(fileType(directory.file("folder").path) == S_IFDIR)
    #expect(try temporaryFiles(in: directory.url).isEmpty)
  }

  @Test(arguments: [0o600, 0o640, 0o604] as [mode_t])
  func replacingKeepsThePermissions(_ permissions: mode_t) throws {
    let directory = try TemporaryDirectory()
    let source = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let target = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "out.will")
    #expect(chmod(target.path, permissions) == 0)
    let result = try reencode(source, to: target.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(mode(target.path) == permissions)
    #expect(try precisions(target) == [1])
  }

  /// Only root can give a file away, so only root can check that the owner is kept.
  @Test(.enabled(if: getuid() == 0)) func replacingKeepsTheOwner() throws {
    let directory = try TemporaryDirectory()
    let source = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let target = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "out.will")
    #expect(chown(target.path, 4321, 8765) == 0)
    let result = try reencode(source, to: target.path)
    #expect(result.status == 0, "\(result.stderr)")
    var info = stat()
    #expect(stat(target.path, &info) == 0)
    #expect(info.st_uid == 4321 && info.st_gid == 8765)
  }

  /// A new file gets what `open(O_CREAT, 0666)` gives under the umask.
  @Test(
    arguments: [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600), (0o002, 0o664)] as [(Int, mode_t)])
  func newFileFollowsTheUmask(_ mask: Int, _ expected: mode_t) throws {
    let directory = try TemporaryDirectory()
    let source = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let target = directory.file("new.will")
    let result = try ShellRunner.run(
      ["reencode", source.path, "-o", target.path], prefix: "umask \(String(mask, radix: 8))")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(mode(target.path) == expected)
  }

  /// Interrupted while the temporary file is open: the file is removed, the destination keeps
  /// its old bytes, and the process dies of the signal it was sent. A signal the runner
  /// ignores (a background job ignores SIGINT, `nohup` SIGHUP) reaches willdoc ignored too,
  /// and willdoc keeps it so: the write then finishes.
  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func signalsRemoveTheTemporaryFile(_ signal: Int32) throws {
    let ignored = TemporaryFileCleanup.isIgnored(signal)
    let run = try interruptedReencode(signal, holding: ignored ? 1 : 300)
    if ignored {
      #expect(run.exited, "status \(run.status)")
      #expect(run.replaced)
    } else {
      #expect(!run.exited)
      #expect(run.status == signal)
      #expect(!run.replaced)
    }
    #expect(run.temporaryFilesLeft == 0)
    #expect(run.stderr.isEmpty, "\(run.stderr)")
  }

  /// Under `nohup`, SIGHUP stays ignored: the hang-up does not stop the write.
  @Test func nohupKeepsSIGHUPIgnored() throws {
    let run = try interruptedReencode(SIGHUP, holding: 1, launcher: ["/usr/bin/nohup"])
    #expect(run.exited && run.status == 0, "status \(run.status): \(run.stderr)")
    #expect(run.replaced)
    #expect(run.temporaryFilesLeft == 0)
  }

  /// What became of a `reencode` sent `signal` once its temporary file appeared.
  private struct InterruptedRun {
    var exited: Bool
    var status: Int32
    var replaced: Bool
    var temporaryFilesLeft: Int
    var stderr: String
  }

  /// Runs `reencode` over an existing file (through `launcher`, which execs its last
  /// argument), holding the temporary file open `holding` seconds, and sends `signal` once
  /// the file appears.
  private func interruptedReencode(
    _ signal: Int32, holding seconds: Int, launcher: [String] = []
  ) throws -> InterruptedRun {
    let directory = try TemporaryDirectory()
    let source = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let target = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "out.will")
    let before = try Data(contentsOf: target)
    let output = try CapturedOutput()
    defer { output.close() }
    let process = Process()
    let command =
      launcher + [
        WillDocRunner.binary.path, "reencode", source.path, "-o", target.path, "--precision",
        "1", "--force",
      ]
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    var environment = ProcessInfo.processInfo.environment
    // Test-only: hold the write open after creating the temporary file.
    environment["WILLDOC_TEST_HOLD_TEMPORARY_FILE"] = "\(seconds)"
    process.environment = environment
    process.standardOutput = output.out
    process.standardError = output.err
    process.standardInput = FileHandle.nullDevice
    let exited = try process.runWatchingExit()
    // Poll by blocking this thread, not by sleeping a task: with the whole suite running on
    // two cores, tasks that wait synchronously for child processes can hold every thread of
    // the cooperative pool, and a sleeping task may wake only after its deadline.
    var appeared = false
    let deadline = ContinuousClock.now + .seconds(120)
    repeat {
      appeared = try !temporaryFiles(in: directory.url).isEmpty
      if !appeared { usleep(50_000) }
    } while !appeared && ContinuousClock.now < deadline
    #expect(appeared, "no temporary file appeared")
    kill(process.processIdentifier, signal)
    exited.wait()
    return InterruptedRun(
      exited: process.terminationReason == .exit, status: process.terminationStatus,
      replaced: try Data(contentsOf: target) != before,
      temporaryFilesLeft: try temporaryFiles(in: directory.url).count, stderr: output.stderr)
  }
}

/// `--in-place` replaces a document with the same document re-written, never with another
/// format.
@Suite struct InPlaceTests {
  @Test func renderRefusesInPlace() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let before = try Data(contentsOf: url)
    for arguments in [
      ["render", url.path, "--in-place", "-o", url.path, "--format", "png"],
      ["render", url.path, "--in-place", "-o", directory.file("doc.svg").path],
      ["render", url.path, "-o", url.path, "--format", "svg"],
      ["render", url.path, "-o", url.path, "--format", "outline-json"],
    ] {
      let result = try WillDocRunner.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("never"), "\(result.stderr)")
      #expect(try Data(contentsOf: url) == before)
    }
    let help = try WillDocRunner.run(["render", "--help"])
    #expect(!help.stdout.contains("  --in-place"), "no such option is offered")
  }

  @Test func reencodeInPlaceKeepsTheContainer() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let before = try Data(contentsOf: url)
    let refused = try WillDocRunner.run(["reencode", url.path, "--in-place", "--container", "raw"])
    #expect(refused.status == 64, "\(refused.stderr)")
    #expect(refused.stderr.contains("keeps the input's container"), "\(refused.stderr)")
    #expect(try Data(contentsOf: url) == before)
    let same = try WillDocRunner.run(["reencode", url.path, "--in-place", "--container", "opc"])
    #expect(same.status == 0, "\(same.stderr)")
  }

  @Test func salvageInPlaceWritesOverTheInput() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let missing = try WillDocRunner.run(["salvage", url.path])
    #expect(missing.status == 64)
    let result = try WillDocRunner.run(["salvage", url.path, "--in-place"])
    #expect(result.status == 0, "\(result.stderr)")
    let document = try WillDocument(parsing: [UInt8](try Data(contentsOf: url)))
    #expect(document.strokes == SyntheticDocuments.twoStrokes.strokes)
  }

  @Test(arguments: ["reencode", "salvage"])
  func helpSaysWhatInPlaceDoes(_ command: String) throws {
    let help = try WillDocRunner.run([command, "--help"])
    #expect(help.stdout.contains("--in-place"))
    #expect(help.stdout.contains("Replace the input file"))
  }
}

/// Reads a FIFO to its end on a thread of its own, started at once.
private final class FIFOReader: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<Data, any Error> = .success(Data())

  init(_ fifo: URL) {
    Thread {
      self.result = Result {
        let handle = try FileHandle(forReadingFrom: fifo)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
      }
      self.done.signal()
    }.start()
  }

  /// Everything read, once the writer has closed the FIFO.
  func bytes() throws -> Data {
    done.wait()
    return try result.get()
  }
}
