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
    guard bytes.count >= 22 else { return nil }
    var end = bytes.count - 22
    let floor = max(0, bytes.count - 22 - 0xFFFF)
    while end >= floor, Self.uint32(bytes, end) != Self.endSignature { end -= 1 }
    guard end >= floor else { return nil }
    let count = Int(Self.uint16(bytes, end + 10))
    let size = Int(Self.uint32(bytes, end + 12))
    // The directory ends where the end record starts, whatever offset it declares (a prefix
    // before the archive shifts every offset).
    guard size <= end, count <= limits.maxParts else { return nil }
    var offset = end - size
    for _ in 0..<count {
      guard offset + 46 <= end, Self.uint32(bytes, offset) == Self.recordSignature else {
        return nil
      }
      let nameLength = Int(Self.uint16(bytes, offset + 28))
      let extraLength = Int(Self.uint16(bytes, offset + 30))
      let commentLength = Int(Self.uint16(bytes, offset + 32))
      let next = offset + 46 + nameLength + extraLength + commentLength
      guard next <= end,
        let name = try? PartName(
          zipEntryName: String(
            decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self))
      else { return nil }
      records[name.normalizedKey] = Record(
        name: name.description, crc: Self.uint32(bytes, offset + 16),
        compressedSize: Int(Self.uint32(bytes, offset + 20)),
        size: Int(Self.uint32(bytes, offset + 24)))
      offset = next
    }
    guard offset == end else { return nil }
  }

  private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(uint16(bytes, at)) | UInt32(uint16(bytes, at + 2)) << 16
  }
}
