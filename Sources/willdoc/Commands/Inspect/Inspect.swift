import ArgumentParser
import InkCodec

/// `willdoc inspect FILE...`: a summary of each document.
struct Inspect: RunnableCommand {
  /// The documents, or - for standard input.
  var files: [String] = []

  /// One line per file: container, sections, strokes, points, warnings.
  var quiet = false

  /// text or json (see docs/json.md).
  var format: ReportFormat = .text

  /// Whether the text is coloured (`--color`).
  var colorOptions = ColorOptions()

  /// The decoding limits (`--max-strokes`, …).
  var limitOptions = LimitOptions()

  func validate() throws {
    if quiet && format == .json { throw ValidationError("--quiet is for text output") }
  }

  func run() throws {
    let style = Style(enabled: colorOptions.enabled)
    let limits = limitOptions.limits
    if format == .json {
      let totals = try reportingErrors(file: "-") { () throws(WillError) in
        try InspectReport(files: files, limits: limits).write { StandardOutput.write($0) }
      }
      if totals.status != .ok { throw totals.status.exitCode }
      return
    }
    var status = ExitStatus.ok
    var totals = (files: 0, strokes: 0, points: 0, warnings: 0, failed: 0)
    var quietRows: [[String]] = []
    for (index, name) in files.enumerated() {
      if index > 0 && !quiet { StandardOutput.line("") }
      do throws(WillError) {
        // InkML through its WILL 2 form, what that changes on standard error.
        let input = try InkMLReport.willInput(
          try InputFile.read(name, limits: limits), limits: limits)
        if UIMFile.sniff(input.bytes) {
          // A UIM file (WILL 3): its own summary.
          let uim = try UIMDocument(parsing: input.bytes, limits: limits)
          totals.files += 1
          totals.strokes += uim.inkData.strokes.count
          totals.points += uim.pointCount
          if quiet {
            quietRows.append([
              input.displayName.terminalSafe, "uim",
              Format.plural(uim.inkData.strokes.count, "stroke"),
              Format.plural(uim.pointCount, "point"),
            ])
          } else {
            UIMReport.inspectLines(input: input, document: uim, style: style).forEach(
              StandardOutput.line)
          }
          continue
        }
        let (document, summary, warnings) = try DocumentSummary.read(
          input, limits: input.readingLimits(limits))
        totals.files += 1
        totals.strokes += summary.strokes
        totals.points += summary.points
        totals.warnings += warnings
        if quiet {
          quietRows.append(
            Self.quietRow(input: input, document: document, summary: summary, warnings: warnings))
          continue
        }
        for line in Self.report(
          input: input, document: document, summary: summary, warnings: warnings, style: style,
          limits: input.readingLimits(limits))
        {
          StandardOutput.line(line)
        }
      } catch {
        printError(errorLine(file: name, error))
        status = max(status, ExitStatus(error))
        totals.failed += 1
        if quiet {
          quietRows.append(
            [name.terminalSafe, "error", "\(error.kind.code): \(error.description.terminalSafe)"])
          continue
        }
        StandardOutput.line(style.bold(name.terminalSafe))
        StandardOutput.line("  " + style.red("error") + "  " + error.description.terminalSafe)
      }
    }
    if quiet { for line in Self.quietLines(quietRows) { StandardOutput.line(line) } }
    if files.count > 1 {
      if !quiet { StandardOutput.line("") }
      var line =
        "total  \(files.count) files  \(Format.count(totals.strokes)) strokes  "
        + "\(Format.count(totals.points)) points  \(Format.count(totals.warnings)) warnings"
      if totals.failed > 0 { line += "  \(totals.failed) unreadable or invalid" }
      StandardOutput.line(style.bold(line))
    }
    if status != .ok { throw status.exitCode }
  }

  /// The `--quiet` line of one file: name, container, and the counts.
  static func quietRow(
    input: InputFile, document: WillDocument, summary: DocumentSummary, warnings: Int
  ) -> [String] {
    [
      input.displayName.terminalSafe, document.container.rawValue,
      Format.plural(summary.sections.count, "section"), Format.plural(summary.strokes, "stroke"),
      Format.plural(summary.points, "point"), Format.plural(warnings, "warning"),
    ]
  }

  /// Aligns the `--quiet` rows; an unreadable file's row (`name`, `error`, message) is aligned
  /// by its name only, so a long message does not widen the count columns.
  static func quietLines(_ rows: [[String]]) -> [String] {
    let nameWidth = rows.map { $0[0].count }.max() ?? 0
    func padded(_ name: String) -> String {
      name + String(repeating: " ", count: nameWidth - name.count)
    }
    let documents = rows.filter { $0[1] != "error" }
    var table = TextTable(rows: documents.map { [padded($0[0])] + $0.dropFirst() })
    table.rightAligned = [2, 3, 4, 5]
    var documentLines = table.lines().makeIterator()
    return rows.map { row in
      row[1] == "error" ? "\(padded(row[0]))  error  \(row[2])" : documentLines.next() ?? ""
    }
  }

  /// The lines of one file's block.
  static func report(
    input: InputFile, document: WillDocument, summary: DocumentSummary, warnings: Int,
    style: Style, limits: DecodingLimits
  ) -> [String] {
    let properties = document.properties
    var rows: [[String]] = []
    let containerName: String
    switch document.container {
    case .opc: containerName = "OPC package"
    case .riff: containerName = "RIFF WILL data file"
    case .raw: containerName = "raw paths stream"
    }
    rows.append(["container", "\(containerName), \(Format.count(input.bytes.count)) bytes"])
    if document.container == .opc {
      let producer = [properties.application, properties.appVersion].compactMap { $0 }
        .joined(separator: " ")
      rows.append(["producer", producer.isEmpty ? "-" : producer.terminalSafe])
      if let title = properties.title { rows.append(["title", title.terminalSafe]) }
      if let created = properties.created { rows.append(["created", created.terminalSafe]) }
      if let modified = properties.modified { rows.append(["modified", modified.terminalSafe]) }
    }
    let sectionWord = summary.sections.count == 1 ? "section" : "sections"
    rows.append([
      "ink",
      "\(Format.count(summary.strokes)) strokes, \(Format.count(summary.points)) points in "
        + "\(summary.sections.count) \(sectionWord)",
    ])
    if let box = summary.bounds {
      rows.append(["ink bounds", boundsText(box)])
    }
    if !summary.precisions.isEmpty {
      rows.append([
        "precision",
        summary.precisions.sorted { $0.key < $1.key }
          .map { "\($0.key) (\(Format.count($0.value)) strokes)" }.joined(separator: ", "),
      ])
    }
    if let range = summary.widthRange {
      var kinds: [String] = []
      if summary.perPointWidths > 0 { kinds.append("\(summary.perPointWidths) per point") }
      if summary.constantWidths > 0 { kinds.append("\(summary.constantWidths) constant") }
      let none = summary.strokes - summary.perPointWidths - summary.constantWidths
      if none > 0 { kinds.append("\(none) none") }
      rows.append([
        "widths",
        "\(Format.number(range.min)) … \(Format.number(range.max)) (\(kinds.joined(separator: ", ")))",
      ])
    }
    if !summary.colors.isEmpty {
      rows.append([
        "colours",
        summary.colors.sorted { ($1.value, $0.key.rgba) < ($0.value, $1.key.rgba) }
          .map { "\($0.key) ×\(Format.count($0.value))" }.joined(separator: ", "),
      ])
    }
    if !summary.blendModes.isEmpty {
      rows.append([
        "blend modes",
        summary.blendModes.sorted { $0.key.rawValue < $1.key.rawValue }
          .map { "\($0.key.reportText) ×\(Format.count($0.value))" }.joined(separator: ", "),
      ])
    }
    rows.append([
      "trimmed",
      "\(Format.count(summary.trimmed)) \(summary.trimmed == 1 ? "stroke" : "strokes") (ts > 0 or tf < 1)",
    ])
    if document.container == .opc {
      rows.append(["paints", "\(document.paints.count)"])
    }
    rows.append(["warnings", warnings == 0 ? "0" : style.yellow("\(warnings)")])

    var table = TextTable(rows: rows)
    table.rightAligned = []
    var lines = [style.bold(input.displayName.terminalSafe)] + table.lines(indent: 2)

    lines.append("")
    let sections = TextTable(
      header: [
        "section", "part", "page", "background", "paths", "strokes", "points", "ink bounds",
      ],
      rows: summary.sections.map { section in
        [
          "\(section.index)", section.part?.terminalSafe ?? "-",
          section.pageSize.map { "\(Format.number($0.width)) × \(Format.number($0.height))" }
            ?? "-",
          section.background.map { "\($0)" } ?? "-",
          "\(section.pathsElements)", Format.count(section.strokes), Format.count(section.points),
          section.bounds.map(boundsText) ?? "-",
        ]
      })
    lines += sections.lines(indent: 2, style: style)

    // The reader's own record of the parts: the package is never decompressed twice.
    let parts = document.containerParts
    if !parts.isEmpty {
      lines.append("")
      var table = TextTable(
        header: ["part", "size", "stored", "method"],
        rows: parts.map {
          [
            $0.name.terminalSafe, Format.count($0.size), Format.count($0.storedSize),
            $0.storage == .stream ? "-" : $0.storage.rawValue,
          ]
        })
      table.rightAligned = [1, 2]
      lines += table.lines(indent: 2, style: style)
    }
    return lines
  }

  static func boundsText(_ box: InkBounds) -> String {
    "x \(Format.number(box.minX, digits: 2)) … \(Format.number(box.maxX, digits: 2)), "
      + "y \(Format.number(box.minY, digits: 2)) … \(Format.number(box.maxY, digits: 2))"
  }
}

extension Inspect {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .flag("-q", "--quiet") { $0.quiet = true },
      .value("--format") { $0.format = $1 },
    ]
  }

  static var directPositionals: DirectPositionals<Self> {
    .list(atLeastOne: true) { $0.files = $1 }
  }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.colorOptions) },
      DirectGroup { try $1(&$0.limitOptions) },
    ]
  }
}

extension Inspect {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Inspect`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "inspect",
      abstract: "Summarise WILL documents: container, producer, ink, colours, parts, warnings.",
      discussion: """
        Prints a few aligned lines per file; with several files, one block each and then a total. \
        With --quiet, one line per file (for batches of notes). Exit status: 0, or 1 when a \
        document is invalid, 2 when one cannot be read. In full: docs/cli.md#inspect. \
        \(LimitOptions.helpNote)
        """)

    @Argument(help: ArgumentHelp("The documents, or - for standard input.", valueName: "file"))
    var files: [String]

    @Flag(
      name: .shortAndLong,
      help: "One line per file: container, sections, strokes, points, warnings.")
    var quiet = false

    @Option(help: "text or json (see docs/json.md).")
    var format: ReportFormat = .text

    @OptionGroup
    var colorOptions: ColorOptions.Declaration

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Inspect {
      var plain = Inspect()
      plain.files = files
      plain.quiet = quiet
      plain.format = format
      plain.colorOptions = colorOptions.plain
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
