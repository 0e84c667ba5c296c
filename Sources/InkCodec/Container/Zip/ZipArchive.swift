/// Reads and writes zip archives in memory: the one door to zip for all of InkCodec.
///
/// Two backends stand behind it and behave alike: InkCodec's own reader and writer over zlib
/// (``Backend/portable``, every build by default) and libzip (``Backend/libzip``, with the
/// opt-in `Libzip` trait on Linux). Reading goes through the central directory, so
/// entries with data descriptors (general purpose flag bit 3) read like any other, checks
/// every entry name with ``PartName``, enforces ``DecodingLimits`` while it decompresses, and
/// verifies every CRC-32. Writing produces the same bytes for the same input on every run,
/// whichever backend writes.
package enum ZipArchive {
  /// The code behind the door.
  package enum Backend: Sendable, Hashable, CaseIterable {
    #if Libzip && os(Linux)
      /// libzip, through the `Libzip` trait on Linux.
      case libzip
    #endif
    /// InkCodec's own zip reader and writer, with zlib for Deflate.
    case portable

    /// The backend this build uses unless told otherwise.
    package static var standard: Backend {
      #if Libzip && os(Linux)
        .libzip
      #else
        .portable
      #endif
    }
  }

  /// The error codes of ``WillErrorKind/zip(code:message:)``: libzip's numbers, which both
  /// backends report (and the CLI's messages rely on).
  package enum ErrorCode {
    /// "Not a zip archive": no end of central directory record, or an empty input.
    package static let notZip: Int32 = 19
    /// "Zip archive inconsistent": the structures disagree or the file is cut short.
    package static let inconsistent: Int32 = 21
  }

  /// The number of bytes decompressed per step while reading an entry. An entry that passes a
  /// size limit is stopped within this many bytes of the limit.
  package static let readChunkSize = 64 << 10

  /// Reads every entry of a zip archive, in central-directory order.
  ///
  /// Directory entries (a name ending in `/` and no data) are skipped. Before anything is
  /// decompressed, the number of entries is checked against ``DecodingLimits/maxParts`` and
  /// each entry's declared size against ``DecodingLimits/maxPartBytes`` and
  /// ``DecodingLimits/maxTotalBytes``. The same limits are applied to the bytes actually
  /// produced, so an entry whose header understates its size stops within ``readChunkSize``
  /// bytes of the limit.
  ///
  /// - Parameters:
  ///   - bytes: The whole archive.
  ///   - limits: The bounds to enforce.
  ///   - backend: The code that reads it.
  /// - Returns: The entries in central-directory order.
  /// - Throws: A ``WillError`` naming the entry (`part` is its ``PartName``) where one is at
  ///   fault:
  ///   - ``WillErrorKind/zip(code:message:)`` when the archive is refused (``ErrorCode/notZip``
  ///     for bytes that are not a zip archive, including empty input;
  ///     ``ErrorCode/inconsistent`` for an inconsistent or truncated one), with the fault
  ///     ``ZipDiagnosis`` finds and the entry at fault as `part` when there is one;
  ///   - ``WillErrorKind/checksumMismatch`` when an entry's data does not match its CRC-32;
  ///   - ``WillErrorKind/invalidPartName(_:)`` or ``WillErrorKind/duplicatePart(_:)`` for an
  ///     unsafe name or two names that differ only in ASCII case;
  ///   - ``WillErrorKind/limitExceeded(_:value:limit:)`` for ``DecodingLimits/Limit/fileBytes``,
  ///     ``DecodingLimits/Limit/parts``, ``DecodingLimits/Limit/partBytes`` or
  ///     ``DecodingLimits/Limit/totalBytes``;
  ///   - ``WillErrorKind/unsupported(_:)`` for an encrypted entry or a compression method other
  ///     than Stored and Deflate.
  package static func read(
    _ bytes: [UInt8], limits: DecodingLimits = .default, backend: Backend = .standard
  ) throws(WillError) -> [ZipEntry] {
    let everything: (PartName, Int) -> Bool = { _, _ in true }
    return try withEntries(bytes, limits: limits, keeping: everything, backend: backend) {
      entries, _ in entries
    }
  }

  /// Reads an archive as ``read(_:limits:backend:)`` does — every entry checked and
  /// decompressed, its CRC-32 verified, every limit applied — but keeps only the data of the
  /// entries `keeping` accepts, given each entry's name and declared size; `body` then gets the entries (the others with empty
  /// ``ZipEntry/data`` and ``ZipEntry/isLoaded`` false) and a reader that decompresses any
  /// entry again while the archive is open. Memory then holds the kept entries and one entry
  /// being read.
  package static func withEntries<Result>(
    _ bytes: [UInt8], limits: DecodingLimits, keeping: (PartName, Int) -> Bool,
    backend: Backend = .standard,
    _ body: ([ZipEntry], EntryReader) throws(WillError) -> Result
  ) throws(WillError) -> Result {
    try limits.check(.fileBytes, bytes.count)
    switch backend {
    #if Libzip && os(Linux)
      case .libzip:
        return try LibzipArchive.withEntries(bytes, limits: limits, keeping: keeping, body)
    #endif
    case .portable:
      return try PortableZipArchive.withEntries(bytes, limits: limits, keeping: keeping, body)
    }
  }

  /// Reads entries of an archive that ``withEntries(_:limits:keeping:backend:_:)`` holds open.
  package struct EntryReader {
    private let reread: (ZipEntry) throws(WillError) -> [UInt8]

    /// A reader that decompresses an entry that was not kept with `reread`.
    init(reread: @escaping (ZipEntry) throws(WillError) -> [UInt8]) {
      self.reread = reread
    }

    /// The entry's data: its own when it was kept, otherwise decompressed again (and its
    /// CRC-32 verified again).
    package func data(of entry: ZipEntry) throws(WillError) -> [UInt8] {
      guard !entry.isLoaded else { return entry.data }
      return try reread(entry)
    }
  }

  /// Writes entries, in the given order, into a new zip archive.
  ///
  /// The output depends only on `entries` (and the zlib build), and is the same from either
  /// backend: every entry has the modification time 1980-01-01 00:00, no extra fields and no
  /// data descriptor, and the archive has no comment. An empty list gives the 22-byte empty
  /// archive.
  ///
  /// - Parameters:
  ///   - entries: The entries to write.
  ///   - backend: The code that writes them.
  /// - Returns: The archive.
  /// - Throws: ``WillErrorKind/duplicatePart(_:)`` when two names differ only in ASCII case;
  ///   ``WillErrorKind/zip(code:message:)`` when the backend fails.
  /// - Precondition: Every Deflate level is `nil` or in `1...9`.
  package static func write(_ entries: [ZipEntry.Input], backend: Backend = .standard)
    throws(WillError) -> [UInt8]
  {
    var names = Set<PartName>()
    for entry in entries {
      if case .deflate(let level?) = entry.compression {
        precondition((1...9).contains(level), "Deflate level \(level) is outside 1...9")
      }
      guard names.insert(entry.name).inserted else {
        throw WillError(.duplicatePart(entry.name.description), part: entry.name.description)
      }
    }
    guard !entries.isEmpty else { return emptyArchive }
    switch backend {
    #if Libzip && os(Linux)
      case .libzip: return try LibzipArchive.write(entries)
    #endif
    case .portable: return try PortableZipArchive.write(entries)
    }
  }

  /// The archive with no entries: an end-of-central-directory record and nothing else.
  static let emptyArchive: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18)

  /// `a + b`, or `Int.max` when that overflows.
  static func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  /// `a * b`, or `Int.max` when that overflows.
  static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? .max : product
  }
}
