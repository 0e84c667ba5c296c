import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc convert IN... -d DIR`: folders walked, outputs mirrored and named after their
/// inputs, a bad input reported while the others convert, a summary, a progress bar only on a
/// terminal, and the JSON summary of docs/json.md.
@Suite struct ConvertBatchTests {
  static let validFolder = Fixtures.sampleDocuments.appendingPathComponent("valid")

  /// The sample documents convert reads from a folder (`.will`, `.uim`, `.inkml`).
  static func convertible(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { ["will", "uim", "inkml"].contains(URL(fileURLWithPath: $0).pathExtension) }
      .sorted()
  }

  /// A file that is not ink, named as a document.
  static func writeBroken(in directory: TemporaryDirectory) throws -> URL {
    let broken = directory.file("broken.will")
    try Data("PK\u{3}\u{4} this is not a zip archive".utf8).write(to: broken)
    return broken
  }

  /// Every file below `folder`, relative to it.
  static func files(below folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var names: [String] = []
    while let name = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
      if exists && !isFolder.boolValue { names.append(name) }
    }
    return names.sorted()
  }

  @Test func theGeneratedSamplesAndOneBrokenInput() throws {
    let directory = try TemporaryDirectory()
    let broken = try Self.writeBroken(in: directory)
    // A subfolder, mirrored in the output folder, and a file that is not a document.
    let notes = directory.file("notes")
    try FileManager.default.createDirectory(
      at: notes.appendingPathComponent("2024"), withIntermediateDirectories: true)
    let nested = notes.appendingPathComponent("2024/nested.will")
    try FileManager.default.copyItem(
      at: Self.validFolder.appendingPathComponent("handwriting-riff.will"), to: nested)
    try Data("shopping list".utf8).write(to: notes.appendingPathComponent("list.txt"))
    let output = directory.file("out")
    let result = try WillDocRunner.run([
      "convert", Self.validFolder.path, notes.path, broken.path, "-d", output.path, "--to", "uim",
      "-j", "2",
    ])
    #expect(result.status == 1, "\(result.stderr)")
    let valid = try Self.convertible(in: Self.validFolder)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    // Every valid sample and the nested one converted; handwriting.will.bin and list.txt skipped.
    #expect(
      lines.last
        == "\(valid.count + 4) inputs: \(valid.count + 1) converted, 1 failed, 2 skipped",
      "\(result.stdout)")
    // The reason is on standard error once; the summary names the input and the code.
    #expect(
      lines.contains { $0.hasPrefix("failed     \(broken.path)  (") }, "\(result.stdout)")
    #expect(
      result.stderr.split(separator: "\n").filter { $0.contains(broken.path) }.count == 1,
      "\(result.stderr)")
    #expect(
      lines.contains("skipped    \(notes.path)/list.txt (not .will, .uim, .inkml or tuhi .json)"))
    #expect(
      lines.contains(
        "skipped    \(Self.validFolder.path)/handwriting.will.bin (not .will, .uim, .inkml or tuhi .json)"
      ))
    #expect(
      result.stderr.hasPrefix("willdoc: error: \(broken.path): "), "\(result.stderr)")
    #expect(!result.stderr.contains("\r"), "no progress bar in a pipe")
    let expected =
      valid.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent + ".uim" }
      + ["2024/nested.uim"]
    #expect(Self.files(below: output) == expected.sorted(), "nothing for the broken input")
    for name in valid {
      let original = try WillDocument(
        contentsOf: Self.validFolder.appendingPathComponent(name))
      let uim = try UIMDocument(
        parsing: try Fixtures.bytes(
          of: output.appendingPathComponent(
            URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent + ".uim")))
      #expect(uim.inkData.strokes.count == original.strokes.count, "\(name)")
    }
  }

  @Test(.enabled(if: ExternalSamples.isAvailable))
  func theRealSamplesAndOneBrokenInput() throws {
    ExternalSamples.expectEverySample()
    let samples = try #require(ExternalSamples.directory)
    let directory = try TemporaryDirectory()
    let broken = try Self.writeBroken(in: directory)
    let output = directory.file("out")
    let result = try WillDocRunner.run([
      "convert", samples.path, broken.path, "-d", output.path, "--to", "will", "--format", "json",
    ])
    #expect(result.status == 1, "\(result.stderr)")
    let summary = try ConvertSummarySchema.check(result.stdout)
    let files = try #require(summary["files"] as? [[String: Any]])
    let converted = files.filter { $0["status"] as? String == "converted" }
    let failed = files.filter { $0["status"] as? String == "failed" }
    let wills = ExternalSamples.names.filter { $0.hasSuffix(".will") }
    #expect(converted.count == wills.count, "\(failed)")
    #expect(failed.map { $0["input"] as? String } == [broken.path])
    #expect(Self.files(below: output) == wills, "nothing for the broken input")
    for name in wills {
      let original = try WillDocument(parsing: try ExternalSamples.bytes(name))
      let copy = try WillDocument(contentsOf: output.appendingPathComponent(name))
      #expect(copy.strokes.count == original.strokes.count, "\(name)")
    }
  }

  @Test func theJSONSummaryFollowsTheSchema() throws {
    let directory = try TemporaryDirectory()
    let broken = try Self.writeBroken(in: directory)
    let output = directory.file("out")
    let handwriting = Self.validFolder.appendingPathComponent("handwriting-opc.will")
    let result = try WillDocRunner.run(
      ["convert", handwriting.path, broken.path, "-", "-d", output.path, "--to", "inkml"]
        + ["--format", "json"],
      stdin: Self.validFolder.appendingPathComponent("image.will"))
    #expect(result.status == 1)
    let summary = try ConvertSummarySchema.check(result.stdout)
    let files = try #require(summary["files"] as? [[String: Any]])
    #expect(files.map { $0["status"] as? String } == ["converted", "failed", "converted"])
    #expect(files[0]["output"] as? String == output.path + "/handwriting-opc.inkml")
    #expect(files[0]["inputFormat"] as? String == "opc")
    #expect(files[2]["output"] as? String == output.path + "/stdin.inkml")
    #expect((files[1]["error"] as? [String: String])?["code"] == "zip-error")
    #expect(Self.files(below: output) == ["handwriting-opc.inkml", "stdin.inkml"])
    // One -o file: the same schema, and the exit status of a single conversion.
    let single = try WillDocRunner.run([
      "convert", broken.path, "-o", directory.file("one.uim").path, "--format", "json",
    ])
    #expect(single.status == 1)
    let one = try ConvertSummarySchema.check(single.stdout)
    #expect(one["directory"] is NSNull)
    #expect(!FileManager.default.fileExists(atPath: directory.file("one.uim").path))
  }

  @Test(arguments: ["png", "jpeg", "svg", "pdf"])
  func aPictureSummaryFollowsTheSchema(target: String) throws {
    let directory = try TemporaryDirectory()
    let output = directory.file("out")
    let handwriting = Self.validFolder.appendingPathComponent("handwriting-opc.will")
    let result = try WillDocRunner.run(
      ["convert", handwriting.path, "-d", output.path, "--to", target, "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try ConvertSummarySchema.check(result.stdout)
    #expect(summary["to"] as? String == target)
    let files = try #require(summary["files"] as? [[String: Any]])
    #expect(files.map { $0["status"] as? String } == ["converted"])
    #expect(Self.files(below: output).count == 1)
  }

  @Test func anExistingOutputFailsThatInputOnlyUnlessForced() throws {
    let directory = try TemporaryDirectory()
    let output = directory.file("out")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let existing = output.appendingPathComponent("handwriting-opc.uim")
    try Data("keep me".utf8).write(to: existing)
    let inputs = ["handwriting-opc.will", "blend-modes.will"].map {
      Self.validFolder.appendingPathComponent($0).path
    }
    let refused = try WillDocRunner.run(["convert"] + inputs + ["-d", output.path, "--to", "uim"])
    #expect(refused.status == 1)
    #expect(
      refused.stdout.contains("failed     \(inputs[0])  (output-exists)"), "\(refused.stdout)")
    #expect(
      refused.stderr.contains(
        "willdoc: error: \(inputs[0]): \(existing.path) exists; add --force to replace it"),
      "\(refused.stderr)")
    #expect(try Data(contentsOf: existing) == Data("keep me".utf8))
    #expect(
      FileManager.default.fileExists(atPath: output.appendingPathComponent("blend-modes.uim").path))
    let forced = try WillDocRunner.run(
      ["convert"] + inputs + ["-d", output.path, "--to", "uim", "--force", "--quiet"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(forced.stdout == "2 inputs: 2 converted, 0 failed, 0 skipped\n")
    #expect(try UIMDocument(parsing: try Fixtures.bytes(of: existing)).inkData.strokes.count > 0)
  }

  /// Two inputs with one output name, and an output that would be its own input, fail before
  /// anything is read; the others convert.
  @Test func clashingOutputsFailTheLaterInput() throws {
    let directory = try TemporaryDirectory()
    for folder in ["a", "b"] {
      try FileManager.default.createDirectory(
        at: directory.file(folder), withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: Self.validFolder.appendingPathComponent("handwriting-opc.will"),
        to: directory.file("\(folder)/note.will"))
    }
    let result = try WillDocRunner.run(
      ["convert", "a/note.will", "b/note.will", "-d", "out", "--to", "uim"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout.contains("failed     b/note.will  (output-taken)"), "\(result.stdout)")
    #expect(
      result.stderr.contains(
        "willdoc: error: b/note.will: its output out/note.uim is also the output of a/note.will"),
      "\(result.stderr)")
    #expect(Self.files(below: directory.file("out")) == ["note.uim"])
    let itself = try WillDocRunner.run(
      ["convert", "a", "-d", "a", "--to", "will"], in: directory.url)
    #expect(itself.status == 1)
    #expect(itself.stdout.contains("failed     a/note.will  (output-is-input)"), "\(itself.stdout)")
    #expect(
      itself.stderr.contains(
        "willdoc: error: a/note.will: its output a/note.will is the input itself; give another -d"),
      "\(itself.stderr)")
  }

  /// The progress bar is drawn on a terminal (a pseudo-terminal from `script`), and never
  /// with --quiet or in a pipe.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func progressOnlyOnATerminal() throws {
    let directory = try TemporaryDirectory()
    func onATerminal(_ extra: [String]) throws -> String {
      let arguments =
        [
          WillDocRunner.binary.path, "convert", Self.validFolder.path, "-d",
          directory.file("out-\(extra.count)").path, "--to", "uim",
        ] + extra
      let command = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        .joined(separator: " ")
      // script copies everything the terminal shows to its standard output.
      let output = try CapturedOutput()
      defer { output.close() }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
      process.arguments = ["-qec", command + " >/dev/null", "/dev/null"]
      process.standardOutput = output.out
      process.standardError = output.err
      process.standardInput = FileHandle.nullDevice
      let exited = try process.runWatchingExit()
      exited.wait()
      #expect(process.terminationStatus == 0, "\(output.stderr)")
      return String(decoding: try Data(contentsOf: output.stdoutURL), as: UTF8.self)
    }
    let valid = try Self.convertible(in: Self.validFolder)
    let shown = try onATerminal([])
    #expect(shown.contains("\r["), "\(shown.debugDescription)")
    #expect(shown.contains("] \(valid.count)/\(valid.count)  "), "\(shown.debugDescription)")
    #expect(shown.contains(" elapsed"))
    #expect(shown.contains(" left"), "an estimate while files remain")
    let quiet = try onATerminal(["--quiet"])
    #expect(!quiet.contains("elapsed"), "\(quiet.debugDescription)")
    let piped = try WillDocRunner.run([
      "convert", Self.validFolder.path, "-d", directory.file("piped").path, "--to", "uim",
    ])
    #expect(piped.status == 0)
    #expect(piped.stderr.isEmpty, "\(piped.stderr)")
  }

  /// Each usage error of convert: one `willdoc: error:` line saying what is wrong, exit 64,
  /// nothing written.
  @Test(arguments: [
    (["convert"], "give the documents to convert"),
    (["convert", "a.will"], "give the output file with -o, or a folder with -d for many inputs"),
    (
      ["convert", "a.will", "b.will", "-o", "x.uim"],
      "-o names one file: give -d DIR to convert 2 inputs"
    ),
    (["convert", "a.will", "-o", "x.uim", "-d", "out"], "give -o FILE or -d DIR, not both"),
    (["convert", "a.will", "-d", "out"], "give the format to write with --to will|uim|inkml"),
    (
      ["convert", "a.will", "-d", "out", "--to", "uim", "-j", "0"],
      "--jobs must be between 1 and 256"
    ),
    (["convert", "-", "-", "-d", "out", "--to", "uim"], "standard input (-) can be given once"),
    (
      ["convert", "SampleDocuments/valid", "-o", "x.uim"],
      "SampleDocuments/valid is a folder: give -d DIR"
    ),
    (
      ["convert", "a.will", "-d", "Package.swift", "--to", "uim"],
      "-d Package.swift is a file, not a folder"
    ),
    (
      ["convert", "a.will", "-o", "Package.swift", "--to", "uim"],
      "Package.swift exists; add --force to replace it"
    ),
    (
      ["convert", "a.will", "-o", "-", "--to", "uim", "--format", "json"],
      "--format json prints the summary on standard output"
    ),
    (["convert", "a.will", "-o", "x.txt"], "give the output format with --to will|uim|inkml"),
  ])
  func usageErrors(_ arguments: [String], _ message: String) throws {
    let result = try WillDocRunner.run(arguments, in: Fixtures.packageRoot)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("willdoc: error: \(message)") == true, "\(result.stderr)")
    #expect(lines.count == 2 && lines[1] == "willdoc: see 'willdoc convert --help'")
    #expect(result.stdoutBytes.isEmpty)
  }
}
