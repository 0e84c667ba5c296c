/// What both zip backends do with each entry once the archive is open: the checks of its
/// header, in one order, and the collecting of its data under the limits. Sharing them keeps
/// the backends' errors the same.
enum ZipEntryReading {
  /// What an entry's header says, as the backend read it.
  struct Header {
    /// The name's bytes as the backend decoded them (libzip converts code page 437 names).
    var name: [UInt8]
    var size: Int
    var isEncrypted: Bool
    /// The compression method number.
    var method: Int
  }

  /// Checks an entry's header before any of its data is read: the name (UTF-8, safe, not a
  /// duplicate ignoring ASCII case), encryption, the method, and the declared size against
  /// the part and total limits.
  /// - Parameters:
  ///   - names: The names of the entries before this one; this entry's name is added.
  ///   - total: The bytes decompressed from the entries before this one.
  /// - Returns: The name and compression, or `nil` for a directory entry.
  static func check(
    _ header: Header, names: inout Set<PartName>, limits: DecodingLimits, total: Int
  ) throws(WillError) -> (name: PartName, compression: ZipCompression)? {
    guard let rawName = String(validating: header.name, as: UTF8.self) else {
      let lossy = String(decoding: header.name, as: UTF8.self)
      throw WillError(.invalidPartName(lossy), part: "/" + lossy)
    }
    if rawName.hasSuffix("/") && header.size == 0 {
      _ = try checkedName(String(rawName.dropLast()))
      return nil
    }
    let name = try checkedName(rawName)
    let part = name.description
    guard names.insert(name).inserted else { throw WillError(.duplicatePart(part), part: part) }
    guard !header.isEncrypted else {
      throw WillError(.unsupported("encrypted zip entry"), part: part)
    }
    let compression: ZipCompression
    switch header.method {
    case 0: compression = .stored
    case 8: compression = .deflate(level: nil)
    default:
      throw WillError(.unsupported("zip compression method \(header.method)"), part: part)
    }
    // Check the declared size before allocating anything for it.
    try limits.check(.partBytes, header.size, part: part)
    try limits.check(.totalBytes, ZipArchive.saturatingSum(total, header.size), part: part)
    return (name, compression)
  }

  /// Checks an entry name, locating the error at the entry.
  private static func checkedName(_ rawName: String) throws(WillError) -> PartName {
    do {
      return try PartName(zipEntryName: rawName)
    } catch {
      throw WillError(error.kind, part: "/" + rawName)
    }
  }

  /// Collects an entry's data as it is decompressed, in steps of at most
  /// ``ZipArchive/readChunkSize`` bytes, checking the part and total limits after each step.
  struct Collector {
    let declared: Int
    let part: String
    let limits: DecodingLimits
    let total: Int
    let keep: Bool
    /// The data so far, when kept.
    private(set) var data: [UInt8] = []
    /// The bytes decompressed so far.
    private(set) var size = 0

    /// Starts collecting an entry that declares `declared` bytes in `compressedSize`.
    /// - Parameters:
    ///   - total: The bytes decompressed from the entries before this one.
    ///   - keep: Whether to keep the data or only count it.
    init(
      declared: Int, compressedSize: Int, part: String, limits: DecodingLimits, total: Int,
      keep: Bool
    ) throws(WillError) {
      (self.declared, self.part, self.limits, self.total, self.keep) = (
        declared, part, limits, total, keep
      )
      if keep {
        // Deflate expands at most 1032 times; never reserve more than the input can produce.
        try CheckedAllocation.reserve(
          &data,
          capacity: min(declared, ZipArchive.saturatingProduct(max(compressedSize, 1), 1032)),
          part: part)
      }
    }

    /// Adds one step of decompressed data.
    mutating func append(_ chunk: some Collection<UInt8>) throws(WillError) {
      size += chunk.count
      try limits.check(.partBytes, size, part: part)
      try limits.check(.totalBytes, ZipArchive.saturatingSum(total, size), part: part)
      guard keep else { return }
      if size > data.capacity {
        // Grow by hand: doubling must not allocate past the limit.
        try CheckedAllocation.reserve(
          &data,
          capacity: min(
            max(size, ZipArchive.saturatingProduct(data.capacity, 2)), limits.maxPartBytes),
          part: part)
      }
      data.append(contentsOf: chunk)
    }

    /// The data (empty when not kept), once the whole entry is read.
    /// - Throws: ``WillErrorKind/zip(code:message:)`` "Zip archive inconsistent" when the
    ///   entry holds more or fewer bytes than it declares.
    func finish() throws(WillError) -> [UInt8] {
      guard size == declared else {
        throw WillError(
          .zip(
            code: ZipArchive.ErrorCode.inconsistent,
            message:
              "Zip archive inconsistent: the entry declares \(declared) bytes and holds \(size)"
          ),
          part: part)
      }
      return data
    }
  }
}
