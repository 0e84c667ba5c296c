#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every byte `willdoc` prints on standard output goes through here: `write(2)` straight to
/// descriptor 1, retried after signals and partial writes, and never buffered, so nothing is
/// lost at exit and the order with standard error is kept.
///
/// A write that fails ends the process: with `EPIPE` (the reader went away, as in
/// `willdoc dump … | head -1`) quietly, by SIGPIPE as other Unix tools do; with any other
/// error (`ENOSPC` on `/dev/full`, `EBADF` when standard output is closed) with
/// `willdoc: error: standard output: <reason>` and exit status 2.
enum StandardOutput {
  /// Writes `text` as it is.
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Writes `text` and a newline.
  static func line(_ text: String) {
    write(text + "\n")
  }

  /// Writes `bytes` as they are.
  static func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { write($0) }
  }

  /// Writes the bytes of `buffer` as they are.
  static func write(_ buffer: UnsafeRawBufferPointer) {
    guard let error = StandardStream.writeAll(buffer, to: STDOUT_FILENO) else { return }
    if error == EPIPE {
      signal(SIGPIPE, SIG_DFL)
      raise(SIGPIPE)
      exit(ExitStatus.ok.rawValue)  // SIGPIPE blocked by whoever started us: still end quietly.
    }
    StandardError.line("willdoc: error: standard output: \(String(cString: strerror(error)))")
    exit(ExitStatus.unreadable.rawValue)
  }
}
