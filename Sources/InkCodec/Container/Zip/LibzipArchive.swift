#if Libzip && os(Linux)
  import CLibzip

  #if canImport(Glibc)
    import Glibc
  #endif

  /// The libzip backend of ``ZipArchive``: reads and writes zip archives in memory through
  /// libzip, in the default build profile on Linux.
  ///
  /// This is the only place InkCodec calls libzip. Reading goes through the central directory,
  /// so entries with data descriptors (general purpose flag bit 3) read like any other, checks
  /// every entry name with ``PartName``, enforces ``DecodingLimits`` while it decompresses, and
  /// verifies every CRC-32. Writing produces the same bytes for the same input on every run.
  enum LibzipArchive {
    /// The number of bytes requested from libzip per read while decompressing an entry.
    static let readChunkSize = ZipArchive.readChunkSize

    /// ``ZipArchive/withEntries(_:limits:keeping:backend:_:)`` through libzip.
    static func withEntries<Result>(
      _ bytes: [UInt8], limits: DecodingLimits, keeping: (PartName, Int) -> Bool,
      _ body: ([ZipEntry], ZipArchive.EntryReader) throws(WillError) -> Result
    ) throws(WillError) -> Result {
      try limits.check(.fileBytes, bytes.count)
      // libzip opens a zero-length source as a new, empty archive.
      guard !bytes.isEmpty else { throw failure(code: ZIP_ER_NOZIP) }
      return try bytes.withWireBytes { (buffer) throws(WillError) -> Result in
        try withArchive(buffer) { (archive) throws(WillError) -> Result in
          let entries = try readEntries(archive, limits: limits, keeping: keeping)
          let reader = ZipArchive.EntryReader { (entry) throws(WillError) -> [UInt8] in
            var chunk = [UInt8](repeating: 0, count: readChunkSize)
            return try readData(
              at: zip_uint64_t(entry.archiveIndex), of: archive, declared: entry.size,
              compressedSize: entry.compressedSize, part: entry.name.description, limits: limits,
              total: 0, keep: true, chunk: &chunk)
          }
          return try body(entries, reader)
        }
      }
    }

    /// ``ZipArchive/write(_:backend:)`` through libzip, once the names are checked.
    static func write(_ entries: [ZipEntry.Input]) throws(WillError) -> [UInt8] {
      // libzip writes nothing at all for an archive without entries.
      guard !entries.isEmpty else { return ZipArchive.emptyArchive }

      var error = zip_error_t()
      zip_error_init(&error)
      defer { zip_error_fini(&error) }
      guard let source = zip_source_buffer_create(nil, 0, 0, &error) else {
        throw failure(&error)
      }
      // Keep the source alive after zip_close, which writes the archive into it.
      zip_source_keep(source)
      defer { zip_source_free(source) }
      guard let archive = zip_open_from_source(source, ZIP_TRUNCATE, &error) else {
        zip_source_free(source)  // A failed open leaves the archive's reference with us.
        throw failure(&error)
      }
      var isClosed = false
      defer { if !isClosed { zip_discard(archive) } }

      let modificationTime = dosEpochInLocalTime()
      for entry in entries {
        try add(entry, to: archive, modificationTime: modificationTime)
      }
      guard zip_close(archive) == 0 else { throw failure(zip_get_error(archive)) }
      isClosed = true
      return try contents(of: source)
    }

    // MARK: Reading

    /// Opens the archive held in `buffer` (which libzip borrows without copying) for `body`.
    private static func withArchive<Result>(
      _ buffer: UnsafeRawBufferPointer, _ body: (OpaquePointer) throws(WillError) -> Result
    ) throws(WillError) -> Result {
      var error = zip_error_t()
      zip_error_init(&error)
      defer { zip_error_fini(&error) }
      guard
        let source = zip_source_buffer_create(
          buffer.baseAddress, zip_uint64_t(buffer.count), 0, &error)
      else { throw failure(&error) }
      guard let archive = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
        zip_source_free(source)  // Not taken over by a failed open.
        throw ZipDiagnosis.explained(failure(&error), buffer)
      }
      defer { zip_discard(archive) }
      return try body(archive)
    }

    /// Reads every entry of an open archive, keeping the data of those `keeping` accepts.
    private static func readEntries(
      _ archive: OpaquePointer, limits: DecodingLimits, keeping: (PartName, Int) -> Bool
    ) throws(WillError) -> [ZipEntry] {
      // libzip has parsed the central directory already, so the count is bounded by the input.
      let count = Int(zip_get_num_entries(archive, 0))
      try limits.check(.parts, count)
      var entries: [ZipEntry] = []
      entries.reserveCapacity(count)
      var names = Set<PartName>()
      var total = 0
      var chunk = [UInt8](repeating: 0, count: readChunkSize)
      for index in 0..<count {
        guard
          let entry = try readEntry(
            at: zip_uint64_t(index), of: archive, limits: limits, total: total, names: &names,
            keeping: keeping, chunk: &chunk)
        else { continue }
        total += entry.size
        entries.append(entry)
      }
      return entries
    }

    /// Reads one entry, or returns `nil` for a directory entry.
    /// - Parameters:
    ///   - total: The bytes decompressed from the entries before this one.
    ///   - names: The names of the entries before this one; this entry's name is added.
    ///   - chunk: A scratch buffer of ``readChunkSize`` bytes.
    private static func readEntry(
      at index: zip_uint64_t, of archive: OpaquePointer, limits: DecodingLimits, total: Int,
      names: inout Set<PartName>, keeping: (PartName, Int) -> Bool, chunk: inout [UInt8]
    ) throws(WillError) -> ZipEntry? {
      var stat = zip_stat_t()
      zip_stat_init(&stat)
      guard zip_stat_index(archive, index, 0, &stat) == 0 else {
        throw failure(zip_get_error(archive))
      }
      let required =
        ZIP_STAT_NAME | ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_CRC | ZIP_STAT_COMP_METHOD
        | ZIP_STAT_ENCRYPTION_METHOD
      guard stat.valid & zip_uint64_t(required) == zip_uint64_t(required), let cName = stat.name
      else { throw failure(code: ZIP_ER_INCONS) }
      // With flags 0, libzip has converted CP437 names to UTF-8 already.
      let header = ZipEntryReading.Header(
        name: Array(UnsafeRawBufferPointer(start: cName, count: strlen(cName))),
        size: Int(clamping: stat.size), isEncrypted: stat.encryption_method != ZIP_EM_NONE,
        method: Int(stat.comp_method))
      guard
        let (name, compression) = try ZipEntryReading.check(
          header, names: &names, limits: limits, total: total)
      else { return nil }
      let part = name.description
      let declared = header.size
      let compressedSize = Int(clamping: stat.comp_size)

      let keep = keeping(name, declared)
      let data = try readData(
        at: index, of: archive, declared: declared, compressedSize: compressedSize, part: part,
        limits: limits, total: total, keep: keep, chunk: &chunk)
      var entry = ZipEntry(
        name: name, data: data, compression: compression, compressedSize: compressedSize,
        crc32: stat.crc)
      entry.size = declared
      entry.isLoaded = keep
      entry.archiveIndex = Int(index)
      return entry
    }

    /// Decompresses one entry to its end (libzip verifies the CRC-32 only when a read reaches
    /// the end of the data), under the part and total limits; returns the data, or nothing
    /// when `keep` is false.
    /// - Parameters:
    ///   - total: The bytes decompressed from the entries before this one.
    ///   - chunk: A scratch buffer of ``readChunkSize`` bytes.
    private static func readData(
      at index: zip_uint64_t, of archive: OpaquePointer, declared: Int, compressedSize: Int,
      part: String, limits: DecodingLimits, total: Int, keep: Bool, chunk: inout [UInt8]
    ) throws(WillError) -> [UInt8] {
      guard let file = zip_fopen_index(archive, index, 0) else {
        throw failure(zip_get_error(archive), part: part)
      }
      defer { zip_fclose(file) }

      var collector = try ZipEntryReading.Collector(
        declared: declared, compressedSize: compressedSize, part: part, limits: limits,
        total: total, keep: keep)
      while true {
        let n = chunk.withUnsafeMutableBytes { buffer in
          zip_fread(file, buffer.baseAddress!, zip_uint64_t(buffer.count))
        }
        if n < 0 { throw failure(zip_file_get_error(file), part: part) }
        if n == 0 { break }
        try collector.append(chunk[..<Int(n)])
      }
      return try collector.finish()
    }

    // MARK: Writing

    /// Adds one entry to an archive being written.
    private static func add(
      _ entry: ZipEntry.Input, to archive: OpaquePointer, modificationTime: time_t
    ) throws(WillError) {
      let part = entry.name.description
      let count = entry.data.count
      // libzip does not copy the buffer and reads it only in zip_close, so hand it a malloc'ed
      // copy that it frees itself. An empty entry must get no buffer at all: libzip leaks a
      // zero-length buffer it was asked to free.
      var copy: UnsafeMutableRawPointer? = nil
      if count > 0 {
        guard let memory = malloc(count) else { throw failure(code: ZIP_ER_MEMORY, part: part) }
        entry.data.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: count) }
        copy = memory
      }
      // On failure (memory exhaustion only) libzip frees the copy on some paths and not on
      // others; leaking it is safer than freeing it twice.
      guard let source = zip_source_buffer(archive, copy, zip_uint64_t(count), count > 0 ? 1 : 0)
      else { throw failure(zip_get_error(archive), part: part) }
      let index = zip_file_add(
        archive, entry.name.zipName, source, zip_flags_t(ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE))
      guard index >= 0 else {
        zip_source_free(source)  // A failed add leaves the source with us.
        throw failure(zip_get_error(archive), part: part)
      }
      let (method, level): (Int32, Int) =
        switch entry.compression {
        case .stored: (ZIP_CM_STORE, 0)
        case .deflate(let level): (ZIP_CM_DEFLATE, level ?? 0)  // 0 asks for the default.
        }
      guard
        zip_set_file_compression(archive, zip_uint64_t(index), method, zip_uint32_t(level)) == 0,
        zip_file_set_mtime(archive, zip_uint64_t(index), modificationTime, 0) == 0
      else { throw failure(zip_get_error(archive), part: part) }
    }

    /// The time that local time shows as 1980-01-01 00:00, the first instant a DOS timestamp can
    /// hold.
    ///
    /// libzip converts modification times to DOS fields through `localtime`, so a fixed `time_t`
    /// would give a different date in every time zone. Asking `mktime` for the local midnight
    /// fixes the date and time fields instead, without changing the process's `TZ`.
    private static func dosEpochInLocalTime() -> time_t {
      var fields = tm()
      fields.tm_year = 80
      fields.tm_mon = 0
      fields.tm_mday = 1
      fields.tm_isdst = -1
      return mktime(&fields)
    }

    /// The bytes libzip wrote into a buffer source.
    private static func contents(of source: OpaquePointer) throws(WillError) -> [UInt8] {
      guard zip_source_open(source) == 0 else { throw failure(zip_source_error(source)) }
      defer { zip_source_close(source) }
      guard zip_source_seek(source, 0, SEEK_END) == 0 else {
        throw failure(zip_source_error(source))
      }
      let size = zip_source_tell(source)
      guard size >= 0, zip_source_seek(source, 0, SEEK_SET) == 0 else {
        throw failure(zip_source_error(source))
      }
      var read: zip_int64_t = 0
      let bytes = [UInt8](unsafeUninitializedCapacity: Int(size)) { buffer, initialized in
        if let base = buffer.baseAddress {
          read = zip_source_read(source, base, zip_uint64_t(size))
        }
        initialized = read == size ? Int(size) : 0
      }
      guard read == size else { throw failure(zip_source_error(source)) }
      return bytes
    }

    // MARK: Errors

    /// The error that a libzip error structure describes. A CRC failure becomes
    /// ``WillErrorKind/checksumMismatch``.
    private static func failure(_ error: UnsafeMutablePointer<zip_error_t>, part: String? = nil)
      -> WillError
    {
      let code = zip_error_code_zip(error)
      if code == ZIP_ER_CRC { return WillError(.checksumMismatch, part: part) }
      return WillError(
        .zip(code: code, message: String(cString: zip_error_strerror(error))), part: part)
    }

    /// The error for a libzip error code, with libzip's message.
    private static func failure(code: Int32, part: String? = nil) -> WillError {
      var error = zip_error_t()
      zip_error_init_with_code(&error, code)
      defer { zip_error_fini(&error) }
      return failure(&error, part: part)
    }
  }
#endif
