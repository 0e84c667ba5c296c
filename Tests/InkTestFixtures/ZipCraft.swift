import InkCodec

/// Byte-level zip and Deflate crafting for the invalid samples, where InkCodec's writer would
/// refuse (or need a gigabyte of memory) to produce the damage.
package enum ZipCraft {
  /// CRC-32 (zip, zlib) of `bytes`.
  package static func crc32(_ bytes: [UInt8]) -> UInt32 { CRC32.checksum(bytes) }

  /// CRC-32 of `count` zero bytes, in O(log count).
  package static func crc32OfZeros(count: Int) -> UInt32 { CRC32.checksumOfZeros(count: count) }

  /// One entry of a crafted archive; its data already compressed when `method` is 8.
  package struct Entry {
    var name: String
    var method: UInt16
    var crc: UInt32
    var compressedSize: UInt32
    var uncompressedSize: UInt32
    var data: [UInt8]

    package init(
      name: String, method: UInt16, crc: UInt32, compressedSize: UInt32, uncompressedSize: UInt32,
      data: [UInt8]
    ) {
      (self.name, self.method, self.crc) = (name, method, crc)
      (self.compressedSize, self.uncompressedSize, self.data) = (
        compressedSize, uncompressedSize, data
      )
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
    func le16(_ value: UInt16, _ buffer: inout [UInt8]) {
      buffer += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }
    func le32(_ value: UInt32, _ buffer: inout [UInt8]) {
      for shift in stride(from: 0, to: 32, by: 8) { buffer.append(UInt8((value >> shift) & 0xFF)) }
    }
    for entry in entries {
      let offset = UInt32(out.count)
      let name = Array(entry.name.utf8)
      le32(0x0403_4B50, &out)
      le16(20, &out)
      le16(0, &out)
      le16(entry.method, &out)
      le16(0, &out)
      le16(0x21, &out)
      le32(entry.crc, &out)
      le32(entry.compressedSize, &out)
      le32(entry.uncompressedSize, &out)
      le16(UInt16(name.count), &out)
      le16(0, &out)
      out += name
      out += entry.data

      le32(0x0201_4B50, &central)
      le16(20, &central)
      le16(20, &central)
      le16(0, &central)
      le16(entry.method, &central)
      le16(0, &central)
      le16(0x21, &central)
      le32(entry.crc, &central)
      le32(entry.compressedSize, &central)
      le32(entry.uncompressedSize, &central)
      le16(UInt16(name.count), &central)
      le16(0, &central)
      le16(0, &central)
      le16(0, &central)
      le16(0, &central)
      le32(0, &central)
      le32(offset, &central)
      central += name
    }
    let centralOffset = UInt32(out.count)
    out += central
    le32(0x0605_4B50, &out)
    le16(0, &out)
    le16(0, &out)
    le16(UInt16(entries.count), &out)
    le16(UInt16(entries.count), &out)
    le32(UInt32(central.count), &out)
    le32(centralOffset, &out)
    le16(0, &out)
    return out
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
