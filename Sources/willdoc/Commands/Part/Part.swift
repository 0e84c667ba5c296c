import ArgumentParser
import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `willdoc part FILE PART`: one part's bytes, as `unzip -p` writes a zip entry.
struct PartCommand: RunnableCommand {
  /// The arguments of `part`, which `extract` shares.
  var arguments = PartArguments()

  func run() throws { try arguments.run() }
}

/// `willdoc extract`: the former name of `willdoc part`, still accepted and hidden from the
/// command list, since `willdoc pages extract` takes pages out of a package.
struct ExtractCommand: RunnableCommand {
  /// The arguments of `part`, which `extract` shares.
  var arguments = PartArguments()

  func run() throws { try arguments.run() }
}

/// The arguments of `willdoc part` (and of its former name, `extract`), and what it does.
struct PartArguments: DirectlyParsable {
  /// The document, or - for standard input.
  var file: String = ""

  /// The part to write.
  var part: String?

  /// List the parts (name, size, stored size, storage) instead.
  var list = false

  /// The file to write (default: standard output, which must not be a terminal).
  var output: String?

  /// Whether an existing output may be replaced (`--force`).
  var overwrite = OverwriteOptions()

  /// The decoding limits (`--max-strokes`, …).
  var limitOptions = LimitOptions()

  func validate() throws {
    if list && part != nil { throw ValidationError("give a part or --list, not both") }
    if !list && part == nil { throw ValidationError("name the part to write, or give --list") }
    if list && output != nil { throw ValidationError("--list prints on standard output") }
    if let output, file != "-", output != "-", isSameFile(file, output) {
      throw ValidationError("-o \(output.terminalSafe) is the input file")
    }
    if let output { try overwrite.check(output) }
  }

  func run() throws {
    let limits = limitOptions.limits
    let input = try reportingErrors(file: file) { () throws(WillError) in
      try InputFile.read(file, limits: limits)
    }
    let stored = try reportingErrors(file: file) { () throws(WillError) in
      try StoredParts(parsing: input.bytes, limits: limits)
    }
    guard let part else {
      var table = TextTable(
        header: ["part", "size", "stored", "storage"],
        rows: stored.parts.map {
          [
            $0.name.terminalSafe, Format.count($0.bytes.count), Format.count($0.storedSize),
            $0.storage,
          ]
        })
      table.rightAligned = [1, 2]
      for line in table.lines() { StandardOutput.line(line) }
      return
    }
    guard let found = stored.part(named: part) else {
      let names = stored.parts.map { $0.name.terminalSafe }.joined(separator: ", ")
      printError(
        "willdoc: error: \(file.terminalSafe): no part named \(part.terminalSafe) (the parts: \(names))"
      )
      throw ExitStatus.invalid.exitCode
    }
    let destination = output ?? "-"
    if destination == "-", isatty(STDOUT_FILENO) == 1 {
      throw ValidationError(
        "not writing the bytes of \(found.name.terminalSafe) to a terminal: give -o FILE or a pipe")
    }
    try writeOutput(found.bytes, to: destination)
  }
}

extension PartArguments {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .flag("--list") { $0.list = true },
      .value("-o", "--output", as: String.self) { $0.output = $1 },
    ]
  }

  static var directPositionals: DirectPositionals<Self> {
    DirectPositionals { arguments, values in
      guard values.count == 1 || values.count == 2 else { return false }
      arguments.file = values[0]
      arguments.part = values.count == 2 ? values[1] : nil
      return true
    }
  }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.overwrite) },
      DirectGroup { try $1(&$0.limitOptions) },
    ]
  }
}

/// `part` and its former name `extract`: commands that hold ``PartArguments`` alone, and so
/// share its table.
protocol PartArgumentsCommand: DirectlyParsable {
  var arguments: PartArguments { get set }
}

extension PartArgumentsCommand {
  static var directGroups: [DirectGroup<Self>] {
    [DirectGroup { try $1(&$0.arguments) }]
  }

  static var directPositionals: DirectPositionals<Self> {
    DirectPositionals { command, values in
      PartArguments.directPositionals.set(&command.arguments, values)
    }
  }
}

extension PartCommand: PartArgumentsCommand {}

extension ExtractCommand: PartArgumentsCommand {}

extension PartCommand {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``PartCommand`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "part",
      abstract: "Write one part of a document as it is stored (decompressed), or list the parts.",
      discussion: """
        Parts are named as inspect lists them: a package's entries (/sections/section0.svg), \
        a RIFF or UIM file's chunks (INK , INK #2, HEAD, INKD, …), an InkML file's (document), \
        a raw file's (stream); a package's part in any case and without its slash, a chunk id \
        without its trailing spaces. The document is not interpreted, so the parts of a \
        package whose sections do not parse still come out. Bytes are never written to a \
        terminal: give -o or a pipe. \(OverwriteOptions.policy) In full: docs/cli.md#part. \
        \(LimitOptions.helpNote)
        """)

    @OptionGroup
    var arguments: PartArguments.Declaration

    var plain: PartCommand {
      var plain = PartCommand()
      plain.arguments = arguments.plain
      return plain
    }
  }
}

extension ExtractCommand {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``ExtractCommand`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "extract",
      abstract: PartCommand.Declaration.configuration.abstract,
      discussion: "The former name of willdoc part: see willdoc part --help.",
      shouldDisplay: false)

    @OptionGroup
    var arguments: PartArguments.Declaration

    var plain: ExtractCommand {
      var plain = ExtractCommand()
      plain.arguments = arguments.plain
      return plain
    }
  }
}

extension PartArguments {
  /// The option group as swift-argument-parser declares it, for its help, its errors and the
  /// lines the table leaves: ``plain`` is the ``PartArguments`` it parses to.
  struct Declaration: ParsableArguments, ArgumentsDeclaration {
    @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "file"))
    var file: String

    @Argument(help: ArgumentHelp("The part to write.", valueName: "part"))
    var part: String?

    @Flag(help: "List the parts (name, size, stored size, storage) instead.")
    var list = false

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        "The file to write (default: standard output, which must not be a terminal).",
        valueName: "file"))
    var output: String?

    @OptionGroup
    var overwrite: OverwriteOptions.Declaration

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: PartArguments {
      var plain = PartArguments()
      plain.file = file
      plain.part = part
      plain.list = list
      plain.output = output
      plain.overwrite = overwrite.plain
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
