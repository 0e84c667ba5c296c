#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The central directory of an archive, found and checked as libzip 1.7 does when it opens an
/// archive with `ZIP_CHECKCONS`.
///
/// libzip looks for every end of central directory record in the last 64 KiB + 42 bytes,
/// reads the directory each one points to, compares every entry with its local header, and
/// keeps the directory whose entries span the most bytes; it refuses the archive with the
/// error of the last candidate when none holds. The portable backend follows the same steps
/// so that both backends open the same archives, and refuse the others with the same code.
///
/// Cost: each candidate's directory is read once and its local headers once. A file crafted
/// with many end records that point to large directories would make libzip's search
/// quadratic; here the candidates together may read at most ``workAllowance`` bytes, after
/// which the remaining ones are passed over.
struct ZipCentralDirectory {
  /// The entries, in directory order.
  var records: [ZipDirectoryRecord]
  /// Where the directory starts, as its end record says.
  var offset: UInt64

  private static let endSignature: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
  private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
  private static let zip64EndSignature: UInt32 = 0x0606_4B50
  /// libzip's search window: the longest comment, the end record and a ZIP64 locator.
  private static let searchLength = 0xFFFF + 1 + 22 + 20

  /// The bytes all candidates together may read: enough for any archive with one end record
  /// many times over.
  static func workAllowance(forFileOf count: Int) -> Int { 8 * count + (1 << 20) }

  /// Finds and reads the directory of `bytes`.
  /// - Throws: The error libzip reports for an archive it will not open.
  init(_ bytes: UnsafeRawBufferPointer) throws(ZipFailure) {
    guard bytes.count >= 22 else { throw .notZip }
    let windowLength = min(bytes.count, Self.searchLength)
    let windowStart = bytes.count - windowLength
    var work = Self.workAllowance(forFileOf: bytes.count)
    var best: (directory: ZipCentralDirectory, span: Int64)?
    var lastError = ZipFailure.notZip
    var position = windowStart + (windowLength >= Self.searchLength ? 20 : 0)
    let lastPosition = bytes.count - 22
    while position <= lastPosition, work > 0 {
      // memchr skips to the next candidate's first byte, many bytes per step.
      guard let base = bytes.baseAddress,
        let hit = memchr(base + position, 0x50, lastPosition - position + 1)
      else { break }
      position = UnsafeRawPointer(hit) - base
      defer { position += 1 }
      guard bytes[position..<(position + 4)].elementsEqual(Self.endSignature) else { continue }
      let candidate: ZipCentralDirectory
      do {
        candidate = try ZipCentralDirectory(
          bytes, endRecord: position, windowStart: windowStart, work: &work)
      } catch {
        lastError = error
        continue
      }
      // A candidate is worth the bytes its entries span, or -1 when they do not check out.
      func span(_ directory: ZipCentralDirectory) -> Int64 {
        do { return try directory.checkedSpan(bytes, work: &work) } catch {
          lastError = error
          return -1
        }
      }
      if var current = best {
        if current.span <= 0 { current.span = span(current.directory) }
        let challenger = span(candidate)
        best = current.span < challenger ? (candidate, challenger) : current
      } else {
        best = (candidate, span(candidate))
      }
    }
    guard let best, best.span >= 0 else { throw lastError }
    self = best.directory
  }

  /// Reads the directory that the end record at `end` describes: libzip's `_zip_read_cdir`.
  /// - Parameters:
  ///   - windowStart: Where libzip's search window starts; a directory starting before it is
  ///     read from the file rather than from the window.
  ///   - work: The bytes candidates may still read; what this one reads is taken from it.
  private init(
    _ bytes: UnsafeRawBufferPointer, endRecord end: Int, windowStart: Int, work: inout Int
  ) throws(ZipFailure) {
    let zip = WireReader(bytes)
    var count: UInt64
    var size: UInt64
    var isZIP64 = false
    let locator = end - 20
    if end - windowStart >= 20,
      zip.getUInt32(at: locator, .littleEndian) == Self.zip64LocatorSignature
    {
      (count, size, offset) = try Self.readZIP64End(
        zip, locator: locator, windowStart: windowStart)
      isZIP64 = true
    } else {
      // The disk numbers, read as one 32-bit value.
      guard zip.getUInt32(at: end + 4, .littleEndian) == 0 else { throw .multiDisk }
      let here = zip.getUInt16(at: end + 8, .littleEndian) ?? 0
      let total = zip.getUInt16(at: end + 10, .littleEndian) ?? 0
      guard here == total else { throw .notZip }
      count = UInt64(total)
      size = UInt64(zip.getUInt32(at: end + 12, .littleEndian) ?? 0)
      offset = UInt64(zip.getUInt32(at: end + 16, .littleEndian) ?? 0)
    }
    guard offset + size <= UInt64(end) else { throw .inconsistent }
    let commentLength = Int(zip.getUInt16(at: end + 20, .littleEndian) ?? 0)
    guard bytes.count - (end + 22) == commentLength else { throw .inconsistent }

    // Both fit in Int: they end before `end`.
    let start = Int(offset)
    let source: ZipDirectoryRecord.Source =
      start >= windowStart ? .directory(end: start + Int(size)) : .file
    records = []
    var left = size
    var capacity = count
    var position = start
    while left > 0 {
      var grown = false
      if records.count == capacity {
        // Info-ZIP stores the entry count modulo 65536 rather than write ZIP64.
        if isZIP64 || left < 46 { break }
        capacity += 0x10000
        grown = true
      }
      do {
        let record = try ZipDirectoryRecord(bytes, at: position, local: false, source: source)
        records.append(record)
        position += record.length
        // libzip's count of bytes left wraps around when a record runs past the directory.
        left &-= UInt64(record.length)
        work -= record.length
      } catch {
        throw grown && error == .notZip ? .inconsistent : error
      }
    }
    guard records.count == capacity, left == 0, position == start + Int(size) else {
      throw .inconsistent
    }
  }

  /// Reads the ZIP64 end of central directory record that the locator at `locator` points to:
  /// libzip's `_zip_read_eocd64`, its unchecked comparisons included.
  /// - Returns: The entry count, and the directory's size and offset.
  private static func readZIP64End(_ zip: WireReader, locator: Int, windowStart: Int)
    throws(ZipFailure) -> (count: UInt64, size: UInt64, offset: UInt64)
  {
    // libzip reads the locator's 32-bit disk number as two 16-bit halves.
    var disks = UInt32(zip.getUInt16(at: locator + 4, .littleEndian) ?? 0)
    var directoryDisk = UInt32(zip.getUInt16(at: locator + 6, .littleEndian) ?? 0)
    let end = zip.getUInt64(at: locator + 8, .littleEndian) ?? 0
    guard end <= UInt64(Int64.max) else { throw .seekTooLarge }
    guard end + 56 <= UInt64(locator) else { throw .inconsistent }
    let record = Int(end)
    guard zip.getUInt32(at: record, .littleEndian) == zip64EndSignature else {
      throw .inconsistent
    }
    if disks == 0xFFFF { disks = zip.getUInt32(at: record + 16, .littleEndian) ?? 0 }
    if directoryDisk == 0xFFFF {
      directoryDisk = zip.getUInt32(at: record + 20, .littleEndian) ?? 0
    }
    guard disks == 0, directoryDisk == 0 else { throw .multiDisk }
    let count = zip.getUInt64(at: record + 24, .littleEndian) ?? 0
    guard count == zip.getUInt64(at: record + 32, .littleEndian) else { throw .multiDisk }
    let size = zip.getUInt64(at: record + 40, .littleEndian) ?? 0
    let offset = zip.getUInt64(at: record + 48, .littleEndian) ?? 0
    let (directoryEnd, overflow) = offset.addingReportingOverflow(size)
    guard offset <= UInt64(Int64.max), !overflow else { throw .seekTooLarge }
    // libzip adds the window's start to an offset that is already absolute.
    guard directoryEnd <= UInt64(windowStart) &+ end else { throw .inconsistent }
    guard count <= size / 46 else { throw .inconsistent }
    return (count, size, offset)
  }

  /// Compares every entry with its local header and returns the bytes the entries span:
  /// libzip's `_zip_checkcons`.
  /// - Throws: ``ZipFailure/notZip`` when an entry lies past the directory's start,
  ///   ``ZipFailure/inconsistent`` when a local header disagrees, or the error reading it.
  private func checkedSpan(_ bytes: UnsafeRawBufferPointer, work: inout Int) throws(ZipFailure)
    -> Int64
  {
    var lowest = records.first?.offset ?? 0
    var highest = lowest
    for record in records {
      lowest = min(lowest, record.offset)
      if lowest > offset { throw .notZip }
      highest = max(
        highest, record.offset &+ record.compressedSize &+ UInt64(record.name.count) &+ 30)
      if highest > offset { throw .notZip }
      // The header's fixed part lies before the directory, so its offset fits in Int.
      let local = try ZipDirectoryRecord(bytes, at: Int(record.offset), local: true, source: .file)
      work -= local.length
      guard record.agrees(withLocal: local) else { throw .inconsistent }
    }
    return Int64(clamping: highest - lowest)
  }
}
