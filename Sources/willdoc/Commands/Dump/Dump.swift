import ArgumentParser
import InkCodec

/// `willdoc dump FILE`: every stroke, as text or JSON.
struct Dump: RunnableCommand {
  /// The document, or - for standard input.
  var file: String = ""

  /// text (one block per stroke, points in columns) or json.
  var format: ReportFormat = .text

  /// Add the wire integers: data, strokeWidth and strokeColor after zigzag decoding.
  var raw = false

  /// Only this section, counted from 0 (default: every section).
  var section: Int?

  /// Only this stroke of each paths element, counted from 0 (default: every stroke).
  var stroke: Int?

  /// The decoding limits (`--max-strokes`, …).
  var limitOptions = LimitOptions()

  func validate() throws {
    if let section, section < 0 { throw ValidationError("--section must be 0 or more") }
    if let stroke, stroke < 0 { throw ValidationError("--stroke must be 0 or more") }
  }

  func run() throws {
    let selection = DumpSelection(section: section, stroke: stroke)
    // Dumped straight from the file's streams, one stroke at a time.
    let input = try reportingErrors(file: file) { () throws(WillError) in
      // InkML is dumped in its WILL 2 form, what that changes on standard error.
      try InkMLReport.willInput(
        try InputFile.read(file, limits: limitOptions.limits), limits: limitOptions.limits)
    }
    if UIMFile.sniff(input.bytes) { return try dumpUIM(input, limits: limitOptions.limits) }
    // Checked whole before a byte is written; a bad --section is found once the
    // structure is known, and nothing is written then either.
    var sectionCount = 0
    var mostStrokes = 0
    try reportingErrors(file: file) { () throws(WillError) in
      try DumpSource.reading(input, limits: input.readingLimits(limitOptions.limits)) {
        (document) throws(WillError) in
        sectionCount = document.sections.count
        if let section, section >= sectionCount { return }
        mostStrokes =
          document.sections.filter { section == nil || section == $0.index }
          .flatMap(\.elements).map(\.strokeCount).max() ?? 0
        if let stroke, stroke >= mostStrokes { return }
        switch format {
        case .json:
          var output = ByteOutput { StandardOutput.write($0) }
          try DumpJSON.write(document, file: input, selection: selection, raw: raw, to: &output)
          output.flush()
        case .text:
          var output = DumpText.Output { StandardOutput.write($0) }
          try DumpText.write(document, file: input, selection: selection, raw: raw, to: &output)
          output.finish()
        }
      }
    }
    if let section, section >= sectionCount {
      throw ValidationError(
        "--section \(section) is past the last section (the document has \(sectionCount))")
    }
    if let stroke, stroke >= mostStrokes {
      throw ValidationError(
        "--stroke \(stroke) is past the last stroke of every paths element "
          + "(the most strokes one holds: \(mostStrokes))")
    }
  }

  /// A UIM file (WILL 3): every stroke in file order (`--section` and `--stroke` do not apply).
  private func dumpUIM(_ input: InputFile, limits: DecodingLimits) throws {
    let document = try reportingErrors(file: file) { () throws(WillError) in
      try UIMDocument(parsing: input.bytes, limits: limits)
    }
    try reportingErrors(file: file) { () throws(WillError) in
      switch format {
      case .json: try UIMReport.json(document, file: input).write { StandardOutput.write($0) }
      case .text: UIMReport.textLines(document, file: input).forEach(StandardOutput.line)
      }
    }
  }
}

extension Dump {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("--format") { $0.format = $1 },
      .flag("--raw") { $0.raw = true },
      .value("--section", as: Int.self) { $0.section = $1 },
      .value("--stroke", as: Int.self) { $0.stroke = $1 },
    ]
  }

  static var directPositionals: DirectPositionals<Self> { .one { $0.file = $1 } }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.limitOptions) }
    ]
  }
}

extension Dump {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Dump`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "dump",
      abstract: "Print every stroke of a WILL document, as text or JSON.",
      discussion: """
        Section and stroke indices start at 0; a stroke index counts within its paths element. \
        The JSON schema is documented in docs/json.md; more in docs/cli.md#dump. \
        \(LimitOptions.helpNote)
        """)

    @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: "text (one block per stroke, points in columns) or json.")
    var format: ReportFormat = .text

    @Flag(help: "Add the wire integers: data, strokeWidth and strokeColor after zigzag decoding.")
    var raw = false

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Only this section, counted from 0 (default: every section).", valueName: "n"))
    var section: Int?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Only this stroke of each paths element, counted from 0 (default: every stroke).",
        valueName: "n"))
    var stroke: Int?

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Dump {
      var plain = Dump()
      plain.file = file
      plain.format = format
      plain.raw = raw
      plain.section = section
      plain.stroke = stroke
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
