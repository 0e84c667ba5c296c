/// The central directory of a damaged zip, read without libzip: what it says about each entry
/// (CRC-32 and sizes), so that salvage checks entries against it and reports the directory as
/// unusable only when it really is.
///
/// Cost: the end record is searched for in the last 64 KiB + 22 bytes, and the directory is
/// read once; at most `limits.maxParts` records are kept.
struct CentralDirectoryProbe {
  /// What the directory says about one entry.
  struct Record {
    /// The entry's part name, as spelled in the directory.
    var name: String
    var crc: UInt32
    var compressedSize: Int
    var size: Int
  }

  /// The records by normalised part name.
  var records: [String: Record] = [:]

  private static let endSignature: UInt32 = 0x0605_4B50
  private static let recordSignature: UInt32 = 0x0201_4B50

  /// Reads the directory of `bytes`, or returns `nil` when there is no end record or the
  /// directory it points to does not parse (zeroed, cut, or its records run past the end).
  init?(_ bytes: [UInt8], limits: DecodingLimits) {
    guard
      let records = bytes.withUnsafeBytes({ Self.records(WireReader($0), limits: limits) })
    else { return nil }
    self.records = records
  }

  private static func records(_ zip: WireReader, limits: DecodingLimits) -> [String: Record]? {
    guard zip.end >= 22 else { return nil }
    var end = zip.end - 22
    let floor = max(0, zip.end - 22 - 0xFFFF)
    while end >= floor, zip.getUInt32(at: end, .littleEndian) != endSignature { end -= 1 }
    guard end >= floor, let count = zip.getUInt16(at: end + 10, .littleEndian),
      let size = zip.getUInt32(at: end + 12, .littleEndian).map(Int.init)
    else { return nil }
    // The directory ends where the end record starts, whatever offset it declares (a prefix
    // before the archive shifts every offset).
    guard size <= end, count <= limits.maxParts else { return nil }
    var records: [String: Record] = [:]
    var offset = end - size
    for _ in 0..<count {
      guard offset + 46 <= end, zip.getUInt32(at: offset, .littleEndian) == recordSignature,
        let crc = zip.getUInt32(at: offset + 16, .littleEndian),
        let compressedSize = zip.getUInt32(at: offset + 20, .littleEndian),
        let entrySize = zip.getUInt32(at: offset + 24, .littleEndian),
        let nameLength = zip.getUInt16(at: offset + 28, .littleEndian).map(Int.init),
        let extraLength = zip.getUInt16(at: offset + 30, .littleEndian).map(Int.init),
        let commentLength = zip.getUInt16(at: offset + 32, .littleEndian).map(Int.init)
      else { return nil }
      let next = offset + 46 + nameLength + extraLength + commentLength
      guard next <= end, let nameBytes = zip.getBytes(at: offset + 46, count: nameLength),
        let name = try? PartName(zipEntryName: String(decoding: nameBytes, as: UTF8.self))
      else { return nil }
      records[name.normalizedKey] = Record(
        name: name.description, crc: crc, compressedSize: Int(compressedSize),
        size: Int(entrySize))
      offset = next
    }
    guard offset == end else { return nil }
    return records
  }
}
