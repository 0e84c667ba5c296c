import Foundation
import InkTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Names, folders and jobs as the system has them (docs/robustness.md): file names that are
/// not UTF-8, names that differ only by Unicode normalisation, real collisions, planted links
/// at generated names, failures that leave nothing behind, deep trees and worker threads that
/// cannot start.
@Suite struct BatchNamesTests {
  static let valid = Fixtures.sampleDocuments.appendingPathComponent("valid")
  static let riff = valid.appendingPathComponent("handwriting-riff.will").path
  static let sections = valid.appendingPathComponent("sections-transforms.will").path

  /// What a shell script printed.
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `script` with `sh` in `directory`, `$W` naming the willdoc binary and `$R` and `$S`
  /// the RIFF and the three-section samples: the shell can spell names that are not UTF-8.
  static func shell(_ script: String, in directory: URL, environment: [String: String] = [:])
    throws -> Run
  {
    let output = try CapturedOutput()
    defer { output.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env["TERM"] = "dumb"
    env["W"] = WillDocRunner.binary.path
    env["R"] = riff
    env["S"] = sections
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardOutput = output.out
    process.standardError = output.err
    process.standardInput = FileHandle.nullDevice
    let exited = try process.runWatchingExit()
    exited.wait()
    let stdout = String(decoding: try Data(contentsOf: output.stdoutURL), as: UTF8.self)
    return Run(status: process.terminationStatus, stdout: stdout, stderr: output.stderr)
  }

  /// A scratch folder that `rm -rf` removes (Foundation cannot spell every name in it).
  final class Scratch {
    let url: URL
    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "wd-" + String(UUID().uuidString.prefix(8)))
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit {
      _ = try? BatchNamesTests.shell(
        "rm -rf \"$D\"", in: URL(fileURLWithPath: "/"), environment: ["D": url.path])
    }
  }

  @Test func aFileNameThatIsNotUTF8ConvertsAloneAndInAFolderAndPrintsEscaped() throws {
    let scratch = try Scratch()
    let run = try Self.shell(
      """
      mkdir in && cp "$R" "in/$(printf 'a\\377b.will')" &&
      "$W" convert "in/$(printf 'a\\377b.will')" -o "$(printf 'one\\376.uim')" &&
      "$W" convert in -d out --to uim &&
      test -s "$(printf 'one\\376.uim')" && test -s "out/$(printf 'a\\377b.uim')" && echo both
      """, in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("input    in/a\\xffb.will riff") })
    #expect(lines.contains { $0.hasPrefix("output   one\\xfe.uim uim") })
    #expect(lines.contains { $0.hasPrefix("converted  in/a\\xffb.will → out/a\\xffb.uim") })
    #expect(lines.last == "both")
    #expect(!run.stdout.contains("\u{FFFD}"))
    // JSON shows the byte the same way, its backslash escaped as JSON escapes it.
    let json = try Self.shell("\"$W\" convert in -d json --to uim --format json", in: scratch.url)
    #expect(json.status == 0, "\(json.stderr)")
    #expect(json.stdout.contains(#""in/a\\xffb.will""#), "\(json.stdout)")
    #expect(json.stdout.contains(#""json/a\\xffb.uim""#), "\(json.stdout)")
    // Again: the existing output is refused before any work, named escaped once.
    let again = try Self.shell("\"$W\" convert in -d out --to uim", in: scratch.url)
    #expect(again.status == 1)
    #expect(again.stderr.contains(#"in/a\xffb.will: out/a\xffb.uim exists; add --force"#))
  }

  @Test func namesThatDifferOnlyByNormalisationAreTwoOutputs() throws {
    let scratch = try Scratch()
    // café in NFC (é = C3 A9) and in NFD (e + U+0301 = CC 81): two files on Linux.
    let run = try Self.shell(
      """
      mkdir in && cp "$R" "in/$(printf 'caf\\303\\251.will')" &&
      cp "$S" "in/$(printf 'cafe\\314\\201.will')" &&
      [ "$(ls in | wc -l)" = 2 ] || { echo folds; exit 0; }
      "$W" convert in -d out --to uim || exit 9
      cmp -s "out/$(printf 'caf\\303\\251.uim')" "out/$(printf 'cafe\\314\\201.uim')" || echo distinct
      ls out | wc -l
      """, in: scratch.url)
    try #require(!run.stdout.hasPrefix("folds"), "this file system folds normalisation")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("2 inputs: 2 converted, 0 failed"), "\(run.stdout)")
    #expect(run.stdout.hasSuffix("distinct\n2\n"), "\(run.stdout)")
  }

  @Test func twoInputsWithOneOutputAreReportedAndNothingIsOverwritten() throws {
    let scratch = try Scratch()
    let run = try Self.shell(
      """
      mkdir a b && cp "$R" a/x.will && cp "$S" b/x.will &&
      "$W" convert a/x.will -o first.uim >/dev/null &&
      "$W" convert a/x.will b/x.will -d out --to uim --force
      echo "status $?"
      cmp -s first.uim out/x.uim && echo "first kept"
      ls out | wc -l
      """, in: scratch.url)
    #expect(run.stdout.contains("status 1"), "\(run.stdout) \(run.stderr)")
    #expect(run.stdout.contains("first kept"))
    #expect(run.stdout.hasSuffix("1\n"))
    #expect(run.stderr.contains("b/x.will: its output out/x.uim is also the output of a/x.will"))
  }

  @Test func plantedLinksAtGeneratedNamesAreNeverFollowed() throws {
    let scratch = try Scratch()
    let run = try Self.shell(
      """
      mkdir in outside out split && cp "$R" in/a.will && mkdir in/sub && cp "$R" in/sub/b.will
      ln -s ../outside/a.uim out/a.uim
      ln -s ../outside out/sub
      ln -s ../outside/page.will split/s-1.will
      ln -s outside/r.svg r-1.svg
      "$W" convert in -d out --to uim; echo "convert $?"
      "$W" pages split "$S" -d split --prefix s; echo "split $?"
      "$W" render "$S" -o r.svg; echo "render $?"
      echo "outside: $(ls outside | wc -l)"
      echo "split: $(ls split | tr '\\n' ' ')"
      echo "render: $(ls r-*.svg | tr '\\n' ' ')"
      "$W" convert in/a.will -d out --to uim --force >/dev/null; echo "convert forced $?"
      "$W" pages split "$S" -d split --prefix s --force >/dev/null; echo "split forced $?"
      "$W" render "$S" -o r.svg --force >/dev/null; echo "render forced $?"
      echo "outside: $(ls outside | wc -l)"
      for f in out/a.uim split/s-1.will r-1.svg; do [ -f "$f" ] && [ ! -L "$f" ] && echo "$f file"; done
      """, in: scratch.url)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("convert 1"), "\(run.stdout)")
    #expect(lines.contains("split 64"))
    #expect(lines.contains("render 64"))
    #expect(lines.filter { $0 == "outside: 0" }.count == 2, "\(run.stdout)")
    // Refused before any file: only the planted link in the split folder, no r-0.svg.
    #expect(lines.contains("split: s-1.will "), "\(run.stdout)")
    #expect(lines.contains("render: r-1.svg "), "\(run.stdout)")
    #expect(lines.contains("convert forced 0"))
    #expect(lines.contains("split forced 0"))
    #expect(lines.contains("render forced 0"))
    #expect(lines.contains("out/a.uim file"))
    #expect(lines.contains("split/s-1.will file"))
    #expect(lines.contains("r-1.svg file"))
    #expect(run.stderr.contains("out/a.uim is a symbolic link"))
    #expect(run.stderr.contains("cannot create the folder out/sub: a symbolic link is in the way"))
    #expect(run.stderr.contains("split/s-1.will is a symbolic link"))
    #expect(run.stderr.contains("r-1.svg is a symbolic link"))
  }

  @Test func aRenderWhoseThirdSectionFailsLeavesNothing() throws {
    let scratch = try Scratch()
    // Two pages' worth of the total budget (8 Mi work units each) and a little: the third
    // section is refused after two were drawn.
    let run = try Self.shell(
      """
      "$W" render "$S" -o out.svg --max-total-render-work \(2 * (1 << 23) + 5); echo "status $?"
      ls -A | wc -l
      """, in: scratch.url)
    #expect(run.stdout == "status 1\n0\n", "\(run.stdout)")
    #expect(run.stderr.contains("--max-total-render-work"))
  }

  @Test func aDeepFolderTreeConvertsWithoutRecursion() throws {
    let scratch = try Scratch()
    let levels = 2_000
    let bytes = try Fixtures.bytes(of: URL(fileURLWithPath: Self.riff))
    // Made with mkdirat and openat: the path is near PATH_MAX.
    var folder = open(scratch.url.path, O_RDONLY | O_DIRECTORY)
    #expect(mkdirat(folder, "in", 0o755) == 0)
    var next = openat(folder, "in", O_RDONLY | O_DIRECTORY)
    close(folder)
    folder = next
    // A link back up is not followed: the walk still ends.
    #expect(symlinkat(".", folder, "loop") == 0)
    for _ in 0..<levels {
      #expect(mkdirat(folder, "d", 0o755) == 0)
      next = openat(folder, "d", O_RDONLY | O_DIRECTORY)
      try #require(next >= 0)
      close(folder)
      folder = next
    }
    let file = openat(folder, "a.will", O_WRONLY | O_CREAT, 0o644)
    #expect(bytes.withUnsafeBytes { write(file, $0.baseAddress!, $0.count) } == bytes.count)
    close(file)
    close(folder)
    let run = try Self.shell(
      """
      "$W" convert in -d out --to uim -q; echo "status $?"
      test -s "out/$(printf 'd/%.0s' $(seq \(levels)))a.uim" && echo written
      """, in: scratch.url)
    #expect(run.stdout.hasSuffix("status 0\nwritten\n"), "\(run.stdout) \(run.stderr)")
    #expect(run.stdout.contains("1 converted, 0 failed, 1 skipped"), "\(run.stdout)")
  }

  @Test(arguments: [("0", "0 of 2"), ("1", "1 of 3")])
  func workerThreadsThatCannotStartAreReportedAndTheWorkIsDone(
    allowed: String, report: String
  ) throws {
    let scratch = try Scratch()
    let jobs = allowed == "0" ? 2 : 3
    let run = try Self.shell(
      """
      mkdir in && for n in 1 2 3 4; do cp "$R" in/$n.will; done
      "$W" convert in -d out --to uim -j \(jobs); echo "status $?"
      """, in: scratch.url, environment: ["WILLDOC_TEST_THREADS_STARTING": allowed])
    #expect(
      run.stdout.hasSuffix("4 inputs: 4 converted, 0 failed, 0 skipped\nstatus 0\n"),
      "\(run.stdout)")
    #expect(run.stderr.contains("willdoc: warning: \(report) worker threads could be started"))
  }

  /// One job runs on the calling thread when its stack is a worker's 8 MiB or more (no thread
  /// is started, so none can fail), and on a worker thread when `ulimit -s` set it lower.
  @Test(arguments: [("8192", false), ("unlimited", false), ("1024", true)])
  func oneJobRunsOnTheCallingThreadWhenItsStackFits(stack: String, startsThread: Bool) throws {
    let scratch = try Scratch()
    let run = try Self.shell(
      """
      ulimit -s \(stack)
      "$W" convert "$R" -d out --to uim -j 1; echo "status $?"
      """, in: scratch.url, environment: ["WILLDOC_TEST_THREADS_STARTING": "0"])
    #expect(run.stdout.hasSuffix("1 input: 1 converted, 0 failed, 0 skipped\nstatus 0\n"))
    let warning = "willdoc: warning: 0 of 1 worker threads could be started"
    #expect(run.stderr.contains(warning) == startsThread, "\(run.stderr)")
  }
}
