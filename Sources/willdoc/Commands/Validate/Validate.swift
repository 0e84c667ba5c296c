import ArgumentParser
import InkCodec

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// `willdoc validate FILE...`: diagnostics with severity, code and location.
struct Validate: RunnableCommand {
  /// The documents, or - for standard input.
  var files: [String] = []

  /// text or json (see docs/json.md).
  var format: ReportFormat = .text

  /// Fail (exit 1) on warnings too.
  var strict = false

  /// List every diagnostic on a line of its own.
  var all = false

  /// The most diagnostics listed per file (JSON: counts per code cover the rest).
  var maxDiagnostics = 1_000

  /// Whether the text is coloured (`--color`).
  var colorOptions = ColorOptions()

  /// The decoding limits (`--max-strokes`, …).
  var limitOptions = LimitOptions()

  /// The outcome for one file.
  struct FileResult {
    var name: String
    var size: Int?
    var container: ContainerKind?
    var diagnostics: [Diagnostic]
    /// The error that stopped reading, if one did.
    var error: WillError?

    var errors: Int { diagnostics.filter { $0.severity == .error }.map(\.occurrences).reduce(0, +) }
    var warnings: Int {
      diagnostics.filter { $0.severity == .warning }.map(\.occurrences).reduce(0, +)
    }

    /// Unreadable when the error that stopped reading says so (``ExitStatus/init(_:)``),
    /// else invalid or valid by the errors (and with `strict` the warnings) found.
    func status(strict: Bool) -> ValidationStatus {
      if let error, ExitStatus(error) == .unreadable { return .unreadable }
      return errors > 0 || (strict && warnings > 0) ? .invalid : .valid
    }
  }

  func validate() throws {
    guard maxDiagnostics >= 0 else {
      throw ValidationError("--max-diagnostics must be 0 or more")
    }
  }

  func run() throws {
    let limits = limitOptions.limits
    let style = Style(enabled: colorOptions.enabled)
    let showProgress = files.count > 3 && isatty(STDERR_FILENO) != 0 && format == .text
    var results: [FileResult] = []
    for (index, name) in files.enumerated() {
      if showProgress {
        StandardError.write("\r\u{1B}[K[\(index + 1)/\(files.count)] \(name.terminalSafe)")
      }
      results.append(Self.check(name, limits: limits))
    }
    if showProgress { StandardError.write("\r\u{1B}[K") }
    let status = results.map { $0.status(strict: strict).exitStatus }.max() ?? .ok
    switch format {
    case .json: try? json(results, status: status).write { StandardOutput.write($0) }
    case .text: text(results, style: style)
    }
    for result in results { reportError(result) }
    if status != .ok { throw status.exitCode }
  }

  /// Reads and checks one file.
  static func check(_ name: String, limits: DecodingLimits) -> FileResult {
    let input: InputFile
    // What reading InkML tolerated (the inkml-* warnings), before its WILL 2 form's findings.
    var inkML: [Diagnostic] = []
    do {
      // InkML is checked in its WILL 2 form, what that changes on standard error.
      input = try InkMLReport.willInput(
        try InputFile.read(name, limits: limits), limits: limits, diagnostics: &inkML)
    } catch {
      return FileResult(
        name: name, size: nil, container: nil, diagnostics: [Diagnostic(error)], error: error)
    }
    // What could not be read: its container when the bytes still tell it.
    func unreadable(_ error: WillError) -> FileResult {
      FileResult(
        name: name, size: input.bytes.count,
        container: error.kind.isNotWillData ? nil : ContainerKind(sniffing: input.bytes),
        diagnostics: [Diagnostic(error)], error: error)
    }
    if UIMFile.sniff(input.bytes) {
      // A UIM file (WILL 3): read whole, then its own checks.
      do throws(WillError) {
        let document = try UIMDocument(parsing: input.bytes, limits: limits)
        return FileResult(
          name: name, size: input.bytes.count, container: nil, diagnostics: document.validate())
      } catch {
        return FileResult(
          name: name, size: input.bytes.count, container: nil, diagnostics: [Diagnostic(error)],
          error: error)
      }
    }
    // Checked one stroke at a time, never held as a document.
    do throws(WillError) {
      let checked = try StrokeStreams.validate(
        parsing: input.bytes, limits: input.readingLimits(limits))
      return FileResult(
        name: name, size: input.bytes.count, container: checked.container,
        diagnostics: inkML + checked.diagnostics)
    } catch {
      return unreadable(error)
    }
  }

  /// Prints a file's error on standard error, in the `willdoc: error:` form.
  private func reportError(_ result: FileResult) {
    if let error = result.error {
      printError(errorLine(file: result.name, error))
      return
    }
    guard let error = result.diagnostics.first(where: { $0.severity == .error }) else { return }
    let location = Format.location(
      part: error.part, offset: error.offset, strokeIndex: error.strokeIndex)
    printError(
      "willdoc: error: \(result.name.terminalSafe): " + (location.isEmpty ? "" : location + ": ")
        + error.message.terminalSafe)
  }

  private func text(_ results: [FileResult], style: Style) {
    for result in results {
      let status = result.status(strict: strict)
      let statusText =
        status == .valid ? style.green(status.rawValue) : style.red(status.rawValue)
      StandardOutput.line(
        "\(result.name.terminalSafe): \(statusText) (\(result.errors) \(result.errors == 1 ? "error" : "errors"), "
          + "\(result.warnings) \(result.warnings == 1 ? "warning" : "warnings"))")
      let listed = result.diagnostics.prefix(maxDiagnostics)
      if all {
        for diagnostic in listed { StandardOutput.line(line(diagnostic, style: style)) }
      } else if results.count == 1 {
        for group in DiagnosticGroup.groups(of: Array(listed)) {
          StandardOutput.line(line(group, style: style))
        }
      }
      if (all || results.count == 1) && result.diagnostics.count > maxDiagnostics {
        StandardOutput.line(
          "  … \(result.diagnostics.count - maxDiagnostics) more (raise --max-diagnostics)")
      }
    }
    if results.count > 1 {
      let count = { (status: ValidationStatus) in
        results.filter { $0.status(strict: strict) == status }.count
      }
      let errors = results.map(\.errors).reduce(0, +)
      let warnings = results.map(\.warnings).reduce(0, +)
      StandardOutput.line(
        "total: \(results.count) files, \(count(.valid)) valid, \(count(.invalid)) invalid, "
          + "\(count(.unreadable)) unreadable; \(errors) \(errors == 1 ? "error" : "errors"), "
          + "\(warnings) \(warnings == 1 ? "warning" : "warnings")")
    }
  }

  /// `  warning [code] part@0xOFFSET (stroke N): message`.
  private func line(_ diagnostic: Diagnostic, style: Style) -> String {
    let location = Format.location(
      part: diagnostic.part, offset: diagnostic.offset, strokeIndex: diagnostic.strokeIndex)
    let counted = diagnostic.occurrences > 1 ? " ×\(Format.count(diagnostic.occurrences))" : ""
    return "  \(severity(diagnostic.severity, style: style)) [\(diagnostic.code.terminalSafe)]"
      + counted + " " + (location.isEmpty ? "" : location + ": ")
      + diagnostic.message.terminalSafe
  }

  /// One line for a code in a part: the count and the first locations, then the first
  /// diagnostic's sentence; a code that occurs once reads as the diagnostic itself.
  private func line(_ group: DiagnosticGroup, style: Style) -> String {
    guard group.occurrences > 1 else { return line(group.first[0], style: style) }
    let noun = group.first.allSatisfy { $0.strokeIndex != nil } ? " strokes" : ""
    // `INK ` (the chunk id) reads as INK in running text.
    let place =
      group.part.map { " in \(String($0.reversed().drop { $0 == " " }.reversed()).terminalSafe)" }
      ?? ""
    let firsts = group.first.map { diagnostic in
      [
        diagnostic.strokeIndex.map { "stroke \($0)" },
        diagnostic.offset.map { "@0x" + String($0, radix: 16, uppercase: true) },
      ].compactMap { $0 }.joined(separator: " ")
    }.filter { !$0.isEmpty }
    return "  \(severity(group.severity, style: style)) [\(group.code.terminalSafe)] "
      + "×\(Format.count(group.occurrences))\(noun)\(place)"
      + (firsts.isEmpty ? "" : " (first: \(firsts.joined(separator: ", ")))")
      + ": " + group.first[0].message.terminalSafe
  }

  private func severity(_ severity: Diagnostic.Severity, style: Style) -> String {
    severity == .error ? style.red(severity.rawValue) : style.yellow(severity.rawValue)
  }

  private func json(_ results: [FileResult], status: ExitStatus) -> JSONValue {
    let count = { (status: ValidationStatus) in
      results.filter { $0.status(strict: strict) == status }.count
    }
    return .object([
      (
        "files",
        .array(
          results.map { result in
            .object([
              ("name", .string(result.name)),
              ("size", .int(result.size)),
              ("container", .string(result.container?.rawValue)),
              ("status", .string(result.status(strict: strict).rawValue)),
              ("errors", .int(Int64(result.errors))),
              ("warnings", .int(Int64(result.warnings))),
              (
                "diagnostics",
                .array(
                  result.diagnostics.prefix(maxDiagnostics).map { diagnostic in
                    .object([
                      ("severity", .string(diagnostic.severity.rawValue)),
                      ("code", .string(diagnostic.code)),
                      ("part", .string(diagnostic.part)),
                      ("offset", .int(diagnostic.offset)),
                      ("strokeIndex", .int(diagnostic.strokeIndex)),
                      ("message", .string(diagnostic.message)),
                      ("occurrences", .int(Int64(diagnostic.occurrences))),
                    ])
                  })
              ),
              ("truncated", .bool(result.diagnostics.count > maxDiagnostics)),
              (
                "counts",
                .object(
                  DiagnosticGroup.counts(of: result.diagnostics).map {
                    ($0.code, .int(Int64($0.occurrences)))
                  })
              ),
            ])
          })
      ),
      (
        "total",
        .object([
          ("files", .int(Int64(results.count))),
          ("valid", .int(Int64(count(.valid)))),
          ("invalid", .int(Int64(count(.invalid)))),
          ("unreadable", .int(Int64(count(.unreadable)))),
          ("errors", .int(Int64(results.map(\.errors).reduce(0, +)))),
          ("warnings", .int(Int64(results.map(\.warnings).reduce(0, +)))),
        ])
      ),
      ("strict", .bool(strict)),
      ("exitStatus", .int(Int64(status.rawValue))),
    ])
  }
}

extension Validate {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("--format") { $0.format = $1 },
      .flag("--strict") { $0.strict = true },
      .flag("--all") { $0.all = true },
      .value("--max-diagnostics") { $0.maxDiagnostics = $1 },
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

extension Validate {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Validate`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "validate",
      abstract: "Check WILL documents against everything the format promises.",
      discussion: """
        Each diagnostic has its severity, a stable code (docs/validate.md), the part, byte offset \
        and stroke index, and a sentence. With one file, diagnostics of one code in one part are \
        one line with their count and first locations; with several, one line per file and a \
        total; --all lists every diagnostic.

        Exit status: 0 valid (warnings allowed unless --strict), 1 invalid, 2 unreadable (not a \
        WILL file, or an I/O error), 64 usage; over several files the highest wins. In full: \
        docs/cli.md#validate. \(LimitOptions.helpNote)
        """)

    @Argument(help: ArgumentHelp("The documents, or - for standard input.", valueName: "file"))
    var files: [String]

    @Option(help: "text or json (see docs/json.md).")
    var format: ReportFormat = .text

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Flag(
      help: """
        List every diagnostic on a line of its own (by default one line per code and part), \
        under its file's line when there are several files.
        """)
    var all = false

    @Option(
      help: ArgumentHelp(
        "The most diagnostics listed per file (JSON: counts per code cover the rest).",
        valueName: "n"))
    var maxDiagnostics = 1_000

    @OptionGroup
    var colorOptions: ColorOptions.Declaration

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Validate {
      var plain = Validate()
      plain.files = files
      plain.format = format
      plain.strict = strict
      plain.all = all
      plain.maxDiagnostics = maxDiagnostics
      plain.colorOptions = colorOptions.plain
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
