import ArgumentParser
import InkCodec
import InkInput

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `willdoc convert IN -o OUT` and `willdoc convert IN… -d DIR`: WILL 2 ↔ UIM ↔ InkML, or
/// pictures of the pages as `render` draws them; the input sniffed, the output's format from
/// its extension or `--to`; many files, folders and standard input at once, in parallel,
/// with a progress bar and a summary.
struct Convert: RunnableCommand {
  /// The documents and folders to convert, or - for standard input.
  var inputs: [String] = []

  /// The file to write, or - for standard output (one input).
  var output: String?

  /// The folder to write into, created when missing (any number of inputs).
  var directory: String?

  /// The format to write: will, uim, inkml, or png, svg, pdf (default: from the output's
  /// extension).
  var to: ConvertFormat?

  /// The container of WILL 2 output: package (or opc), riff or raw (default: the input's; a UIM
  /// whose paths parts are RIFF chunks comes back as RIFF, any other as a package).
  var container: ContainerKind?

  /// The InkML form: standard (page units) or office (HIMETRIC in an inkSource, as Office and
  /// Wacom's InkML parser read it).
  var inkmlProfile: InkMLProfile = .standard

  /// A tuhi drawing's pen width in mm at no and at full pressure, and the curve's exponent
  /// (default: 0.2:0.6:1, as tuhi's SVG).
  var tuhiWidth = TuhiWidth(minimum: 0.2, maximum: 0.6)

  /// A tuhi drawing's device unit in µm and full pressure: 1:65535 (default), 10:2047 for a 2018
  /// Slate file.
  var tuhiUnit = TuhiUnit(micrometres: 1)

  /// How many inputs to convert at once, 1 to 256 (default: the processors available).
  var jobs: Int?

  /// No progress bar, and only failures and totals in the summary.
  var quiet = false

  /// The summary as text or json (see docs/json.md).
  var format: ReportFormat = .text

  /// Skip an input whose outputs exist (to resume a batch).
  var skipExisting = false

  /// How pictures are drawn: render's options, listed by --help-hidden.
  var drawing = DrawingOptions()

  /// Whether an existing output may be replaced (`--force`).
  var overwrite = OverwriteOptions()

  /// The decoding limits (`--max-strokes`, …).
  var limitOptions = LimitOptions()

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
    if container != nil, let format = to ?? output.flatMap(ConvertFormat.init(extensionOf:)),
      format != .will
    {
      throw ValidationError("--container chooses the container of WILL 2 output (--to will)")
    }
    if inkmlProfile != .standard,
      (to ?? output.flatMap { ConvertFormat(extensionOf: $0) }) != .inkml
    {
      throw ValidationError("--inkml-profile applies to InkML output: give --to inkml")
    }
    if let picture = (to ?? output.flatMap(ConvertFormat.init(extensionOf:)))?.picture {
      try drawing.checkBrush(drawing: picture)
    }
    if let directory {
      if output != nil { throw ValidationError("give -o FILE or -d DIR, not both") }
      if to == nil {
        throw ValidationError("give the format to write with --to will|uim|inkml|png|jpeg|svg|pdf")
      }
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
        "give the output format with --to will|uim|inkml|png|jpeg|svg|pdf, or an -o ending in one of "
          + "those extensions")
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
    let work = entries.filter {
      if case .convert = $0 { return true } else { return false }
    }.count
    // One conversion needs no count of processors, whose cgroup files cost a note's start.
    let conversion = BatchConversion(
      target: target, container: container, inkMLProfile: inkmlProfile, tuhi: tuhi,
      limits: limitOptions.limits, overwrite: overwrite,
      jobs: jobs ?? (work > 1 ? ProcessInfo.processInfo.activeProcessorCount : 1),
      directory: directory, drawing: drawing, skipExisting: skipExisting)
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

  /// How tuhi drawings are read: `--tuhi-width` and `--tuhi-unit`.
  var tuhi: TuhiReading {
    var reading = TuhiReading.standard
    reading.options = TuhiImportOptions(
      micrometresPerUnit: tuhiUnit.micrometres, pressureMaximum: tuhiUnit.pressureMaximum)
    reading.width = PropertyConfiguration(
      minValue: tuhiWidth.minimum, maxValue: tuhiWidth.maximum,
      function: tuhiWidth.exponent == 1 ? .linear : .power(tuhiWidth.exponent))
    return reading
  }

  /// One input to one file, with the report of every other command.
  private func runOne(input: String, output: String) throws {
    let limits = limitOptions.limits
    let file = try reportingErrors(file: input) { () throws(WillError) in
      try InputFile.read(input, limits: limits)
    }
    if let picture = target.picture {
      return try drawOne(file, as: picture, to: output)
    }
    let conversion: DocumentConversion
    do {
      conversion = try DocumentConversion(
        converting: file, to: target, container: container, inkMLProfile: inkmlProfile,
        tuhi: tuhi, limits: limits)
    } catch {
      printError("willdoc: error: " + error.message(input: input, output: output))
      throw error.exitStatus.exitCode
    }
    var lines = ["input    \(file.name.terminalSafe) \(conversion.inputSummary)"]
    lines += conversion.changes.map { "changed  \($0.terminalSafe)" }
    lines += conversion.dropped.map { "dropped  \($0.terminalSafe)" }
    lines.append(
      "output   \(output.terminalSafe) \(conversion.outputFormat) \(Format.count(conversion.bytes.count)) bytes "
        + "\(Format.count(conversion.strokes)) strokes")
    try writeOutput(conversion.bytes, to: output)
    for line in lines {
      if output == "-" { printError(line) } else { StandardOutput.line(line) }
    }
  }

  /// One input drawn to `output`: one file, or a numbered file per section.
  private func drawOne(_ file: InputFile, as format: PictureFormat, to output: String) throws {
    let pictures = ConvertedFiles(
      try reportingErrors(file: file.name) { () throws(WillError) in
        try PictureConversion(
          drawing: file, as: format, options: drawing, tuhi: tuhi, limits: limitOptions.limits,
          warn: printError)
      })
    if output == "-" && pictures.files.count > 1 {
      throw ValidationError(
        "\(file.name.terminalSafe) has \(pictures.files.count) sections: give -o FILE or -d DIR")
    }
    let paths = pictures.files.map { pictures.name(output, $0.section) }
    for path in paths where path != output { try overwrite.check(path) }
    var lines = ["input    \(file.name.terminalSafe) \(pictures.inputFormat)"]
    for (path, picture) in zip(paths, pictures.files) {
      try writeOutput(picture.bytes, to: path)
      lines.append(
        "output   \(path.terminalSafe) \(format.rawValue) \(Format.count(picture.bytes.count)) bytes"
          + (picture.section.map { "  section \($0)" } ?? ""))
    }
    lines.append("drew     \(Format.plural(pictures.strokes, "stroke"))")
    for line in lines {
      if output == "-" { printError(line) } else { StandardOutput.line(line) }
    }
  }
}

extension Convert {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("-o", "--output", as: String.self) { $0.output = $1 },
      .value("-d", "--output-directory", as: String.self) { $0.directory = $1 },
      .value("--to", as: ConvertFormat.self) { $0.to = $1 },
      .value("--container", as: ContainerKind.self) { $0.container = $1 },
      .value("--inkml-profile") { $0.inkmlProfile = $1 },
      .value("--tuhi-width") { $0.tuhiWidth = $1 },
      .value("--tuhi-unit") { $0.tuhiUnit = $1 },
      .value("-j", "--jobs", as: Int.self) { $0.jobs = $1 },
      .flag("-q", "--quiet") { $0.quiet = true },
      .value("--format") { $0.format = $1 },
      .flag("--skip-existing") { $0.skipExisting = true },
    ]
  }

  static var directPositionals: DirectPositionals<Self> {
    .list(atLeastOne: false) { $0.inputs = $1 }
  }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.drawing) },
      DirectGroup { try $1(&$0.overwrite) },
      DirectGroup { try $1(&$0.limitOptions) },
    ]
  }
}

extension Convert {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Convert`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "convert",
      abstract:
        "Convert between WILL 2 (.will), the Universal Ink Model (.uim) and InkML (.inkml), or to pictures; read tuhi's .json.",
      discussion: """
        The input's format is sniffed; the output's comes from its extension or --to. WILL 2 \
        → UIM → WILL 2 keeps strokes, pages, transforms, paints and six properties exactly, a \
        RIFF file as RIFF; what a target cannot hold is listed as changed or dropped; the \
        output is read back before it is written. --to png|jpeg|svg|pdf draws as render does. With \
        -d, inputs (folders walked for documents) go -j at a time into DIR; a bad one is \
        reported, the rest go on.

        Exit status: -o: 0, 1 invalid, 2 unreadable; -d: 1 when any input failed; 64 usage. \
        In full: docs/cli.md#convert. Drawing and decoding limits and options: --help-hidden.
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

    @Option(
      help: ArgumentHelp(
        "The format to write: will, uim, inkml, or png, svg, pdf (default: from the output's "
          + "extension).", valueName: "format"))
    var to: ConvertFormat?

    @Option(
      help: ArgumentHelp(
        "The container of WILL 2 output: package (or opc), riff or raw (default: the input's; "
          + "a UIM whose paths parts are RIFF chunks comes back as RIFF, any other as a package).",
        valueName: "kind"))
    var container: ContainerKind?

    @Option(
      help: ArgumentHelp(
        "The InkML form: standard (page units) or office (HIMETRIC in an inkSource, as Office "
          + "and Wacom's InkML parser read it).",
        valueName: "profile"))
    var inkmlProfile: InkMLProfile = .standard

    @Option(
      help: ArgumentHelp(
        "A tuhi drawing's pen width in mm at no and at full pressure, and the curve's exponent "
          + "(default: 0.2:0.6:1, as tuhi's SVG).",
        valueName: "min:max[:exp]"))
    var tuhiWidth = TuhiWidth(minimum: 0.2, maximum: 0.6)

    @Option(
      help: ArgumentHelp(
        "A tuhi drawing's device unit in µm and full pressure: 1:65535 (default), 10:2047 for "
          + "a 2018 Slate file.",
        valueName: "µm[:max]"))
    var tuhiUnit = TuhiUnit(micrometres: 1)

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        "How many inputs to convert at once, 1 to 256 (default: the processors available).",
        valueName: "n"))
    var jobs: Int?

    @Flag(
      name: .shortAndLong, help: "No progress bar, and only failures and totals in the summary.")
    var quiet = false

    @Option(help: "The summary as text or json (see docs/json.md).")
    var format: ReportFormat = .text

    @Flag(help: "Skip an input whose outputs exist (to resume a batch).")
    var skipExisting = false

    /// How pictures are drawn: render's options, listed by --help-hidden.
    @OptionGroup(visibility: .hidden)
    var drawing: DrawingOptions.Declaration

    @OptionGroup
    var overwrite: OverwriteOptions.Declaration

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Convert {
      var plain = Convert()
      plain.inputs = inputs
      plain.output = output
      plain.directory = directory
      plain.to = to
      plain.container = container
      plain.inkmlProfile = inkmlProfile
      plain.tuhiWidth = tuhiWidth
      plain.tuhiUnit = tuhiUnit
      plain.jobs = jobs
      plain.quiet = quiet
      plain.format = format
      plain.skipExisting = skipExisting
      plain.drawing = drawing.plain
      plain.overwrite = overwrite.plain
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
