/// One entry's header as libzip 1.7 reads it: a central directory record or a local file
/// header, with the ZIP64, Info-ZIP Unicode Path and WinZip AES extra fields applied.
///
/// The portable backend parses headers exactly where and as libzip does, so that both
/// backends accept the same archives and refuse the others with the same error.
struct ZipDirectoryRecord {
  /// Where a header is read from, which decides the error for bytes that are not there.
  enum Source {
    /// The central directory, read whole: a record is bounded by the directory's end
    /// (`Not a zip archive` when its fixed part is cut, `Zip archive inconsistent` when its
    /// name, extra fields or comment are).
    case directory(end: Int)
    /// The file itself, read as far as it goes (`Premature end of file` past its end).
    case file
  }

  static let centralSignature: UInt32 = 0x0201_4B50
  static let localSignature: UInt32 = 0x0403_4B50

  var versionNeeded: UInt16
  /// The general purpose flags.
  var flags: UInt16
  /// The compression method, the real one behind a WinZip AES entry.
  var method: UInt16
  /// The DOS time and date, as seconds since 1970 (time zone ignored), so that two spellings
  /// of one instant compare equal as `mktime` makes them.
  var modified: Int64
  var crc: UInt32
  var compressedSize: UInt64
  var size: UInt64
  /// The offset of the entry's local header (0 in a local header).
  var offset: UInt64
  /// The name's bytes, NUL bytes read as spaces, or those of its Info-ZIP Unicode Path.
  var name: [UInt8]
  /// Whether the name is known to be UTF-8 (flag bit 11 or a Unicode Path extra field) rather
  /// than guessed.
  var nameIsUTF8: Bool
  /// Whether the entry is encrypted (traditional PKWARE, strong or WinZip AES).
  var isEncrypted: Bool
  /// Whether the CRC-32 field means anything (not for small WinZip AES version 2 entries).
  var isCRCValid = true
  /// The bytes the header takes, fixed and variable parts together.
  var length: Int

  /// Parses the header at `position` as libzip's `_zip_dirent_read` does.
  /// - Parameters:
  ///   - bytes: The whole archive.
  ///   - position: Where the header's signature starts.
  ///   - local: Whether it is a local file header (30 fixed bytes) or a central record (46).
  ///   - source: Where the header is read from.
  init(
    _ bytes: UnsafeRawBufferPointer, at position: Int, local: Bool, source: Source
  ) throws(ZipFailure) {
    let zip = WireReader(bytes)
    let fixedLength = local ? 30 : 46
    switch source {
    case .directory(let end):
      guard end - position >= fixedLength else { throw .notZip }
    case .file:
      guard bytes.count - position >= fixedLength else { throw .endOfFile }
    }
    func u16(_ at: Int) -> UInt16 { zip.getUInt16(at: position + at, .littleEndian) ?? 0 }
    func u32(_ at: Int) -> UInt32 { zip.getUInt32(at: position + at, .littleEndian) ?? 0 }
    guard u32(0) == (local ? Self.localSignature : Self.centralSignature) else { throw .notZip }
    let shift = local ? 0 : 2  // A central record has "version made by" first.
    versionNeeded = u16(4 + shift)
    flags = u16(6 + shift)
    method = u16(8 + shift)
    modified = Self.seconds(time: u16(10 + shift), date: u16(12 + shift))
    crc = u32(14 + shift)
    compressedSize = UInt64(u32(18 + shift))
    size = UInt64(u32(22 + shift))
    let nameLength = Int(u16(26 + shift))
    let extraLength = Int(u16(28 + shift))
    let commentLength = local ? 0 : Int(u16(32))
    let diskNumber = local ? 0 : UInt32(u16(34))
    offset = local ? 0 : UInt64(u32(42))
    isEncrypted = flags & 0x0001 != 0

    let variableLength = nameLength + extraLength + commentLength
    let nameStart = position + fixedLength
    switch source {
    case .directory(let end):
      guard end - nameStart >= variableLength else { throw .inconsistent }
    case .file:
      guard bytes.count - nameStart >= variableLength else { throw .endOfFile }
    }
    length = fixedLength + variableLength

    // libzip reads names as C strings: a NUL byte becomes a space.
    name = bytes[nameStart..<(nameStart + nameLength)].map { $0 == 0 ? 0x20 : $0 }
    let declaresUTF8 = flags & 0x0800 != 0
    nameIsUTF8 = declaresUTF8
    if declaresUTF8, ZipNameEncoding(guessing: name) == .cp437 { throw .inconsistent }
    let extraStart = nameStart + nameLength
    let extras = try ZipExtraFields(bytes, extraStart..<(extraStart + extraLength))
    if declaresUTF8, commentLength > 0 {
      let commentStart = extraStart + extraLength
      let comment = UnsafeRawBufferPointer(
        rebasing: bytes[commentStart..<(commentStart + commentLength)])
      if ZipNameEncoding(guessing: comment) == .cp437 { throw .inconsistent }
    }
    applyUnicodePath(extras, bytes)
    try applyZIP64(extras, bytes, local: local, diskNumber: diskNumber)
    // zip_source_seek takes a signed 64-bit offset.
    if offset > UInt64(Int64.max) { throw .seekTooLarge }
    try applyWinZipAES(extras, bytes)
  }

  /// Replaces the name with its Info-ZIP Unicode Path (0x7075) when that field is version 1,
  /// records the CRC-32 of this name, and holds valid UTF-8.
  private mutating func applyUnicodePath(_ extras: ZipExtraFields, _ bytes: UnsafeRawBufferPointer)
  {
    guard let field = extras.first(0x7075), field.count >= 5, bytes[field.lowerBound] == 1
    else { return }
    let zip = WireReader(bytes)
    guard zip.getUInt32(at: field.lowerBound + 1, .littleEndian) == CRC32.checksum(name)
    else { return }
    let unicode = UnsafeRawBufferPointer(rebasing: bytes[(field.lowerBound + 5)..<field.upperBound])
    guard !unicode.isEmpty, ZipNameEncoding(guessing: unicode) != .cp437 else { return }
    name = Array(unicode)
    nameIsUTF8 = true
  }

  /// Reads the sizes (and offset) that the fixed fields mark 0xFFFFFFFF from the ZIP64 extra
  /// field (0x0001), as libzip does, extra values and all.
  private mutating func applyZIP64(
    _ extras: ZipExtraFields, _ bytes: UnsafeRawBufferPointer, local: Bool, diskNumber: UInt32
  ) throws(ZipFailure) {
    let marker = UInt64(UInt32.max)
    guard size == marker || compressedSize == marker || offset == marker else { return }
    guard let field = extras.first(0x0001) else { throw .noEntry }
    let zip = WireReader(bytes)
    var reader = ZipExtraFields.Cursor(zip: zip, range: field)
    var disk = diskNumber
    if size == marker {
      size = reader.next64()
    } else if local {
      reader.skip(8)
    }
    if compressedSize == marker { compressedSize = reader.next64() }
    if !local {
      if offset == marker { offset = reader.next64() }
      if disk == 0xFFFF { disk = reader.next32() }
    }
    guard !reader.isAtEnd else { return }
    // Extra values are accepted when they repeat what is known.
    var agrees: Bool
    switch field.count {
    case 24, 28:
      agrees = true
      if field.count == 28 {
        agrees = zip.getUInt32(at: field.lowerBound + 24, .littleEndian) == disk
      }
      let values = (0..<3).map { zip.getUInt64(at: field.lowerBound + 8 * $0, .littleEndian) }
      agrees = agrees && values == [size, compressedSize, offset]
    default:
      agrees = false
    }
    if !agrees { throw .inconsistent }
  }

  /// Takes the real compression method of a WinZip AES entry (method 99) from its extra
  /// field (0x9901).
  private mutating func applyWinZipAES(_ extras: ZipExtraFields, _ bytes: UnsafeRawBufferPointer)
    throws(ZipFailure)
  {
    guard method == 99 else { return }
    guard let field = extras.first(0x9901), field.count >= 7 else { throw .inconsistent }
    let zip = WireReader(bytes)
    let start = field.lowerBound
    switch zip.getUInt16(at: start, .littleEndian) {
    case 1: break
    case 2: isCRCValid = size >= 20
    default: throw .encryptionNotSupported
    }
    guard bytes[start + 2] == UInt8(ascii: "A"), bytes[start + 3] == UInt8(ascii: "E"),
      (1...3).contains(bytes[start + 4])
    else { throw .encryptionNotSupported }
    guard field.count == 7 else { throw .inconsistent }
    isEncrypted = true
    method = zip.getUInt16(at: start + 5, .littleEndian) ?? 0
  }

  /// Whether `local`, this entry's local header, agrees with this central record as libzip's
  /// `_zip_headercomp` requires: CRC and sizes may be zero in a local header with a data
  /// descriptor.
  func agrees(withLocal local: ZipDirectoryRecord) -> Bool {
    guard versionNeeded >= local.versionNeeded, method == local.method,
      modified == local.modified, name == local.name
    else { return false }
    if crc != local.crc || compressedSize != local.compressedSize || size != local.size {
      return local.flags & 0x0008 != 0 && local.crc == 0 && local.compressedSize == 0
        && local.size == 0
    }
    return true
  }

  /// The name as libzip's `zip_get_name` gives it: as stored when it is UTF-8 (known or
  /// guessed) or ASCII, otherwise converted from code page 437.
  var decodedName: [UInt8] {
    nameIsUTF8 || ZipNameEncoding(guessing: name) != .cp437
      ? name : ZipNameEncoding.utf8(cp437: name)
  }

  /// A DOS time and date as `mktime` normalises them (month 0 is December of the year before,
  /// second 62 a minute later), counted in seconds from 1970-01-01 in UTC.
  static func seconds(time: UInt16, date: UInt16) -> Int64 {
    let monthIndex = Int64(date >> 5 & 0x0F) - 1 + 12 * (Int64(date >> 9 & 0x7F) + 1980)
    let year = monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12
    let month = monthIndex - 12 * year + 1
    // Days from 1970-01-01 to the first of the month (Howard Hinnant's days_from_civil).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468 + Int64(date & 0x1F) - 1
    let seconds =
      Int64(time >> 11 & 0x1F) * 3600 + Int64(time >> 5 & 0x3F) * 60
      + Int64(time << 1 & 0x3E)
    return days * 86_400 + seconds
  }
}
