import ArgumentParser
import InkCodec

/// The exit statuses of `willdoc`, as README.md and `willdoc --help` list them. Over several
/// inputs the highest wins.
enum ExitStatus: Int32, Comparable {
  /// Success; for `validate`, a valid document.
  case ok = 0
  /// An invalid document (or one that failed a command's check: `diff` different, `salvage`
  /// something lost, a limit exceeded).
  case invalid = 1
  /// An unreadable input: not a WILL file, or an I/O error (standard output included).
  case unreadable = 2
  /// A usage error (what swift-argument-parser's `ValidationError` gives).
  case usage = 64

  /// The status a failure to read or write ends with, from the error's category: 2 for I/O
  /// errors and for input that holds no WILL data at all, 1 for everything else (damaged
  /// data, a limit exceeded, something unsupported, a value that cannot be written).
  init(_ error: WillError) {
    switch error.category {
    case .io: self = .unreadable
    case .format: self = error.kind.isNotWillData ? .unreadable : .invalid
    case .limitExceeded, .unsupported, .invalidInput: self = .invalid
    }
  }

  /// The error swift-argument-parser exits with.
  var exitCode: ExitCode { ExitCode(rawValue) }

  static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension WillErrorKind {
  /// Whether the input holds no WILL data at all (code `not-a-will-file`): no signature, or
  /// no bytes. A format error, but the input is unreadable rather than damaged.
  var isNotWillData: Bool {
    switch self {
    case .notAWillFile, .emptyFile: true
    default: false
    }
  }

  /// Whether `willdoc salvage` may recover strokes from the input: a zip libzip will not open
  /// (not a zip archive, or inconsistent: cut, or with bytes added or removed) or an entry
  /// whose checksum fails, whose other parts can still be read.
  var isSalvageable: Bool {
    switch self {
    case .zip(let code, _):
      code == ZipArchive.ErrorCode.notZip || code == ZipArchive.ErrorCode.inconsistent
    case .checksumMismatch: true
    default: false
    }
  }
}
