/// The portable backend of ``ZipArchive``: InkCodec's own zip reader and writer, over zlib,
/// for builds without libzip (Apple platforms, or Linux without the `Libzip` trait).
///
/// It behaves as the libzip backend does, byte for byte and error for error: it opens an
/// archive as libzip 1.7 does with `ZIP_CHECKCONS` (``ZipCentralDirectory``), reads each
/// entry's data through its local header as libzip does, checks it with the same code
/// (``ZipEntryReading``), and writes what libzip writes (``write(_:)``).
///
/// Cost: opening reads the directory and every local header once; each entry's data is
/// inflated in place from the input, in steps of ``ZipArchive/readChunkSize`` bytes, under
/// the limits.
enum PortableZipArchive {
  /// ``ZipArchive/withEntries(_:limits:keeping:backend:_:)`` through InkCodec's own reader.
  static func withEntries<Result>(
    _ bytes: [UInt8], limits: DecodingLimits, keeping: (PartName, Int) -> Bool,
    _ body: ([ZipEntry], ZipArchive.EntryReader) throws(WillError) -> Result
  ) throws(WillError) -> Result {
    try limits.check(.fileBytes, bytes.count)
    guard let inflater = Zlib.Inflater(format: .raw) else {
      throw WillError(.allocationFailed(bytes: 0))
    }
    return try bytes.withWireBytes { (buffer) throws(WillError) -> Result in
      let directory = try open(buffer)
      let entries = try readEntries(
        directory, of: buffer, limits: limits, keeping: keeping, inflater: inflater)
      let reader = ZipArchive.EntryReader { (entry) throws(WillError) -> [UInt8] in
        let record = directory.records[entry.archiveIndex]
        var collector = try ZipEntryReading.Collector(
          declared: entry.size, compressedSize: entry.compressedSize,
          part: entry.name.description, limits: limits, total: 0, keep: true)
        try readData(of: record, in: buffer, into: &collector, inflater: inflater)
        return try collector.finish()
      }
      return try body(entries, reader)
    }
  }

  // MARK: Reading

  /// The archive's directory, or libzip's refusal to open it, explained.
  private static func open(_ buffer: UnsafeRawBufferPointer) throws(WillError)
    -> ZipCentralDirectory
  {
    let directory: ZipCentralDirectory
    do throws(ZipFailure) {
      directory = try ZipCentralDirectory(buffer)
      // libzip refuses two entries with the very same name when it checks consistency.
      var names = Set<[UInt8]>()
      for record in directory.records where !names.insert(record.decodedName).inserted {
        throw ZipFailure.exists
      }
    } catch {
      throw ZipDiagnosis.explained(error.willError(), buffer)
    }
    return directory
  }

  /// Reads every entry, keeping the data of those `keeping` accepts.
  private static func readEntries(
    _ directory: ZipCentralDirectory, of buffer: UnsafeRawBufferPointer,
    limits: DecodingLimits, keeping: (PartName, Int) -> Bool, inflater: Zlib.Inflater
  ) throws(WillError) -> [ZipEntry] {
    let count = directory.records.count
    try limits.check(.parts, count)
    var entries: [ZipEntry] = []
    entries.reserveCapacity(count)
    var names = Set<PartName>()
    var total = 0
    for (index, record) in directory.records.enumerated() {
      // libzip's stat leaves the CRC-32 out for a small WinZip AES version 2 entry.
      guard record.isCRCValid else { throw ZipFailure.inconsistent.willError() }
      let header = ZipEntryReading.Header(
        name: record.decodedName, size: Int(clamping: record.size),
        isEncrypted: record.isEncrypted, method: Int(record.method))
      guard
        let (name, compression) = try ZipEntryReading.check(
          header, names: &names, limits: limits, total: total)
      else { continue }
      let keep = keeping(name, header.size)
      let compressedSize = Int(clamping: record.compressedSize)
      var collector = try ZipEntryReading.Collector(
        declared: header.size, compressedSize: compressedSize, part: name.description,
        limits: limits, total: total, keep: keep)
      try readData(of: record, in: buffer, into: &collector, inflater: inflater)
      var entry = ZipEntry(
        name: name, data: try collector.finish(), compression: compression,
        compressedSize: compressedSize, crc32: record.crc)
      entry.size = header.size
      entry.isLoaded = keep
      entry.archiveIndex = index
      total += entry.size
      entries.append(entry)
    }
    return entries
  }

  /// Decompresses one entry into `collector` as libzip's `zip_fread` delivers it: in full
  /// steps of ``ZipArchive/readChunkSize`` bytes, then the rest, then the first fault (a read
  /// past the input, damaged deflate data, a CRC-32 or size that does not match).
  private static func readData(
    of record: ZipDirectoryRecord, in buffer: UnsafeRawBufferPointer,
    into collector: inout ZipEntryReading.Collector, inflater: Zlib.Inflater
  ) throws(WillError) {
    let part = collector.part
    // libzip reads an entry that stores no bytes as empty, without checking its CRC-32.
    guard record.compressedSize > 0 else { return }
    let data = try dataRange(of: record, in: buffer)
    var stream = EntryStream(
      record: record, input: buffer, data: data, inflater: inflater)
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ZipArchive.readChunkSize) {
      (chunk) throws(WillError) in
      var failure: ZipFailure?
      repeat {
        let filled = stream.fill(UnsafeMutableRawBufferPointer(chunk), failure: &failure)
        guard filled > 0 else { break }
        try collector.append(UnsafeBufferPointer(rebasing: chunk[..<filled]))
      } while failure == nil && !stream.isFinished
      if let failure { throw failure.willError(part: part) }
    }
    if let failure = stream.verify() { throw failure.willError(part: part) }
  }

  /// Where an entry's data lies: after its local header, as long as the central directory
  /// says, and how much of that the input holds.
  private static func dataRange(
    of record: ZipDirectoryRecord, in buffer: UnsafeRawBufferPointer
  ) throws(WillError) -> (start: UInt64, end: UInt64) {
    let zip = WireReader(buffer)
    // Opening checked that the header's fixed part lies before the directory.
    let header = Int(record.offset)
    let nameLength = UInt64(zip.getUInt16(at: header + 26, .littleEndian) ?? 0)
    let extraLength = UInt64(zip.getUInt16(at: header + 28, .littleEndian) ?? 0)
    let start = record.offset + 30 + nameLength + extraLength
    let (end, overflow) = start.addingReportingOverflow(record.compressedSize)
    // libzip's window over the data cannot end past a 64-bit offset.
    guard !overflow else { throw ZipFailure.inconsistent.willError() }
    return (start, end)
  }

  /// One entry's data read step by step, the way libzip's layered sources (a window on the
  /// file, inflate for Deflate, a CRC-32 check) read it.
  private struct EntryStream {
    let record: ZipDirectoryRecord
    let input: UnsafeRawBufferPointer
    let inflater: Zlib.Inflater?
    /// Where the data starts and ends in the input, as the headers say.
    let start: UInt64
    let end: UInt64
    /// The next input byte a stored entry copies.
    private var position: Int
    private(set) var isFinished = false
    private var crc: UInt32 = 0
    private var produced: UInt64 = 0

    init(
      record: ZipDirectoryRecord, input: UnsafeRawBufferPointer, data: (start: UInt64, end: UInt64),
      inflater: Zlib.Inflater
    ) {
      (self.record, self.input, self.start, self.end) = (record, input, data.start, data.end)
      position = Int(clamping: data.start)
      self.inflater = record.method == 8 ? inflater : nil
      if let inflater = self.inflater, start <= UInt64(input.count) {
        let available = Int(min(end, UInt64(input.count)) - start)
        // A reset cannot fail on a stream that initialised.
        _ = inflater.begin(
          UnsafeRawBufferPointer(rebasing: input[Int(start)..<(Int(start) + available)]))
      }
    }

    /// The fault that ends the data early when the input runs out: "Invalid argument" when
    /// the data starts past the end of the input, "Premature end of file" when it is cut,
    /// none when the input holds it all.
    private var cutFailure: ZipFailure? {
      if start > UInt64(input.count) { return .invalidArgument }
      return end > UInt64(input.count) ? .endOfFile : nil
    }

    /// Fills `chunk` with the next data, short only at the end or at a fault (which it sets).
    /// - Returns: The bytes written.
    mutating func fill(_ chunk: UnsafeMutableRawBufferPointer, failure: inout ZipFailure?) -> Int {
      var filled = 0
      if let inflater {
        guard start <= UInt64(input.count) else {
          isFinished = true
          failure = .invalidArgument
          return 0
        }
        while filled < chunk.count, !isFinished {
          let (count, status) = inflater.inflateStep(
            into: UnsafeMutableRawBufferPointer(rebasing: chunk[filled...]))
          filled += count
          if status == 1 {  // Z_STREAM_END
            isFinished = true
          } else if status == -5 && inflater.remainingInput == 0 {  // Z_BUF_ERROR: needs input
            isFinished = true
            failure = cutFailure
          } else if status != 0 {
            isFinished = true
            failure = .zlib(status)
          }
        }
      } else {
        guard start <= UInt64(input.count) else {
          isFinished = true
          failure = .invalidArgument
          return 0
        }
        let stop = Int(min(end, UInt64(input.count)))
        filled = min(chunk.count, stop - position)
        chunk.copyMemory(
          from: UnsafeRawBufferPointer(rebasing: input[position..<(position + filled)]))
        position += filled
        if position == stop {
          isFinished = true
          failure = cutFailure
        }
      }
      crc = CRC32.checksum(UnsafeRawBufferPointer(rebasing: chunk[..<filled]), continuing: crc)
      produced += UInt64(filled)
      return filled
    }

    /// The fault libzip's CRC-32 layer finds at the end of the data: a CRC-32 that does not
    /// match, or for a stored entry a size that does not match its header.
    func verify() -> ZipFailure? {
      if crc != record.crc { return .crc }
      if inflater == nil && produced != record.size { return .inconsistent }
      return nil
    }
  }
}
