/// A refusal of the portable zip backend, told the way libzip tells it: libzip's error number
/// and message, so that ``ZipArchive`` reports the same ``WillErrorKind/zip(code:message:)``
/// whichever backend read the archive.
struct ZipFailure: Error, Equatable {
  /// libzip's error number (`ZIP_ER_…`).
  var code: Int32
  /// The system or zlib detail libzip appends after a colon, when its error type has one.
  var detail: String?

  /// "Multi-disk zip archives not supported".
  static let multiDisk = ZipFailure(code: 1)
  /// "Seek error: File too large": an offset or size past what a 64-bit signed offset holds.
  static let seekTooLarge = ZipFailure(code: 4, detail: "File too large")
  /// "CRC error".
  static let crc = ZipFailure(code: 7)
  /// "No such file": a size or offset says ZIP64 and no ZIP64 extra field follows.
  static let noEntry = ZipFailure(code: 9)
  /// "File already exists": two entries with the very same name.
  static let exists = ZipFailure(code: 10)
  /// "Premature end of file": a read ran past the end of the input.
  static let endOfFile = ZipFailure(code: 17)
  /// "Invalid argument": an entry's data starts past the end of the input.
  static let invalidArgument = ZipFailure(code: 18)
  /// "Not a zip archive".
  static let notZip = ZipFailure(code: ZipArchive.ErrorCode.notZip)
  /// "Zip archive inconsistent".
  static let inconsistent = ZipFailure(code: ZipArchive.ErrorCode.inconsistent)
  /// "Encryption method not supported".
  static let encryptionNotSupported = ZipFailure(code: 24)

  /// libzip's "Zlib error" (13) with zlib's name for `status`.
  static func zlib(_ status: Int32) -> ZipFailure {
    ZipFailure(code: 13, detail: Zlib.message(for: status))
  }

  /// libzip's text for this error, as `zip_error_strerror` writes it.
  var message: String {
    let base = Self.messages[Int(code)] ?? "Unknown error \(code)"
    return detail.map { base + ": " + $0 } ?? base
  }

  /// The error as InkCodec reports it, at `part` when an entry is at fault; a CRC error is a
  /// ``WillErrorKind/checksumMismatch``.
  func willError(part: String? = nil) -> WillError {
    if self == .crc { return WillError(.checksumMismatch, part: part) }
    return WillError(.zip(code: code, message: message), part: part)
  }

  /// libzip 1.7's messages for the errors the portable backend can report.
  private static let messages: [Int: String] = [
    1: "Multi-disk zip archives not supported", 4: "Seek error", 7: "CRC error",
    9: "No such file", 10: "File already exists", 13: "Zlib error",
    17: "Premature end of file", 18: "Invalid argument", 19: "Not a zip archive",
    20: "Internal error", 21: "Zip archive inconsistent", 24: "Encryption method not supported",
  ]
}
