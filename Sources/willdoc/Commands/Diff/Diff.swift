import ArgumentParser
import InkCodec

/// `willdoc diff A B`: the strokes two documents do not share.
struct Diff: RunnableCommand {
  /// The first document, or - for standard input.
  var first: String = ""

  /// The second document.
  var second: String = ""

  /// How far apart a coordinate or width may be and count as the same, in page units, 0 or more.
  var tolerance: Double = 0

  /// text or json (see docs/json.md).
  var format: ReportFormat = .text

  /// List at most this many strokes of each kind.
  var maxListed: Int = 20

  /// The work budget of the edit script that aligns the strokes (about one unit per pair of strokes
  /// looked at, 4 bytes of memory each); past it, strokes are paired by position.
  var maxDiffWork = LimitValue(DocumentDifference.defaultMaximumAlignmentWork)

  /// The decoding limits (`--max-strokes`, …).
  var limitOptions = LimitOptions()

  func validate() throws {
    guard tolerance.isFinite, tolerance >= 0 else {
      throw ValidationError("--tolerance must be a finite number of 0 or more")
    }
    guard maxListed >= 0 else { throw ValidationError("--max-listed must be 0 or more") }
    guard maxDiffWork.value >= 0 else {
      throw ValidationError("--max-diff-work must not be negative")
    }
    if first == "-" && second == "-" {
      throw ValidationError("only one document can come from standard input")
    }
  }

  func run() throws {
    let limits = limitOptions.limits
    // A UIM file is compared in its WILL 2 form (docs/uim.md). An input that cannot be read
    // makes the answer unknown, never "different": exit 2, the error on standard error and,
    // for JSON, in the report. The second is not read once the first has failed.
    func read(_ path: String) throws -> WillDocument {
      do throws(WillError) {
        return try UIMReport.drawable(try InputFile.read(path, limits: limits), limits: limits)
      } catch {
        printError(errorLine(file: path, error))
        if format == .json {
          try reportingErrors(file: "-") { () throws(WillError) in
            try unreadableJSON(file: path, error).write { StandardOutput.write($0) }
          }
        }
        throw ExitStatus.unreadable.exitCode
      }
    }
    let a = try read(first)
    let b = try read(second)
    let difference = DocumentDifference(
      comparing: a, with: b, tolerance: tolerance, maximumAlignmentWork: maxDiffWork.value)
    switch format {
    case .text:
      for line in text(difference, a, b) { StandardOutput.line(line) }
    case .json:
      try reportingErrors(file: "-") { () throws(WillError) in
        try json(difference).write { StandardOutput.write($0) }
      }
    }
    if !difference.isEqual { throw ExitStatus.invalid.exitCode }
  }

  /// How many strokes a document draws, counted without gathering them.
  private static func strokeCount(_ document: WillDocument) -> Int {
    document.sections.reduce(0) { total, section in
      section.pathsElements.reduce(total) { $0 + $1.element.strokes.count }
    }
  }

  private func placeText(_ location: DocumentDifference.Location) -> String {
    "section \(location.section) paths \(location.element) stroke \(location.index)"
  }

  private func text(_ difference: DocumentDifference, _ a: WillDocument, _ b: WillDocument)
    -> [String]
  {
    var lines = [
      "a  \(first.terminalSafe)  \(a.container.rawValue), \(Format.plural(a.sections.count, "section")), \(Format.plural(Self.strokeCount(a), "stroke"))",
      "b  \(second.terminalSafe)  \(b.container.rawValue), \(Format.plural(b.sections.count, "section")), \(Format.plural(Self.strokeCount(b), "stroke"))",
      "strokes  \(Format.count(difference.unchanged)) the same, \(Format.count(difference.changed.count)) changed, "
        + "\(Format.count(difference.removed.count)) removed, \(Format.count(difference.added.count)) added",
    ]
    for change in difference.changed.prefix(maxListed) {
      var line =
        "changed  \(placeText(change.first))"
        + (change.first == change.second ? "" : " → \(placeText(change.second))")
        + ": " + change.fields.map(\.rawValue).joined(separator: ", ")
      if let error = change.largestPointError, change.fields.contains(.points) {
        line += " (largest point difference \(Format.number(error, digits: 6)))"
      }
      lines.append(line)
    }
    for location in difference.removed.prefix(maxListed) {
      lines.append("removed  \(placeText(location)) (only in a)")
    }
    for location in difference.added.prefix(maxListed) {
      lines.append("added    \(placeText(location)) (only in b)")
    }
    let unlisted =
      max(0, difference.changed.count - maxListed) + max(0, difference.removed.count - maxListed)
      + max(0, difference.added.count - maxListed)
    if unlisted > 0 { lines.append("… \(Format.count(unlisted)) more (raise --max-listed)") }
    if difference.alignment == .byPosition {
      lines.append(
        "aligned  by position: the edit script needed more than --max-diff-work "
          + "\(Format.count(maxDiffWork.value)) (raise it for the fewest changes)")
    }
    if a.sections.count != b.sections.count {
      lines.append("sections  \(a.sections.count) in a, \(b.sections.count) in b")
    }
    lines.append(difference.isEqual ? "the same strokes" : "different")
    return lines
  }

  /// The report when an input cannot be read: which, and why; `equal` is null (unknown).
  private func unreadableJSON(file: String, _ error: WillError) -> JSONValue {
    .object([
      ("schema", .int(1)), ("a", .string(first)), ("b", .string(second)),
      ("tolerance", .double(tolerance)), ("equal", .null),
      (
        "error",
        .object([
          ("file", .string(file)), ("code", .string(error.kind.code)),
          ("message", .string(error.message)), ("part", .string(error.part)),
          ("offset", .int(error.offset)), ("strokeIndex", .int(error.strokeIndex)),
        ])
      ),
    ])
  }

  private func json(_ difference: DocumentDifference) -> JSONValue {
    func location(_ location: DocumentDifference.Location) -> JSONValue {
      .object([
        ("section", .int(location.section)), ("paths", .int(location.element)),
        ("stroke", .int(location.index)),
      ])
    }
    return .object([
      ("schema", .int(1)),
      ("a", .string(first)), ("b", .string(second)), ("tolerance", .double(tolerance)),
      ("equal", .bool(difference.isEqual)),
      (
        "counts",
        .object([
          ("unchanged", .int(difference.unchanged)), ("changed", .int(difference.changed.count)),
          ("removed", .int(difference.removed.count)), ("added", .int(difference.added.count)),
        ])
      ),
      ("largestUnchangedError", .double(difference.largestUnchangedError)),
      ("alignment", .string(difference.alignment.rawValue)),
      (
        "changed",
        .array(
          difference.changed.prefix(maxListed).map { change in
            .object([
              ("a", location(change.first)), ("b", location(change.second)),
              ("fields", .array(change.fields.map { .string($0.rawValue) })),
              ("largestPointError", .number(change.largestPointError)),
            ])
          })
      ),
      ("removed", .array(difference.removed.prefix(maxListed).map(location))),
      ("added", .array(difference.added.prefix(maxListed).map(location))),
      (
        "truncated",
        .bool(
          difference.changed.count > maxListed || difference.removed.count > maxListed
            || difference.added.count > maxListed)
      ),
    ])
  }
}

extension Diff {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("--tolerance") { $0.tolerance = $1 },
      .value("--format") { $0.format = $1 },
      .value("--max-listed") { $0.maxListed = $1 },
      .value("--max-diff-work") { $0.maxDiffWork = $1 },
    ]
  }

  static var directPositionals: DirectPositionals<Self> {
    DirectPositionals { command, values in
      guard values.count == 2 else { return false }
      command.first = values[0]
      command.second = values[1]
      return true
    }
  }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.limitOptions) }
    ]
  }
}

extension Diff {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Diff`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "diff",
      abstract: "Compare the strokes of two documents (any containers, UIM included).",
      discussion: """
        Strokes are compared where they land on the page (transforms applied), in document \
        order: only in the first (removed), only in the second (added), and changed, with the \
        fields that differ. Points and widths are the same within --tolerance (page units). \
        Strokes are aligned within --max-diff-work units, then paired by position, and the \
        report says so. Exit status: 0 the same strokes, 1 different, 2 unreadable. \
        In full: docs/cli.md#diff. \(LimitOptions.helpNote)
        """)

    @Argument(help: ArgumentHelp("The first document, or - for standard input.", valueName: "a"))
    var first: String

    @Argument(help: ArgumentHelp("The second document.", valueName: "b"))
    var second: String

    @Option(
      parsing: .unconditional,
      help:
        "How far apart a coordinate or width may be and count as the same, in page units, 0 or more."
    )
    var tolerance: Double = 0

    @Option(help: "text or json (see docs/json.md).")
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp("List at most this many strokes of each kind.", valueName: "n"))
    var maxListed: Int = 20

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "The work budget of the edit script that aligns the strokes (about one unit per pair of strokes looked at, 4 bytes of memory each); past it, strokes are paired by position. "
          + LimitValue.suffixHelp, valueName: "n"))
    var maxDiffWork = LimitValue(DocumentDifference.defaultMaximumAlignmentWork)

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Diff {
      var plain = Diff()
      plain.first = first
      plain.second = second
      plain.tolerance = tolerance
      plain.format = format
      plain.maxListed = maxListed
      plain.maxDiffWork = maxDiffWork
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
