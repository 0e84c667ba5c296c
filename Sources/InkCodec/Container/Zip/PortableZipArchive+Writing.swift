extension PortableZipArchive {
  /// ``ZipArchive/write(_:backend:)`` through InkCodec's own writer, once the names are
  /// checked: the bytes libzip 1.7 writes for the same entries.
  ///
  /// libzip writes each entry with: version made by 6.3 on Unix (`0x033F`); version needed
  /// 2.0 for Deflate, 1.0 for Stored; the UTF-8 flag (bit 11) only for a name that is not
  /// ASCII; Deflate's level in flag bits 1–2 (`0x4` below level 3, `0x2` above 7); the DOS
  /// time 1980-01-01 00:00; external attributes `0100666 << 16` (a regular file, `rw-rw-rw-`);
  /// no extra field, comment or data descriptor. Deflate is raw, with a 32 KiB window, memory
  /// level 9 and the default strategy; with no level given, libzip uses 9. Data that does not
  /// shrink stays deflated. More than 65,535 entries add a ZIP64 end record and locator.
  ///
  /// The entries are compressed first; the archive is then sized, allocated once and written.
  ///
  /// - Throws: ``WillErrorKind/zip(code:message:)`` "Invalid argument" for a name that libzip
  ///   would not take as UTF-8; ``WillErrorKind/unsupported(_:)`` for a name longer than
  ///   65,535 bytes, an entry of 4 GiB or more, or an archive past 4 GiB, which libzip would
  ///   write with ZIP64 extra fields.
  static func write(_ entries: [ZipEntry.Input]) throws(WillError) -> [UInt8] {
    var headers: [EntryHeader] = []
    headers.reserveCapacity(entries.count)
    var offset = 0
    for entry in entries {
      let header = try EntryHeader(entry, offset: offset)
      offset += header.localLength
      headers.append(header)
    }
    let directoryOffset = offset
    let directorySize = headers.reduce(0) { $0 + 46 + $1.name.count }
    // libzip switches to ZIP64 offsets past 4 GiB.
    guard directoryOffset < 0xFFFF_FFFF else {
      throw WillError(.unsupported("zip archive of 4 GiB or more (ZIP64)"))
    }
    let needsZIP64End = entries.count > 0xFFFF
    let size = directoryOffset + directorySize + (needsZIP64End ? 56 + 20 : 0) + 22
    return WireWriter.withBuffer(size: size) { writer in
      for header in headers { header.writeLocal(to: &writer) }
      for header in headers { header.writeCentral(to: &writer) }
      let count = UInt64(entries.count)
      if needsZIP64End {
        writer.writeFixed32(0x0606_4B50)
        writer.writeFixed64(44)  // The record's size after this field.
        writer.writeFixed16(45)  // Version made by: ZIP64.
        writer.writeFixed16(45)  // Version needed.
        writer.writeFixed64(0)  // This disk and the directory's disk.
        writer.writeFixed64(count)
        writer.writeFixed64(count)
        writer.writeFixed64(UInt64(directorySize))
        writer.writeFixed64(UInt64(directoryOffset))
        writer.writeFixed32(0x0706_4B50)
        writer.writeFixed32(0)  // The disk of the ZIP64 end record.
        writer.writeFixed64(UInt64(directoryOffset + directorySize))
        writer.writeFixed32(1)  // The number of disks.
      }
      let shortCount = UInt16(min(count, 0xFFFF))
      writer.writeFixed32(0x0605_4B50)
      writer.writeFixed32(0)  // This disk and the directory's disk.
      writer.writeFixed16(shortCount)
      writer.writeFixed16(shortCount)
      writer.writeFixed32(UInt32(directorySize))
      writer.writeFixed32(UInt32(directoryOffset))
      writer.writeFixed16(0)  // No comment.
    }
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
    /// Where the entry's local header starts.
    var offset: Int
    /// The bytes of its local header and data.
    var localLength: Int { 30 + name.count + data.count }

    /// Compresses `entry`, whose local header starts at `offset`.
    init(_ entry: ZipEntry.Input, offset: Int) throws(WillError) {
      let part = entry.name.description
      name = Array(entry.name.zipName.utf8)
      let encoding = ZipNameEncoding(guessing: name)
      // libzip takes the name as UTF-8 and refuses one it cannot (control characters).
      guard encoding != .cp437 else { throw ZipFailure.invalidArgument.willError(part: part) }
      guard name.count <= 0xFFFF else {
        throw WillError(.unsupported("zip entry name longer than 65535 bytes"), part: part)
      }
      // libzip switches to ZIP64 sizes from here.
      guard entry.data.count < 4_293_656_963, offset < 0xFFFF_FFFF else {
        throw WillError(.unsupported("zip archive of 4 GiB or more (ZIP64)"), part: part)
      }
      self.offset = offset
      crc = CRC32.checksum(entry.data)
      size = entry.data.count
      flags = encoding == .utf8 ? 0x0800 : 0
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

    /// Writes the local file header and the data.
    func writeLocal(to writer: inout WireWriter) {
      writer.writeFixed32(0x0403_4B50)
      writeSharedFields(to: &writer)
      writer.write(bytes: name)
      writer.write(bytes: data)
    }

    /// Writes the central directory record.
    func writeCentral(to writer: inout WireWriter) {
      writer.writeFixed32(0x0201_4B50)
      writer.writeFixed16(0x033F)  // Made by: zip 6.3 on Unix.
      writeSharedFields(to: &writer)
      writer.writeFixed16(0)  // Comment length.
      writer.writeFixed16(0)  // Disk.
      writer.writeFixed16(0)  // Internal attributes.
      writer.writeFixed32(0o100666 << 16)  // External attributes: a file, rw-rw-rw-.
      writer.writeFixed32(UInt32(offset))
      writer.write(bytes: name)
    }

    /// Writes the fields a local header and a central record share, from "version needed"
    /// to the extra field length.
    private func writeSharedFields(to writer: inout WireWriter) {
      writer.writeFixed16(versionNeeded)
      writer.writeFixed16(flags)
      writer.writeFixed16(method)
      writer.writeFixed16(0)  // 00:00
      writer.writeFixed16(0x21)  // 1980-01-01
      writer.writeFixed32(crc)
      // Both fit: the guards above keep every size below 4 GiB.
      writer.writeFixed32(UInt32(data.count))
      writer.writeFixed32(UInt32(size))
      writer.writeFixed16(UInt16(name.count))
      writer.writeFixed16(0)  // No extra field.
    }
  }
}
