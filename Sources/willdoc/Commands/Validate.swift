import ArgumentParser
import Foundation
import InkCodec

#if canImport(Glibc)
  import Glibc
#endif

/// `willdoc validate FILE...`: diagnostics with severity, code and location.
struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check WILL documents against everything the format promises.",
    discussion: """
      Reports each diagnostic with its severity (error or warning), a stable code \
      (see docs/validate.md), the part, byte offset and stroke index, and a sentence. \
      With one file every diagnostic is listed; with several, one line per file and a total \
      (--all lists the diagnostics too).

      Exit status: 0 valid (warnings allowed unless --strict), 1 invalid, 2 unreadable \
      (not a WILL file, or an I/O error), 64 usage. Over several files, the highest status wins.
      """)

  @Argument(help: ArgumentHelp("The documents, or - for standard input.", valueName: "file"))
  var files: [String]

  @Option(help: "text or json (see docs/json.md).")
  var format: ReportFormat = .text

  @Flag(help: "Fail (exit 1) on warnings too.")
  var strict = false

  @Flag(help: "With several files, list every diagnostic under its file's line.")
  var all = false

  @OptionGroup var colorOptions: ColorOptions
  @OptionGroup var limitOptions: LimitOptions

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

    /// `valid`, `invalid` or `unreadable`.
    func status(strict: Bool) -> String {
      if diagnostics.contains(where: { ExitStatus.isUnreadable(code: $0.code) }) {
        return "unreadable"
      }
      return errors > 0 || (strict && warnings > 0) ? "invalid" : "valid"
    }

    func exitStatus(strict: Bool) -> Int32 {
      switch status(strict: strict) {
      case "unreadable": ExitStatus.unreadable
      case "invalid": ExitStatus.invalid
      default: ExitStatus.ok
      }
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
    let status = results.map { $0.exitStatus(strict: strict) }.max() ?? ExitStatus.ok
    switch format {
    case .json: try? json(results, status: status).write { StandardOutput.write($0) }
    case .text: text(results, style: style)
    }
    for result in results { reportError(result) }
    if status != ExitStatus.ok { throw ExitCode(status) }
  }

  /// Reads and checks one file.
  static func check(_ name: String, limits: DecodingLimits) -> FileResult {
    let input: InputFile
    do {
      input = try InputFile.read(name, limits: limits)
    } catch {
      return FileResult(
        name: name, size: nil, container: nil, diagnostics: [Diagnostic(error)], error: error)
    }
    let result = WillDocument.validate(bytes: input.bytes, limits: limits)
    let container =
      result.document?.container
      ?? (result.error?.kind == .notAWillFile ? nil : ContainerKind(sniffing: input.bytes))
    return FileResult(
      name: name, size: input.bytes.count, container: container,
      diagnostics: result.diagnostics, error: result.error)
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
      let statusText: String
      switch status {
      case "valid": statusText = style.green(status)
      case "invalid": statusText = style.red(status)
      default: statusText = style.red(status)
      }
      StandardOutput.line(
        "\(result.name.terminalSafe): \(statusText) (\(result.errors) \(result.errors == 1 ? "error" : "errors"), "
          + "\(result.warnings) \(result.warnings == 1 ? "warning" : "warnings"))")
      if results.count == 1 || all {
        for diagnostic in result.diagnostics {
          let severity =
            diagnostic.severity == .error
            ? style.red(diagnostic.severity.rawValue) : style.yellow(diagnostic.severity.rawValue)
          let location = Format.location(
            part: diagnostic.part, offset: diagnostic.offset, strokeIndex: diagnostic.strokeIndex)
          StandardOutput.line(
            "  \(severity) [\(diagnostic.code.terminalSafe)] "
              + (location.isEmpty ? "" : location + ": ") + diagnostic.message.terminalSafe)
        }
      }
    }
    if results.count > 1 {
      let count = { (status: String) in results.filter { $0.status(strict: strict) == status }.count
      }
      let errors = results.map(\.errors).reduce(0, +)
      let warnings = results.map(\.warnings).reduce(0, +)
      StandardOutput.line(
        "total: \(results.count) files, \(count("valid")) valid, \(count("invalid")) invalid, "
          + "\(count("unreadable")) unreadable; \(errors) \(errors == 1 ? "error" : "errors"), "
          + "\(warnings) \(warnings == 1 ? "warning" : "warnings")")
    }
  }

  private func json(_ results: [FileResult], status: Int32) -> JSONValue {
    let count = { (status: String) in results.filter { $0.status(strict: strict) == status }.count }
    return .object([
      (
        "files",
        .array(
          results.map { result in
            .object([
              ("name", .string(result.name)),
              ("size", .int(result.size)),
              ("container", .string(result.container?.rawValue)),
              ("status", .string(result.status(strict: strict))),
              ("errors", .int(Int64(result.errors))),
              ("warnings", .int(Int64(result.warnings))),
              (
                "diagnostics",
                .array(
                  result.diagnostics.map { diagnostic in
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
            ])
          })
      ),
      (
        "total",
        .object([
          ("files", .int(Int64(results.count))),
          ("valid", .int(Int64(count("valid")))),
          ("invalid", .int(Int64(count("invalid")))),
          ("unreadable", .int(Int64(count("unreadable")))),
          ("errors", .int(Int64(results.map(\.errors).reduce(0, +)))),
          ("warnings", .int(Int64(results.map(\.warnings).reduce(0, +)))),
        ])
      ),
      ("strict", .bool(strict)),
      ("exitStatus", .int(Int64(status))),
    ])
  }
}
