import Foundation
import InkTestSupport
import Testing

/// Every command on every hostile file of `SampleDocuments/invalid` (the resource attacks
/// `r-*`, WILL 2, UIM and InkML, and the damaged files `x-*`) finishes within 1 GiB of address space and the CPU-time cap,
/// with exit status 0, 1 or 2 and at most one `willdoc: error:` line: never a trap, a hang or
/// an out-of-memory abort. The files run one at a time, each file's commands side by side
/// (the cap is CPU time, which sharing the cores does not change), on the optimised binary that
/// `WILLDOC_BUDGET_BINARY` names and, on the commands a build profile changes, the other
/// profile's (`WILLDOC_OTHER_PROFILE_BINARY`).
@Suite(
  .serialized,
  .enabled(
    if: FileManager.default.fileExists(atPath: Fixtures.sampleDocuments.path),
    "SampleDocuments/ is absent"))
struct ResourceBudgetTests {
  /// The timed runs need the optimised binary; the README's test command builds it.
  static let optimised = BudgetedRun.releaseBinary != nil

  static let hostileFiles = SampleDocumentsTests.files("invalid")

  /// The cases below come from the folder, which reads as empty when missing: 19 damaged files
  /// and 25 resource attacks at least.
  @Test func everyHostileFileIsThere() {
    #expect(Self.hostileFiles.filter { $0.hasPrefix("x-") }.count >= 19, "\(Self.hostileFiles)")
    #expect(Self.hostileFiles.filter { $0.hasPrefix("r-") }.count >= 25, "\(Self.hostileFiles)")
    // InkML attacks: every command takes them, or fails with one error line.
    #expect(
      Self.hostileFiles.filter { $0.hasPrefix("r-inkml-") && $0.hasSuffix(".inkml") }.count >= 7,
      "\(Self.hostileFiles)")
  }

  /// Every command that reads a document, with each output form whose cost grows with the
  /// document: PDF holds every section (the brushed one as images of the ink), and `--section
  /// all`, the default, is spelled out once. `validate --format json` and `inspect -q` read and
  /// check as `validate` and `inspect` do and print a bounded report, so they are not run again
  /// on every file. The file's name follows each (`diff` compares the file with itself). The
  /// heaviest come first, as they were on the resource attacks.
  static func commands(output: URL, file: String) -> [[String]] {
    [
      ["convert", "-o", output.appendingPathComponent("converted.uim").path],
      ["render", "--brush", "particle", "-o", output.appendingPathComponent("particle.png").path],
      ["render", "--brush", "hair", "-o", output.appendingPathComponent("hair.png").path],
      ["render", "-o", output.appendingPathComponent("page.png").path],
      [
        "render", "--section", "all", "--brush", "hair", "-o",
        output.appendingPathComponent("all.pdf").path,
      ],
      ["dump"],
      ["render", "--animate", "-o", output.appendingPathComponent("replay.png").path],
      ["convert", "-o", output.appendingPathComponent("converted.inkml").path],
      ["convert", "-o", output.appendingPathComponent("converted.will").path],
      ["reencode", "-o", output.appendingPathComponent("copy.will").path],
      ["salvage", "-o", output.appendingPathComponent("salvaged.will").path],
      ["dump", "--format", "json"],
      ["render", "-o", output.appendingPathComponent("page.pdf").path],
      ["render", "-o", output.appendingPathComponent("page.svg").path],
      ["render", "-o", output.appendingPathComponent("outline.json").path],
      ["inspect"], ["validate"], ["diff", file],
    ]
  }

  /// The commands that run code a build profile changes: `validate` reads the zip and XML
  /// parts with the profile's code, `render` to PNG draws without a JPEG decoder in the other
  /// profile, `reencode`, `salvage` and the conversion to WILL 2 write packages with its zip
  /// writer and read them back, and the conversion to InkML reads its XML back with the
  /// profile's XML reader while both documents are held. The other commands read as
  /// `validate` does and then run the same code in both profiles. The other profile's binary
  /// runs these beside the default one's every command.
  static func profileCommands(output: URL, file: String) -> [[String]] {
    let changed: Set<[String]> = [
      ["validate"],
      ["render", "-o", output.appendingPathComponent("page.png").path],
      ["reencode", "-o", output.appendingPathComponent("copy.will").path],
      ["salvage", "-o", output.appendingPathComponent("salvaged.will").path],
      ["convert", "-o", output.appendingPathComponent("converted.will").path],
      ["convert", "-o", output.appendingPathComponent("converted.inkml").path],
    ]
    return commands(output: output, file: file).filter(changed.contains)
  }

  /// Every capped run of a file: the optimised binary's every command and the other build
  /// profile's (`WILLDOC_OTHER_PROFILE_BINARY`, as CI builds it) on the commands it changes,
  /// the heaviest first, so that a file's last runs are short and both cores stay busy.
  static func runs(output: URL, file: String) -> [(build: BudgetedRun.Build, command: [String])] {
    let all = commands(output: output, file: file)
    var runs = all.map { (build: BudgetedRun.Build.own, command: $0) }
    if BudgetedRun.otherProfileBinary != nil {
      runs += profileCommands(output: output, file: file).map { (.otherProfile, $0) }
    }
    let rank = { (command: [String]) in all.firstIndex(of: command) ?? all.count }
    return runs.enumerated().sorted {
      (rank($0.element.command), $0.offset) < (rank($1.element.command), $1.offset)
    }.map(\.element)
  }

  @Test(
    .enabled(
      if: optimised,
      "set WILLDOC_BUDGET_BINARY to an optimised willdoc (swift build -c release --product willdoc --static-swift-stdlib --toolset Tools/release-toolset.json), as the README's test command does"
    ), arguments: hostileFiles)
  func everyCommandFinishesWithinBudget(_ name: String) throws {
    let directory = Fixtures.sampleDocuments.appendingPathComponent("invalid")
    let runs = Self.runs(output: directory, file: name)
    for (index, result) in BudgetedRun.runSideBySide(
      count: runs.count,
      work: { index in
        let scratch = try TemporaryDirectory()  // removed after each command
        let (build, command) = Self.runs(output: scratch.url, file: name)[index]
        return try BudgetedRun.run(command + [name], in: directory, build: build)
      }
    ).enumerated() {
      let (build, command) = runs[index]
      let outcome = try result.get()
      let label = "\(build.name) \(command.first!) … \(name)"
      #expect(
        !outcome.timedOut,
        "\(label) ran past \(BudgetedRun.timeCap) s of CPU (binary \(build.binary.path))")
      #expect(
        [0, 1, 2].contains(outcome.status), "\(label) exited \(outcome.status): \(outcome.stderr)")
      #expect(!outcome.stderr.contains("Fatal error"), "\(label): \(outcome.stderr)")
      let errorLines = outcome.stderr.split(separator: "\n").filter {
        $0.hasPrefix("willdoc: error:")
      }
      #expect(errorLines.count <= 1, "\(label): \(outcome.stderr)")
      if outcome.status != 0 && command.first != "salvage" {
        // One line naming the file; a limit error also names the option that raises it, or
        // says that the XML reader's ceiling stopped it, which no option raises.
        #expect(errorLines.count == 1, "\(label): \(outcome.stderr)")
        if let line = errorLines.first, line.contains("limit exceeded") {
          #expect(
            line.contains("(raise it with --max-")
              || line.contains("(the XML reader's own ceiling: --max-xml-"),
            "\(label): \(line)")
        }
      }
    }
  }

  /// The CPU cap stops a run and counts it: a conversion that needs seconds of CPU, held to
  /// one second, is past the budget, and the same run under the real cap is not.
  @Test(.enabled(if: optimised)) func aRunPastTheCPUCapIsCounted() throws {
    let directory = Fixtures.sampleDocuments.appendingPathComponent("invalid")
    let scratch = try TemporaryDirectory()
    let command = ["convert", "r-shared-paths-at-limit.will", "-o", scratch.file("a.uim").path]
    let held = try BudgetedRun.run(command, in: directory, cpuSeconds: 1)
    #expect(held.timedOut, "\(held)")
    let free = try BudgetedRun.run(command + ["--force"], in: directory)
    #expect(!free.timedOut && free.status == 0, "\(free)")
  }

  /// Under an address-space limit, an allocation an input asks for fails; that is a typed
  /// `out-of-memory` error naming the part, not a crash.
  @Test(arguments: BudgetedRun.Build.available)
  func allocationFailureIsAnErrorNotATrap(_ build: BudgetedRun.Build) throws {
    let directory = Fixtures.sampleDocuments.appendingPathComponent("invalid")
    let outcome = try BudgetedRun.run(
      ["inspect", "r-medium-bombs-at-limit.will"], in: directory, memory: 250 << 20, build: build)
    #expect(outcome.status == 1, "\(outcome.stderr)")
    #expect(
      outcome.stderr.hasPrefix("willdoc: error: r-medium-bombs-at-limit.will: /bombs/b"),
      "\(outcome.stderr)")
    #expect(outcome.stderr.contains("out of memory: could not allocate"), "\(outcome.stderr)")
    // A canvas the limits let through but the address space does not: the same error.
    let valid = Fixtures.sampleDocuments.appendingPathComponent("valid")
    let render = try BudgetedRun.run(
      [
        "render", "handwriting-opc.will", "--scale", "10", "--max-canvas-pixels", "100000000",
        "--max-render-work", "100000000000", "-o", try TemporaryDirectory().file("big.png").path,
      ], in: valid, memory: 400 << 20, build: build)
    #expect(render.status == 1, "\(render.stderr)")
    #expect(
      render.stderr.hasPrefix(
        "willdoc: error: handwriting-opc.will: out of memory: could not allocate"),
      "\(render.stderr)")
  }
}
