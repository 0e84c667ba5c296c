import ArgumentParser
import Foundation
import InkCodec

/// `willdoc convert IN -o OUT` and `willdoc convert IN… -d DIR`: WILL 2 ↔ UIM ↔ InkML, the
/// input sniffed, the output's format from its extension or `--to`; many files, folders and
/// standard input at once, in parallel, with a progress bar and a summary.
struct Convert: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Convert between WILL 2 (.will), the Universal Ink Model (.uim) and InkML (.inkml).",
    discussion: """
      The input's format is sniffed from its bytes; the output's comes from its extension \
      (.will, .uim, .inkml) or --to. WILL 2 → UIM keeps everything: the stored integers of every \
      stroke, pages, transforms, paints, blend modes (docs/uim.md says how), and invents no \
      sensor data. UIM → WILL 2 lists everything WILL 2 cannot hold (sensor data, views, the \
      knowledge graph, brush shapes, channels without a WILL 2 counterpart) and writes the rest. \
      A UIM file willdoc wrote comes back to the original WILL 2 strokes exactly. InkML gets one \
      traceGroup per page (its size in an annotation), traces with X, Y and W, brushes with \
      colour, width and transparency; InkML comes in with its difference-coded values, \
      contexts and brushes, channels other than X, Y and W listed as dropped. The output is \
      read back and checked before it is written.

      Many files: willdoc convert notes/ more.will - -d out --to uim converts every input into \
      the folder out. A file named on the command line is converted whatever its extension; \
      a folder is walked recursively and its .will, .uim and .inkml files converted, every \
      other file skipped (and counted); - reads standard input and writes stdin.uim. Each \
      output is named after its input with the target's extension, under the same subfolders \
      as the input below the folder given (notes/2024/a.will → out/2024/a.uim). Inputs are \
      converted -j at a time, each one in memory; a bad input is reported and the others go \
      on, and nothing is written for it. A progress bar (files done of all, the current file, \
      time elapsed and left) is drawn on standard error when it is a terminal, never in a \
      pipe or with --quiet. The summary on standard output lists every input (converted, \
      failed with the reason, skipped) and the totals; --format json prints it as JSON \
      (docs/json.md).

      Exit status: with -d, 0 when every input converted (skipped files do not count) and 1 \
      when any failed; with one input and -o, 0, 1 for an invalid document, 2 for an \
      unreadable one; 64 for a usage error. An existing file is never replaced without \
      --force: with -o it is a usage error, with -d that input fails and the others go on. \
      convert never writes over its input (it has no --in-place); a device or FIFO such as \
      /dev/null is written to, not replaced.
      """)

  @Argument(
    help: ArgumentHelp(
      "The documents and folders to convert, or - for standard input.", valueName: "in"))
  var inputs: [String] = []

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "The file to write, or - for standard output (one input).", valueName: "file"))
  var output: String?

  @Option(
    name: [.customShort("d"), .customLong("output-directory")],
    help: ArgumentHelp(
      "The folder to write into, created when missing (any number of inputs).",
      valueName: "dir"))
  var directory: String?

  @Option(help: "The format to write: will, uim or inkml (default: from the output's extension).")
  var to: ConvertFormat?

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "How many inputs to convert at once, 1 to 256 (default: the processors available).",
      valueName: "n"))
  var jobs: Int?

  @Flag(name: .shortAndLong, help: "No progress bar, and only failures and totals in the summary.")
  var quiet = false

  @Option(help: "The summary as text or json (see docs/json.md).")
  var format: ReportFormat = .text

  @OptionGroup var overwrite: OverwriteOptions

  @OptionGroup var limitOptions: LimitOptions

  /// `-d`: the batch form (any number of files, folders and `-`) with its summary.
  var isBatch: Bool { directory != nil }

  /// The format written.
  var target: ConvertFormat {
    to ?? ConvertFormat(extensionOf: output ?? "")!
  }

  func validate() throws {
    guard !inputs.isEmpty else { throw ValidationError("give the documents to convert") }
    if let jobs, !(1...256).contains(jobs) {
      throw ValidationError("--jobs must be between 1 and 256")
    }
    if inputs.filter({ $0 == "-" }).count > 1 {
      throw ValidationError("standard input (-) can be given once")
    }
    if let directory {
      if output != nil { throw ValidationError("give -o FILE or -d DIR, not both") }
      if to == nil { throw ValidationError("give the format to write with --to will|uim|inkml") }
      if SystemPath.status(directory) != nil, !SystemPath.isFolder(directory) {
        throw ValidationError("-d \(directory.terminalSafe) is a file, not a folder")
      }
      return
    }
    guard let output else {
      throw ValidationError("give the output file with -o, or a folder with -d for many inputs")
    }
    guard inputs.count == 1 else {
      throw ValidationError("-o names one file: give -d DIR to convert \(inputs.count) inputs")
    }
    let input = inputs[0]
    if input != "-", SystemPath.isFolder(input) {
      throw ValidationError(
        "\(input.terminalSafe) is a folder: give -d DIR to convert the documents in it")
    }
    if to == nil, ConvertFormat(extensionOf: output) == nil {
      throw ValidationError(
        "give the output format with --to will|uim|inkml, or an -o ending in .will, .uim or .inkml")
    }
    if format == .json, output == "-" {
      throw ValidationError("--format json prints the summary on standard output: give -o FILE")
    }
    if input != "-", output != "-", isSameFile(input, output) {
      throw ValidationError(
        "-o \(output.terminalSafe) is the input file: convert writes another file")
    }
    try overwrite.check(output)
  }

  func run() throws {
    if isBatch || format == .json { return try runBatch() }
    try runOne(input: inputs[0], output: output!)
  }

  /// Many inputs: plan, convert in parallel, summarise.
  private func runBatch() throws {
    let entries: [ConversionPlan.Entry] =
      if let directory {
        ConversionPlan(inputs: inputs, directory: directory, target: target).entries
      } else {
        [.convert(input: inputs[0], output: output!)]
      }
    let conversion = BatchConversion(
      target: target, limits: limitOptions.limits, overwrite: overwrite,
      jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, directory: directory)
    let work = entries.filter {
      if case .convert = $0 { return true } else { return false }
    }.count
    let outcomes = conversion.run(entries, progress: ProgressBar(total: work, enabled: !quiet))
    let summary = ConversionSummary(outcomes: outcomes, target: target, directory: directory)
    let failures = outcomes.filter { $0.status == .failed }
    // One -o file keeps the status of its failure (1 invalid, 2 unreadable); a batch is 1.
    let status: ExitStatus =
      failures.isEmpty ? .ok : isBatch ? .invalid : failures.map(\.exitStatus).max()!
    switch format {
    case .text:
      for line in summary.lines(quiet: quiet) { StandardOutput.line(line) }
    case .json:
      try reportingErrors(file: "-") { () throws(WillError) in
        try summary.json(exitStatus: status).write { StandardOutput.write($0) }
      }
    }
    if status != .ok { throw status.exitCode }
  }

  /// One input to one file, with the report of every other command.
  private func runOne(input: String, output: String) throws {
    let limits = limitOptions.limits
    let file = try reportingErrors(file: input) { () throws(WillError) in
      try InputFile.read(input, limits: limits)
    }
    let conversion: DocumentConversion
    do {
      conversion = try DocumentConversion(converting: file, to: target, limits: limits)
    } catch {
      printError("willdoc: error: " + error.message(input: input, output: output))
      throw error.exitStatus.exitCode
    }
    var lines = ["input    \(file.name.terminalSafe) \(conversion.inputSummary)"]
    lines += conversion.changes.map { "changed  \($0.terminalSafe)" }
    lines += conversion.dropped.map { "dropped  \($0.terminalSafe)" }
    lines.append(
      "output   \(output.terminalSafe) \(target.rawValue) \(Format.count(conversion.bytes.count)) bytes "
        + "\(Format.count(conversion.strokes)) strokes")
    try writeOutput(conversion.bytes, to: output)
    for line in lines {
      if output == "-" { printError(line) } else { StandardOutput.line(line) }
    }
  }
}
