extension PortableZipArchive {
  /// ``ZipArchive/write(_:backend:)`` through InkCodec's own writer, once the names are
  /// checked: the bytes libzip 1.7 writes for the same entries.
  ///
  /// libzip writes each entry with: version made by 3.1 on Unix (`0x033F`); version needed
  /// 2.0 for Deflate, 1.0 for Stored; the UTF-8 flag (bit 11) only for a name that is not
  /// ASCII; Deflate's level in flag bits 1–2 (`0x4` below level 3, `0x2` above 7); the DOS
  /// time 1980-01-01 00:00; external attributes `0100666 << 16` (a regular file, `rw-rw-rw-`);
  /// no extra field, comment or data descriptor. Deflate is raw, with a 32 KiB window, memory
  /// level 9 and the default strategy; with no level given, libzip uses 9. Data that does not
  /// shrink stays deflated.
  ///
  /// - Throws: ``WillErrorKind/zip(code:message:)`` "Invalid argument" for a name that libzip
  ///   would not take as UTF-8; ``WillErrorKind/unsupported(_:)`` for a name longer than
  ///   65,535 bytes, an entry of 4 GiB or more, or an archive past 4 GiB, which libzip would
  ///   write as ZIP64.
  static func write(_ entries: [ZipEntry.Input]) throws(WillError) -> [UInt8] {
    var local: [UInt8] = []
    var central: [UInt8] = []
    for entry in entries {
      let part = entry.name.description
      let name = Array(entry.name.zipName.utf8)
      let encoding = ZipNameEncoding(guessing: name)
      guard encoding != .cp437 else { throw ZipFailure.invalidArgument.willError(part: part) }
      guard name.count <= 0xFFFF else {
        throw WillError(.unsupported("zip entry name longer than 65535 bytes"), part: part)
      }
      let header = EntryHeader(entry, name: name, isUTF8: encoding == .utf8)
      // libzip switches to ZIP64 for these sizes and offsets.
      guard entry.data.count < 4_293_656_963, header.compressedSize < 0xFFFF_FFFF,
        local.count < 0xFFFF_FFFF
      else { throw WillError(.unsupported("zip archive of 4 GiB or more (ZIP64)"), part: part) }
      header.append(to: &central, offset: local.count)
      header.append(to: &local, offset: nil)
      local += header.data
    }
    guard local.count <= 0xFFFF_FFFF else {
      throw WillError(.unsupported("zip archive of 4 GiB or more (ZIP64)"))
    }
    let directoryOffset = UInt64(local.count)
    let directorySize = UInt64(central.count)
    var archive = local
    archive += central
    let count = UInt64(entries.count)
    if count > 0xFFFF {
      // The entry count outgrows the end record: libzip adds a ZIP64 end record and locator.
      archive += le32(0x0606_4B50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
      archive += le64(count) + le64(count) + le64(directorySize) + le64(directoryOffset)
      archive += le32(0x0706_4B50) + le32(0) + le64(directoryOffset + directorySize) + le32(1)
    }
    let shortCount = UInt16(min(count, 0xFFFF))
    archive += le32(0x0605_4B50) + le32(0) + le16(shortCount) + le16(shortCount)
    archive += le32(UInt32(directorySize)) + le32(UInt32(directoryOffset)) + le16(0)
    return archive
  }

  /// One entry as libzip writes it: its header fields and its stored or deflated data.
  private struct EntryHeader {
    var name: [UInt8]
    var versionNeeded: UInt16
    var flags: UInt16
    var method: UInt16
    var crc: UInt32
    var size: Int
    var data: [UInt8]
    var compressedSize: Int { data.count }

    init(_ entry: ZipEntry.Input, name: [UInt8], isUTF8: Bool) {
      self.name = name
      crc = CRC32.checksum(entry.data)
      size = entry.data.count
      flags = isUTF8 ? 0x0800 : 0
      switch entry.compression {
      case .stored:
        method = 0
        versionNeeded = name.last == UInt8(ascii: "/") ? 20 : 10
        data = entry.data
      case .deflate(let level):
        // libzip takes "no level" to mean zlib's best, 9.
        let level = level ?? 9
        method = 8
        versionNeeded = 20
        flags |= level < 3 ? 0x0004 : level > 7 ? 0x0002 : 0
        data = Zlib.deflateRaw(entry.data, level: Int32(level))
      }
    }

    /// Appends the local file header (`offset` nil) or the central directory record of the
    /// entry whose local header is at `offset`.
    func append(to out: inout [UInt8], offset: Int?) {
      if let offset {
        out += le32(0x0201_4B50) + le16(0x033F)
        out += fields
        // Comment length, disk, internal attributes, external attributes, offset.
        out += le16(0) + le16(0) + le16(0) + le32(0o100666 << 16) + le32(UInt32(offset))
      } else {
        out += le32(0x0403_4B50)
        out += fields
      }
      out += name
    }

    /// The fields a local header and a central record share, from "version needed" to the
    /// extra field length.
    private var fields: [UInt8] {
      le16(versionNeeded) + le16(flags) + le16(method) + le16(0) + le16(0x21) + le32(crc)
        + le32(UInt32(compressedSize)) + le32(UInt32(size)) + le16(UInt16(name.count)) + le16(0)
    }
  }
}

private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

private func le32(_ value: UInt32) -> [UInt8] {
  [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
}

private func le64(_ value: UInt64) -> [UInt8] {
  le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32))
}
