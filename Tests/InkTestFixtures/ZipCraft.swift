import InkCodec

/// Byte-level zip and Deflate crafting for the invalid samples, where InkCodec's writer would
/// refuse (or need a gigabyte of memory) to produce the damage.
package enum ZipCraft {
  /// CRC-32 (zip, zlib) of `bytes`.
  package static func crc32(_ bytes: [UInt8]) -> UInt32 { CRC32.checksum(bytes) }

  /// CRC-32 of `count` zero bytes, in O(log count).
  package static func crc32OfZeros(count: Int) -> UInt32 { CRC32.checksumOfZeros(count: count) }

  /// One entry of a crafted archive; its data already compressed when `method` is 8.
  ///
  /// The headers say what the fields say, true or not: CRC, sizes, flags and names are
  /// written as given, so an entry can lie in any of them.
  package struct Entry {
    /// The name as written, byte for byte (it need not be UTF-8 or safe).
    package var nameBytes: [UInt8]
    package var method: UInt16
    package var crc: UInt32
    package var compressedSize: UInt32
    package var uncompressedSize: UInt32
    package var data: [UInt8]
    /// Whether to set general purpose flag bit 11: the name is UTF-8.
    package var utf8Name = false
    /// Whether to use general purpose flag bit 3: CRC and sizes 0 in the local header, and
    /// the real values in a signed data descriptor after the data.
    package var dataDescriptor = false
    /// Whether to set general purpose flag bit 0 (traditional PKWARE encryption). The data
    /// is not actually encrypted.
    package var encrypted = false
    /// The central directory's "version made by": 20 (MS-DOS, zip 2.0), or `0x0314` (Unix).
    package var versionMadeBy: UInt16 = 20
    /// The central directory's external attributes (Unix mode in the high 16 bits).
    package var externalAttributes: UInt32 = 0

    /// The name, as UTF-8.
    package var name: String {
      get { String(decoding: nameBytes, as: UTF8.self) }
      set { nameBytes = Array(newValue.utf8) }
    }

    /// The general purpose flags the headers record.
    var flags: UInt16 {
      (utf8Name ? 0x0800 : 0) | (dataDescriptor ? 0x0008 : 0) | (encrypted ? 0x0001 : 0)
    }

    package init(
      name: String, method: UInt16, crc: UInt32, compressedSize: UInt32, uncompressedSize: UInt32,
      data: [UInt8]
    ) {
      (self.nameBytes, self.method, self.crc) = (Array(name.utf8), method, crc)
      (self.compressedSize, self.uncompressedSize, self.data) = (
        compressedSize, uncompressedSize, data
      )
    }

    /// A file as Unix zip tools write it: a UTF-8 name, mode 0644, the true CRC and sizes of
    /// `data`, stored as is (any other `method` only labels the bytes).
    package init(
      _ name: String, _ data: [UInt8], method: UInt16 = 0, dataDescriptor: Bool = false,
      encrypted: Bool = false
    ) {
      self.init(
        name: name, method: method, crc: crc32(data), compressedSize: UInt32(data.count),
        uncompressedSize: UInt32(data.count), data: data)
      self.utf8Name = true
      self.dataDescriptor = dataDescriptor
      self.encrypted = encrypted
      self.versionMadeBy = 0x0314
      self.externalAttributes = 0o100644 << 16
    }

    static func stored(_ name: String, _ data: [UInt8]) -> Entry {
      Entry(
        name: name, method: 0, crc: crc32(data), compressedSize: UInt32(data.count),
        uncompressedSize: UInt32(data.count), data: data)
    }
  }

  /// A zip archive with the entries in order: no data descriptors, no extra fields, the
  /// timestamp 1980-01-01 00:00.
  package static func archive(_ entries: [Entry]) -> [UInt8] {
    var out: [UInt8] = []
    var central: [UInt8] = []
    for entry in entries {
      let offset = UInt32(out.count)
      let name = entry.nameBytes
      let sizes = le32(entry.crc) + le32(entry.compressedSize) + le32(entry.uncompressedSize)
      out += le32(0x0403_4B50) + le16(20) + le16(entry.flags) + le16(entry.method)
      out += le16(0) + le16(0x21)  // 1980-01-01 00:00
      out += entry.dataDescriptor ? le32(0) + le32(0) + le32(0) : sizes
      out += le16(UInt16(name.count)) + le16(0) + name + entry.data
      if entry.dataDescriptor { out += le32(0x0807_4B50) + sizes }

      central += le32(0x0201_4B50) + le16(entry.versionMadeBy) + le16(20) + le16(entry.flags)
      central += le16(entry.method) + le16(0) + le16(0x21) + sizes
      central += le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
      central += le32(entry.externalAttributes) + le32(offset) + name
    }
    let centralOffset = UInt32(out.count)
    out += central
    out += le32(0x0605_4B50) + le16(0) + le16(0)
    out += le16(UInt16(entries.count)) + le16(UInt16(entries.count))
    out += le32(UInt32(central.count)) + le32(centralOffset) + le16(0)
    return out
  }

  /// `value` as two little-endian bytes.
  package static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

  /// `value` as four little-endian bytes.
  package static func le32(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
  }

  /// The little-endian `UInt16` at `offset`.
  package static func readLE16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  /// The little-endian `UInt32` at `offset`.
  package static func readLE32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
  }

  /// A raw Deflate stream (RFC 1951) that inflates to `count` zero bytes, `count` ≥ 4 with
  /// `count − 4` a multiple of 258: one dynamic-Huffman block holding a literal 0, then
  /// back-references of length 258 at distance 1 (a one-bit code each for length and
  /// distance: 2 bits per 258 bytes), a final length-3 reference and the end-of-block code.
  /// 1 GiB becomes about 1 MB, the best ratio Deflate allows.
  package static func deflatedZeros(count: Int) -> [UInt8] {
    precondition(count >= 4 && (count - 4) % 258 == 0)
    var writer = BitWriter()
    writer.bits(1, 1)  // BFINAL
    writer.bits(2, 2)  // BTYPE = dynamic
    writer.bits(29, 5)  // HLIT: 286 literal/length codes
    writer.bits(0, 5)  // HDIST: 1 distance code
    writer.bits(14, 4)  // HCLEN: 18 code-length code lengths
    // Code-length alphabet: 18 → 1 bit (0), 1 → 2 bits (10), 2 → 3 bits (110), 3 → 3 bits (111).
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
    let clLengths: [Int: UInt32] = [18: 1, 1: 2, 2: 3, 3: 3]
    for symbol in order { writer.bits(clLengths[symbol] ?? 0, 3) }
    func zeros(_ run: UInt32) {  // symbol 18: 11…138 zero lengths
      writer.code(0b0, 1)
      writer.bits(run - 11, 7)
    }
    // Literal/length lengths: 0 → 2, 1…255 → 0, 256 → 3, 257 → 3, 258…284 → 0, 285 → 1;
    // then the one distance code: 0 → 1.
    writer.code(0b110, 3)  // length 2
    zeros(138)
    zeros(117)
    writer.code(0b111, 3)  // 256: length 3
    writer.code(0b111, 3)  // 257: length 3
    zeros(27)
    writer.code(0b10, 2)  // 285: length 1
    writer.code(0b10, 2)  // distance 0: length 1
    // Literal/length codes: 285 → 0, literal 0 → 10, 256 → 110, 257 → 111. Distance 0 → 0.
    writer.code(0b10, 2)  // the first zero byte
    writer.zeroBits((count - 4) / 258 * 2)  // (285, distance 1) pairs
    writer.code(0b111, 3)  // length 3
    writer.code(0b0, 1)  // distance 1
    writer.code(0b110, 3)  // end of block
    return writer.finish()
  }

  struct BitWriter {
    var bytes: [UInt8] = []
    var current: UInt32 = 0
    var used = 0

    /// `count` bits of `value`, least significant first (header fields and extra bits).
    mutating func bits(_ value: UInt32, _ count: Int) {
      for bit in 0..<count { push(value >> bit & 1) }
    }

    /// A Huffman code, most significant bit first.
    mutating func code(_ value: UInt32, _ count: Int) {
      for bit in (0..<count).reversed() { push(value >> bit & 1) }
    }

    mutating func zeroBits(_ count: Int) {
      var remaining = count
      while remaining > 0 && used != 0 {
        push(0)
        remaining -= 1
      }
      bytes.append(contentsOf: repeatElement(0, count: remaining / 8))
      for _ in 0..<(remaining % 8) { push(0) }
    }

    mutating func push(_ bit: UInt32) {
      current |= bit << used
      used += 1
      if used == 8 {
        bytes.append(UInt8(current))
        current = 0
        used = 0
      }
    }

    mutating func finish() -> [UInt8] {
      if used > 0 { bytes.append(UInt8(current)) }
      current = 0
      used = 0
      return bytes
    }
  }
}
