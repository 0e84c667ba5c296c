import ArgumentParser
import InkCodec

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a line to standard error. Strings from files or the command line in it must already
/// be escaped (``TerminalText``).
func printError(_ text: String) {
  StandardError.line(text)
}

/// `willdoc: error: <file>: <part>@<offset> (stroke N): <message>`; a limit error names the
/// option that raises it. The file name and the description (which quotes part names and
/// other strings from the file) are escaped for the terminal.
func errorLine(file: String, _ error: WillError) -> String {
  "willdoc: error: \(file.terminalSafe): \(error.description.terminalSafe)" + raiseHint(error.kind)
}

/// What to do about an error, after it: ` (raise it with --max-…)` for a limit error, the one
/// option that lets the input through, unless the limit stopped at its ceiling, which no
/// option raises; ` (willdoc salvage may recover its strokes)` for a zip
/// that is cut, inconsistent or fails a checksum, whose other parts salvage can still read.
func raiseHint(_ kind: WillErrorKind) -> String {
  switch kind {
  case .limitExceeded(let limit, _, let applied):
    if let ceiling = DecodingLimits.ceiling(of: limit), applied >= ceiling {
      " (the XML reader's own ceiling: \(limit.optionName) cannot raise it)"
    } else {
      " (raise it with \(limit.optionName))"
    }
  case .renderLimitExceeded(let limit, _, _): " (raise it with \(limit.optionName))"
  case _ where kind.isSalvageable: salvageHint
  default: ""
  }
}

/// The suggestion for a damaged zip.
let salvageHint = " (willdoc salvage may recover its strokes)"

/// Reports `error` on standard error and returns the exit code to throw.
func fail(file: String, _ error: WillError) -> ExitCode {
  printError(errorLine(file: file, error))
  return ExitStatus(error).exitCode
}

/// Runs `body`, turning a ``WillError`` into the error line and its exit status.
func reportingErrors<T>(file: String, _ body: () throws(WillError) -> T) throws(ExitCode) -> T {
  do {
    return try body()
  } catch {
    throw fail(file: file, error)
  }
}
