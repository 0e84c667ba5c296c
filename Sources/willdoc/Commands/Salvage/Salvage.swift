import ArgumentParser
import InkCodec

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `willdoc salvage DAMAGED -o RECOVERED`: recover the strokes of a damaged document that can
/// be shown to be the original's, in its container.
struct Salvage: RunnableCommand {
  /// The damaged document, or - for standard input.
  var input: String = ""

  /// Where the result is written (`-o`, `--in-place`).
  var outputOptions = OutputOptions()

  /// The container to write: opc, riff or raw (default: the input's).
  var container: ContainerKind?

  /// The decoding limits (`--max-strokes`, …).
  var limitOptions = LimitOptions()

  func validate() throws {
    try outputOptions.validate(input: input, role: "damaged file")
  }

  func run() throws {
    let output = outputOptions.destination(input: input)!
    let limits = limitOptions.limits
    let file = try reportingErrors(file: input) { () throws(WillError) in
      try InputFile.read(input, limits: limits)
    }
    if UIMFile.sniff(file.bytes) { return try salvageUIM(file, output: output, limits: limits) }
    var report = SalvageReport()
    let document = try reportingErrors(file: input) { () throws(WillError) in
      try WillDocument(salvaging: file.bytes, limits: limits, report: &report)
    }
    let targetContainer = container ?? document.container
    try outputOptions.checkContainer(
      input: input, from: ContainerKind(sniffing: file.bytes), to: targetContainer)
    let bytes = try reportingErrors(file: output) { () throws(WillError) in
      try document.serialized(container: targetContainer)
    }
    try writeOutput(bytes, to: output)
    var lines = [
      report.wasIntact
        ? "\(input.terminalSafe): intact, nothing to salvage" : "\(input.terminalSafe): damaged",
      "strokes recovered  \(Format.count(report.recoveredStrokes))",
    ]
    if report.skippedRecords > 0 { lines.append("records dropped    \(report.skippedRecords)") }
    for part in report.damagedParts { lines.append("part damaged       " + "\(part)".terminalSafe) }
    for part in report.lostParts { lines.append("part lost          " + "\(part)".terminalSafe) }
    for loss in report.losses { lines.append("lost               " + "\(loss)".terminalSafe) }
    for note in report.notes { lines.append("note               \(note.terminalSafe)") }
    for limit in report.exceededLimits { lines.append("limit reached      \(limit.rawValue)") }
    lines.append("written            \(output.terminalSafe) (\(Format.count(bytes.count)) bytes)")
    for line in lines {
      if output == "-" { printError(line) } else { StandardOutput.line(line) }
    }
    if !report.wasIntact { throw ExitStatus.invalid.exitCode }
  }

  /// A UIM file: the chunks and strokes that read, written as UIM 3.1.0.
  private func salvageUIM(_ file: InputFile, output: String, limits: DecodingLimits) throws {
    var report = UIMSalvageReport()
    let document: UIMDocument
    do throws(WillError) {
      document = try UIMDocument(salvaging: file.bytes, limits: limits, report: &report)
    } catch {
      // Salvage fails only when nothing in the file is UIM data it can read (no RIFF/UINK
      // header, no HEAD chunk, a file cut inside it): an unreadable input, exit 2.
      printError(errorLine(file: input, error))
      throw (error.category == .format ? ExitStatus.unreadable : ExitStatus(error)).exitCode
    }
    let bytes = try reportingErrors(file: output) { () throws(WillError) in
      try document.serialized()
    }
    try writeOutput(bytes, to: output)
    var lines = [
      report.wasIntact
        ? "\(input.terminalSafe): intact, nothing to salvage" : "\(input.terminalSafe): damaged",
      "strokes recovered  \(Format.count(report.recoveredStrokes))",
    ]
    for chunk in report.damagedChunks { lines.append("chunk damaged      \(chunk.terminalSafe)") }
    for chunk in report.lostChunks { lines.append("chunk lost         \(chunk.terminalSafe)") }
    for note in report.notes { lines.append("note               \(note.terminalSafe)") }
    lines.append("written            \(output.terminalSafe) (\(Format.count(bytes.count)) bytes)")
    for line in lines {
      if output == "-" { printError(line) } else { StandardOutput.line(line) }
    }
    if !report.wasIntact { throw ExitStatus.invalid.exitCode }
  }
}

extension Salvage {
  static var ownDirectOptions: [DirectOption<Self>] {
    [.value("--container", as: ContainerKind.self) { $0.container = $1 }]
  }

  static var directPositionals: DirectPositionals<Self> { .one { $0.input = $1 } }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.outputOptions) },
      DirectGroup { try $1(&$0.limitOptions) },
    ]
  }
}

extension Salvage {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Salvage`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "salvage",
      abstract: "Recover the intact strokes of a damaged WILL document, inventing none.",
      discussion: """
        Keeps only strokes that can be shown to be the original's (nothing from a part whose \
        checksum fails), finds zip entries without a central directory or behind a prefix, \
        rebuilds sections whose SVGs are broken, writes a valid document in the input's \
        container and reports every damaged part with the strokes kept and dropped. \
        Exit status 0 intact, 1 something lost (the document is still written), 2 no WILL data. \
        \(OverwriteOptions.policy) In full: docs/cli.md#salvage. \(LimitOptions.helpNote)
        """)

    @Argument(
      help: ArgumentHelp("The damaged document, or - for standard input.", valueName: "damaged"))
    var input: String

    @OptionGroup
    var outputOptions: OutputOptions.Declaration

    @Option(help: "The container to write: opc, riff or raw (default: the input's).")
    var container: ContainerKind?

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Salvage {
      var plain = Salvage()
      plain.input = input
      plain.outputOptions = outputOptions.plain
      plain.container = container
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
