import Foundation
import InkCodec
import InkTestSupport
import Testing

/// The command line itself: version, help, usage errors, unreadable input, output safety.
@Suite struct CommandLineTests {
  @Test func printsVersion() throws {
    let result = try WillDocRunner.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == "willdoc 0.1.0\n")
  }

  @Test(arguments: ["inspect", "dump", "validate", "reencode", "convert", "render"])
  func everySubcommandHasHelp(_ command: String) throws {
    let result = try WillDocRunner.run([command, "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE: willdoc \(command)"))
  }

  /// Every command's help fits a screen: a discussion of at most 10 lines (docs/cli.md has
  /// the rest), at most 60 lines in all (the decoding limits are behind --help-hidden), none
  /// but the usage line wider than 80 columns.
  @Test(arguments: [
    [], ["inspect"], ["dump"], ["validate"], ["reencode"], ["convert"], ["render"],
    ["salvage"], ["synth"], ["part"], ["extract"], ["diff"], ["pages"], ["pages", "list"],
    ["pages", "extract"], ["pages", "delete"], ["pages", "reorder"], ["pages", "rotate"],
    ["pages", "split"], ["pages", "merge"],
  ])
  func helpFitsAScreen(_ command: [String]) throws {
    let help = try WillDocRunner.run(command + ["--help"])
    #expect(help.status == 0)
    let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 60, "\(command): \(lines.count) lines")
    // The usage line is swift-argument-parser's, one line however long.
    #expect(
      lines.allSatisfy { $0.count <= 80 || $0.hasPrefix("USAGE:") }, "\(command): \(help.stdout)")
    // The discussion: after the abstract's paragraph, before USAGE.
    let usage = try #require(lines.firstIndex { $0.hasPrefix("USAGE:") })
    let abstractEnd = try #require(lines.firstIndex { $0.isEmpty })
    let discussion = lines[abstractEnd..<usage].drop { $0.isEmpty }.reversed().drop {
      $0.isEmpty
    }
    #expect(discussion.count <= 10, "\(command): \(discussion.reversed().joined(separator: "\n"))")
    let hidden = try WillDocRunner.run(command + ["--help-hidden"])
    if !command.isEmpty && command != ["pages"] && command != ["synth"] {
      #expect(!help.stdout.contains("  --max-strokes <n>"))
      #expect(hidden.stdout.contains("  --max-strokes <n>"), "\(command): the limits stay listed")
    }
  }

  @Test(arguments: [
    ["dump", "--bogus", "x.will"],
    ["inspect"],
    ["validate"],
    ["frobnicate"],
    ["dump", "--format", "yaml", "x.will"],
    ["reencode", "x.will"],
    ["reencode", "x.will", "-o", "y.will", "--precision", "12"],
    ["reencode", "x.will", "-o", "y.will", "--deflate", "10"],
    ["reencode", "x.will", "-o", "y.will", "--container", "pdf"],
    ["convert", "x.will", "-o", "y.will", "--to", "gif"],
    ["render", "x.will", "-o", "y.bmp"],
    ["render", "x.will", "-o", "y.png", "--background", "blue"],
    ["inspect", "--max-parts", "-1", "x.will"],
    ["inspect", "--color", "sometimes", "x.will"],
  ])
  func badFlagsExit64(_ arguments: [String]) throws {
    let result = try WillDocRunner.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    // One `willdoc: error:` line, as every other error, then where to read more.
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(arguments): \(result.stderr)")
    #expect(lines.first?.hasPrefix("willdoc: error: ") == true, "\(result.stderr)")
    #expect(lines.last?.hasPrefix("willdoc: see 'willdoc ") == true, "\(result.stderr)")
    #expect(!result.stderr.contains("Fatal error"))
  }

  /// Values a user gets wrong are named as such, whatever their sign; a help topic that does
  /// not exist and a stroke no element has are usage errors too.
  @Test(arguments: [
    (["dump", "--section", "-1", "x.will"], "--section must be 0 or more"),
    (["dump", "--stroke", "-3", "x.will"], "--stroke must be 0 or more"),
    (["render", "x.will", "-o", "y.png", "--scale", "-1"], "the scale must be positive"),
    (["help", "frob"], "no command named frob"),
    (
      ["dump", "--stroke", "999", "SampleDocuments/valid/handwriting-opc.will"],
      "--stroke 999 is past the last stroke of every paths element"
    ),
    (
      ["dump", "--section", "3", "SampleDocuments/valid/handwriting-opc.will"],
      "--section 3 is past the last section (the document has 1)"
    ),
  ])
  func usageErrorsSayWhatIsWrong(_ arguments: [String], _ message: String) throws {
    let result = try WillDocRunner.run(arguments, in: Fixtures.packageRoot)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    #expect(result.stderr.hasPrefix("willdoc: error: \(message)"), "\(result.stderr)")
    #expect(result.stdoutBytes.isEmpty, "\(arguments)")
  }

  @Test(arguments: ["inspect", "dump", "validate"])
  func notAWillFileExits2(_ command: String) throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("notes.txt")
    try Data("hello, this is text\n".utf8).write(to: url)
    let result = try WillDocRunner.run([command, url.path])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "willdoc: error: \(url.path): @0x0: not a WILL file: no zip, RIFF or paths stream signature"
      ), "\(result.stderr)")
    #expect(!result.stderr.contains("Fatal error"))
  }

  /// An empty file is called empty (with the same code as any input without WILL data).
  @Test(arguments: ["inspect", "dump", "validate", "salvage"])
  func anEmptyFileIsCalledEmpty(_ command: String) throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("empty.will")
    try Data().write(to: url)
    var arguments = [command, url.path]
    if command == "salvage" { arguments += ["-o", directory.file("out.will").path] }
    let result = try WillDocRunner.run(arguments)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.stderr.contains("not a WILL file: the file is empty (0 bytes)"), "\(result.stderr)")
    let json = try WillDocRunner.run(["validate", "--format", "json", url.path])
    #expect(json.stdout.contains("\"code\": \"not-a-will-file\""), "\(json.stdout)")
  }

  @Test func missingFileExits2() throws {
    let result = try WillDocRunner.run(["inspect", "/nonexistent/file.will"])
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix("willdoc: error: /nonexistent/file.will: I/O error: cannot open"))
  }

  /// A path that starts with `~` is a name in the current folder, as the shell leaves it and
  /// `open` takes it; the message names that file, not one in the home folder.
  @Test func aLeadingTildeIsNamedAsTheFileOpened() throws {
    let directory = try TemporaryDirectory()
    let result = try WillDocRunner.run(["inspect", "~/willdoc-none.will"], in: directory.url)
    #expect(result.status == 2)
    let opened = directory.url.lastPathComponent + "/~/willdoc-none.will: No such file"
    #expect(result.stderr.contains(opened), "\(result.stderr)")
  }

  /// `-o '~/x.png'` writes `./~/x.png`, the file the overwrite check looked at, never one of
  /// that name in the home folder.
  @Test func aLeadingTildeIsWrittenInTheCurrentFolder() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: directory.file("~"), withIntermediateDirectories: false)
    let name = "willdoc-tilde-\(UUID().uuidString).png"
    let home = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(name)
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try WillDocRunner.run(
      ["render", BatchPictureTests.valid.appendingPathComponent("handwriting-opc.will").path]
        + ["-o", "~/" + name], in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: directory.file("~/" + name).path))
    #expect(!FileManager.default.fileExists(atPath: home.path))
  }

  @Test func emptyFileIsNotAWillFile() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("empty.will")
    try Data().write(to: url)
    let result = try WillDocRunner.run(["validate", "--format", "json", url.path])
    #expect(result.status == 2)
    #expect(result.stdout.contains("\"code\": \"not-a-will-file\""))
  }

  @Test func truncatedPackageIsInvalid() throws {
    let directory = try TemporaryDirectory()
    let bytes = try SyntheticDocuments.twoStrokes.serialized(container: .opc)
    let url = directory.file("cut.will")
    try Data(bytes.prefix(bytes.count / 2)).write(to: url)
    let result = try WillDocRunner.run(["validate", url.path])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr.hasPrefix("willdoc: error: \(url.path): "))
    #expect(result.stdout.contains("invalid (1 error"))
  }

  /// A cut zip names the entry it stops in, says the file is cut short and points to salvage,
  /// which then recovers the document.
  @Test func aCutZipNamesTheEntryAndSuggestsSalvage() throws {
    let cut = Fixtures.sampleDocuments.appendingPathComponent("invalid/x-truncated-zip.will")
    let result = try WillDocRunner.run(["inspect", cut.path])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "willdoc: error: \(cut.path): /sections/section0.svg: zip error 19: Not a zip archive: "
          + "the end of the zip (its central directory) is missing, and only "),
      "\(result.stderr)")
    #expect(
      result.stderr.hasSuffix(
        "stored bytes are there: the file is cut short (willdoc salvage may recover its strokes)\n"
      ))
    let directory = try TemporaryDirectory()
    let salvage = try WillDocRunner.run(["salvage", cut.path, "-o", directory.file("s.will").path])
    #expect(salvage.status == 1, "something was lost: \(salvage.stderr)")
    #expect(FileManager.default.fileExists(atPath: directory.file("s.will").path))
  }

  @Test func limitsAreEnforced() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let result = try WillDocRunner.run(["dump", "--max-strokes", "1", url.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("limit exceeded: strokes"), "\(result.stderr)")
  }

  @Test func readsStandardInput() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let result = try WillDocRunner.run(["dump", "--format", "json", "-"], stdin: url)
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
    #expect((object["file"] as? [String: Any])?["name"] as? String == "-")
    #expect(
      ((object["file"] as? [String: Any])?["size"] as? Int)
        == (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int))
  }

  @Test func neverWritesOverTheInput() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let before = try Data(contentsOf: url)
    let refused = try WillDocRunner.run(["reencode", url.path, "-o", url.path, "--precision", "1"])
    #expect(refused.status == 64)
    #expect(try Data(contentsOf: url) == before)
    let refusedRelative = try WillDocRunner.run(
      ["reencode", "doc.will", "-o", "./doc.will"], in: directory.url)
    #expect(refusedRelative.status == 64)

    let allowed = try WillDocRunner.run(["reencode", url.path, "--in-place", "--precision", "1"])
    #expect(allowed.status == 0, "\(allowed.stderr)")
    let document = try WillDocument(parsing: [UInt8](try Data(contentsOf: url)))
    #expect(document.strokes.allSatisfy { $0.decimalPrecision == 1 })
  }

  /// An XML limit below the reader's ceiling names the option that raises it; one stopped at
  /// the ceiling says that no option raises it, with the default and with a larger value.
  @Test func xmlLimitHintsKnowTheCeiling() throws {
    let sample = "SampleDocuments/valid/handwriting-opc.will"
    let small = try WillDocRunner.run(
      ["inspect", "--max-xml-part-bytes", "100", sample], in: Fixtures.packageRoot)
    #expect(small.status == 1)
    #expect(small.stderr.contains("the limit is 100 (raise it with --max-xml-part-bytes)"))
    let attack = "SampleDocuments/invalid/r-xml-huge-attribute.will"
    for extra in [[], ["--max-xml-part-bytes", "1G"]] {
      let huge = try WillDocRunner.run(["inspect"] + extra + [attack], in: Fixtures.packageRoot)
      #expect(huge.status == 1)
      #expect(
        huge.stderr.contains(
          "the limit is 10000000 (the XML reader's own ceiling: --max-xml-part-bytes cannot raise it)"
        ), "\(huge.stderr)")
    }
  }

  /// Every limit option takes K, M and G (powers of 1024); a negative limit is named as such.
  @Test func limitOptionsTakeSizeSuffixes() throws {
    let sample = "SampleDocuments/valid/handwriting-opc.will"
    let small = try WillDocRunner.run(
      ["inspect", "--max-file-bytes", "1K", sample], in: Fixtures.packageRoot)
    #expect(small.status == 1)
    #expect(small.stderr.contains("the limit is 1024 (raise it with --max-file-bytes)"))
    for value in ["1M", "1m", "1MiB", "1G", "2048K"] {
      let result = try WillDocRunner.run(
        ["inspect", "--max-file-bytes", value, "--max-points-per-stroke", "64K", sample],
        in: Fixtures.packageRoot)
      #expect(result.status == 0, "\(value): \(result.stderr)")
    }
    let render = try WillDocRunner.run(
      ["render", sample, "-o", "/dev/null", "--format", "png", "--max-canvas-pixels", "1K"],
      in: Fixtures.packageRoot)
    #expect(render.status == 1)
    #expect(render.stderr.contains("--max-canvas-pixels"), "\(render.stderr)")
    for value in ["1X", "K", "-1", "-2M"] {
      let result = try WillDocRunner.run(["inspect", "--max-parts", value, sample])
      #expect(result.status == 64, "\(value)")
      #expect(result.stderr.hasPrefix("willdoc: error: "), "\(result.stderr)")
      if value.hasPrefix("-") {
        #expect(result.stderr.hasPrefix("willdoc: error: --max-parts must not be negative"))
      }
    }
    let negativeRender = try WillDocRunner.run(
      ["render", sample, "-o", "/dev/null", "--format", "png", "--max-render-work", "-5"])
    #expect(negativeRender.status == 64)
    #expect(
      negativeRender.stderr.hasPrefix("willdoc: error: --max-render-work must not be negative"),
      "\(negativeRender.stderr)")
  }

  /// swift-argument-parser's completion scripts know every command.
  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScripts(_ shell: String) throws {
    let result = try WillDocRunner.run(["--generate-completion-script", shell])
    #expect(result.status == 0, "\(result.stderr)")
    for command in ["inspect", "convert", "render", "salvage", "part", "diff"] {
      #expect(result.stdout.contains(command), "\(shell): \(command)")
    }
    #expect(result.stdout.contains("output-directory"), "\(shell)")
  }

  @Test func colourOnlyWhenAsked() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let plain = try WillDocRunner.run(["inspect", url.path])
    #expect(!plain.stdout.contains("\u{1B}["))
    let coloured = try WillDocRunner.run(["inspect", "--color", "always", url.path])
    #expect(coloured.stdout.contains("\u{1B}[1m"))
  }

  /// `--color auto` colours a terminal's output unless NO_COLOR is set or TERM is `dumb`:
  /// run under `script`, which gives willdoc a pseudo-terminal.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func colourOnATerminalUnlessTheEnvironmentSaysNo() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    func onATerminal(_ environment: [String: String]) throws -> String {
      let command = "'\(WillDocRunner.binary.path)' inspect '\(url.path)'"
      let result = try WillDocRunner.run(
        ["-qec", command, "/dev/null"], environment: environment,
        binary: URL(fileURLWithPath: "/usr/bin/script"))
      #expect(result.status == 0, "\(environment): \(result.stderr)")
      return result.stdout
    }
    #expect(try onATerminal(["TERM": "xterm"]).contains("\u{1B}[1m"))
    #expect(!(try onATerminal(["TERM": "xterm", "NO_COLOR": "1"]).contains("\u{1B}[")))
    #expect(!(try onATerminal(["TERM": "dumb"]).contains("\u{1B}[")))
  }

  @Test func syntheticSnapshots() throws {
    let directory = try TemporaryDirectory()
    _ = try SyntheticDocuments.write(SyntheticDocuments.twoStrokes, to: directory, name: "two.will")
    _ = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, container: .riff, to: directory, name: "two.riff")
    let inspect = try WillDocRunner.run(["inspect", "two.will", "two.riff"], in: directory.url)
    #expect(inspect.status == 0)
    try assertSnapshot(inspect.stdout, named: "inspect-synthetic")
    let dump = try WillDocRunner.run(["dump", "--raw", "two.will"], in: directory.url)
    #expect(dump.status == 0)
    try assertSnapshot(dump.stdout, named: "dump-synthetic")
    let json = try WillDocRunner.run(
      ["dump", "--format", "json", "--raw", "two.will"], in: directory.url)
    #expect(json.status == 0)
    try assertSnapshot(json.stdout, named: "dump-json-synthetic")
    let validate = try WillDocRunner.run(
      ["validate", "--format", "json", "two.will"], in: directory.url)
    #expect(validate.status == 0)
    try assertSnapshot(validate.stdout, named: "validate-json-synthetic")
  }

  @Test func dumpNarrowsToOneStroke() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let result = try WillDocRunner.run(["dump", "--format", "json", "--stroke", "1", url.path])
    let json = try DumpSchema.parse(result.stdoutBytes)
    let strokes = try DumpSchema.strokes(json)
    #expect(strokes.count == 1)
    #expect(strokes.first?["index"] as? Int == 1)
    #expect(strokes.first?["width"] as? Double == 1.5)
    #expect(strokes.first?["ts"] as? Double == 0.25)
    let color = strokes.first?["color"] as? [String: Int]
    #expect(color == ["r": 255, "g": 0, "b": 0, "a": 128])
    let pastEnd = try WillDocRunner.run(["dump", "--section", "3", url.path])
    #expect(pastEnd.status == 64)
  }

  @Test func validateStrictFailsOnWarnings() throws {
    let directory = try TemporaryDirectory()
    var document = SyntheticDocuments.twoStrokes
    document.updateStrokes { $0.blendMode = .clear }
    let url = try SyntheticDocuments.write(document, to: directory, name: "zero.will")
    let lenient = try WillDocRunner.run(["validate", url.path])
    #expect(lenient.status == 0)
    #expect(lenient.stdout.contains("warning [blend-mode-zero]"))
    let strict = try WillDocRunner.run(["validate", "--strict", url.path])
    #expect(strict.status == 1)
  }

  /// Blend mode 0 is drawn source-over: it is named so in text and JSON, with the stored 0.
  @Test func blendModeZeroIsNamedForHowItIsDrawn() throws {
    let directory = try TemporaryDirectory()
    var document = SyntheticDocuments.twoStrokes
    document.updateStrokes { $0.blendMode = BlendMode(rawValue: 0) }
    let url = try SyntheticDocuments.write(document, to: directory, name: "zero.will")
    let dump = try WillDocRunner.run(["dump", url.path])
    #expect(dump.stdout.contains("blend SOURCE_OVER (stored 0)"), "\(dump.stdout)")
    #expect(!dump.stdout.contains("CLEAR"))
    let inspect = try WillDocRunner.run(["inspect", url.path])
    #expect(inspect.stdout.contains("blend modes  SOURCE_OVER (stored 0) ×2"), "\(inspect.stdout)")
    let json = try DumpSchema.parse(
      try WillDocRunner.run(["dump", "--format", "json", url.path]).stdoutBytes)
    for stroke in try DumpSchema.strokes(json) {
      #expect(stroke["blendMode"] as? String == "SOURCE_OVER")
      #expect(stroke["blendModeValue"] as? Int == 0)
    }
    let summary = try WillDocRunner.run(["inspect", "--format", "json", url.path])
    #expect(
      summary.stdout.contains(#"{"name": "SOURCE_OVER", "value": 0, "strokes": 2}"#)
        || summary.stdout.contains(#""name": "SOURCE_OVER""#), "\(summary.stdout)")
  }

  @Test func validateSeveralFilesPrintsTotal() throws {
    let directory = try TemporaryDirectory()
    _ = try SyntheticDocuments.write(SyntheticDocuments.twoStrokes, to: directory, name: "a.will")
    _ = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, container: .raw, to: directory, name: "b.bin")
    try Data("nope".utf8).write(to: directory.file("c.txt"))
    let result = try WillDocRunner.run(["validate", "a.will", "b.bin", "c.txt"], in: directory.url)
    #expect(result.status == 2)
    #expect(
      result.stdout == """
        a.will: valid (0 errors, 0 warnings)
        b.bin: valid (0 errors, 0 warnings)
        c.txt: unreadable (1 error, 0 warnings)
        total: 3 files, 2 valid, 0 invalid, 1 unreadable; 1 error, 0 warnings

        """)
  }
}

/// Options of reencode and render beyond the defaults, on built documents.
@Suite struct WritingOptionTests {
  @Test func normalizeAndDropPaintsKeepTheStrokes() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let output = directory.file("normal.will")
    let result = try WillDocRunner.run(
      ["reencode", url.path, "-o", output.path, "--normalize", "--drop-paints", "--deflate", "0"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("strokes kept     2 of 2"))
    let written = try WillDocument(parsing: [UInt8](try Data(contentsOf: output)))
    #expect(written.strokes == SyntheticDocuments.twoStrokes.strokes)
    #expect(written.paints.isEmpty)
  }

  @Test func reencodeToStandardOutput() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let result = try WillDocRunner.run(["reencode", url.path, "-o", "-", "--container", "raw"])
    #expect(result.status == 0)
    #expect(result.stderr.contains("strokes kept"))
    let document = try WillDocument(parsing: result.stdoutBytes)
    #expect(document.container == .raw)
    #expect(document.strokes == SyntheticDocuments.twoStrokes.strokes)
  }

  @Test func rendersEverySectionToNumberedFiles() throws {
    let directory = try TemporaryDirectory()
    var document = SyntheticDocuments.twoStrokes
    document.sections.append(document.sections[0])
    let url = try SyntheticDocuments.write(document, to: directory, name: "two-pages.will")
    let result = try WillDocRunner.run(
      ["render", url.path, "-o", directory.file("page.png").path, "--dpi", "192"])
    #expect(result.status == 0, "\(result.stderr)")
    for number in [0, 1] {
      let bytes = [UInt8](try Data(contentsOf: directory.file("page-\(number).png")))
      #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
      let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
      #expect(width == 400 && height == 200)
    }
    let svg = try WillDocRunner.run(
      [
        "render", url.path, "-o", directory.file("page.svg").path, "--section", "1",
        "--background", "#FFEE00",
      ])
    #expect(svg.status == 0)
    let text = try String(contentsOf: directory.file("page.svg"), encoding: .utf8)
    #expect(text.contains("<svg") && text.contains("<path"))
    let outline = try WillDocRunner.run(
      [
        "render", url.path, "-o", directory.file("outline.json").path, "--section", "0",
        "--background", "transparent",
      ])
    #expect(outline.status == 0)
    #expect(
      (try JSONSerialization.jsonObject(with: Data(contentsOf: directory.file("outline.json"))))
        is [String: Any])
  }

  @Test func renderRefusesToWriteOverItsInput() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.svg")
    let result = try WillDocRunner.run(["render", url.path, "-o", url.path])
    #expect(result.status == 64)
  }
}
