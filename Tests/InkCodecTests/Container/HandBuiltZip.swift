import InkCodec

/// Builds zip archives byte by byte, for the layouts and defects our writer never produces:
/// data descriptors, unsafe or duplicate names, unsupported methods.
///
/// Entries are written with their data as is, so every method other than Stored (0) only
/// labels the bytes.
struct HandBuiltZip {
  /// One entry.
  struct Entry {
    /// The name, as raw bytes.
    var name: [UInt8]
    /// The data, written as is.
    var data: [UInt8]
    /// The compression method recorded in the headers.
    var method: UInt16 = 0
    /// Whether to use general purpose flag bit 3: CRC and sizes 0 in the local header, and the
    /// real values in a signed data descriptor after the data.
    var dataDescriptor = false
    /// Whether to set general purpose flag bit 0 (traditional PKWARE encryption). The data is
    /// not actually encrypted.
    var encrypted = false

    init(
      _ name: String, _ data: [UInt8], method: UInt16 = 0, dataDescriptor: Bool = false,
      encrypted: Bool = false
    ) {
      self.name = Array(name.utf8)
      self.data = data
      self.method = method
      self.dataDescriptor = dataDescriptor
      self.encrypted = encrypted
    }
  }

  var entries: [Entry]

  init(_ entries: [Entry]) {
    self.entries = entries
  }

  /// The archive: local headers and data, the central directory, the end record.
  var bytes: [UInt8] {
    let (le16, le32) = (Self.le16, Self.le32)
    var out: [UInt8] = []
    var central: [UInt8] = []
    for entry in entries {
      let offset = UInt32(out.count)
      let crc = CRC32.checksum(entry.data)
      let size = UInt32(entry.data.count)
      let flags: UInt16 = (entry.dataDescriptor ? 0x0808 : 0x0800) | (entry.encrypted ? 1 : 0)
      out += le32(0x0403_4B50) + le16(20) + le16(flags) + le16(entry.method)
      out += le16(0) + le16(0x0021)  // 1980-01-01 00:00
      out +=
        entry.dataDescriptor ? le32(0) + le32(0) + le32(0) : le32(crc) + le32(size) + le32(size)
      out += le16(UInt16(entry.name.count)) + le16(0) + entry.name + entry.data
      if entry.dataDescriptor {
        out += le32(0x0807_4B50) + le32(crc) + le32(size) + le32(size)
      }
      central += le32(0x0201_4B50) + le16(0x0314) + le16(20) + le16(flags) + le16(entry.method)
      central += le16(0) + le16(0x0021) + le32(crc) + le32(size) + le32(size)
      central += le16(UInt16(entry.name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
      central += le32(0o100644 << 16) + le32(offset) + entry.name
    }
    let centralOffset = UInt32(out.count)
    out += central
    out += le32(0x0605_4B50) + le16(0) + le16(0)
    out += le16(UInt16(entries.count)) + le16(UInt16(entries.count))
    out += le32(UInt32(central.count)) + le32(centralOffset) + le16(0)
    return out
  }
}

extension HandBuiltZip {
  /// `value` as two little-endian bytes.
  static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

  /// `value` as four little-endian bytes.
  static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

  /// The little-endian `UInt16` at `offset`.
  static func readLE16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  /// The little-endian `UInt32` at `offset`.
  static func readLE32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
  }
}
