/// Why libzip refused to open an archive, told from the bytes.
///
/// libzip 1.7 says only "Not a zip archive" (19) or "Zip archive inconsistent" (21) for a
/// dozen different faults. When it refuses an archive, this walks the structures it checks
/// (the end of central directory record, the central directory, each entry's local header
/// and data) and names the first fault it finds, and the entry at fault when there is one.
/// It reads only within the bytes given and trusts no number from them; it explains and never
/// decides: an archive it finds nothing wrong with keeps libzip's message.
package struct ZipDiagnosis: Equatable, Sendable {
  /// What is wrong, as a sentence without a final full stop.
  package var fault: String
  /// The entry at fault (its part name, `/…`), when one is.
  package var part: String?

  private static let localSignature: UInt32 = 0x0403_4B50
  private static let centralSignature: UInt32 = 0x0201_4B50
  private static let endSignature: UInt32 = 0x0605_4B50

  /// `error` with the fault found in `buffer` appended and the entry at fault as its part, when
  /// it is a "Not a zip archive" (19) or "Zip archive inconsistent" (21) refusal to open the
  /// archive that names no entry; any other error as it is. Both zip backends explain their
  /// refusals this way.
  static func explained(_ error: WillError, _ buffer: UnsafeRawBufferPointer) -> WillError {
    guard case .zip(let code, let message) = error.kind,
      code == ZipArchive.ErrorCode.notZip || code == ZipArchive.ErrorCode.inconsistent,
      error.part == nil, let diagnosis = diagnose(buffer)
    else { return error }
    return WillError(
      .zip(code: code, message: message + ": " + diagnosis.fault), part: diagnosis.part)
  }

  /// The first fault found in `bytes`, or `nil` when nothing is found wrong.
  package static func diagnose(_ bytes: UnsafeRawBufferPointer) -> ZipDiagnosis? {
    let reader = Reader(bytes: bytes)
    guard let end = reader.findEnd() else { return missingEnd(reader) }
    guard let disk = reader.u16(end + 4), let directoryDisk = reader.u16(end + 6),
      let entriesHere = reader.u16(end + 8), let entries = reader.u16(end + 10),
      let directorySize = reader.u32(end + 12), let directoryOffset = reader.u32(end + 16),
      let commentLength = reader.u16(end + 20)
    else { return nil }
    if entries == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
      return nil  // ZIP64: libzip reads its own records.
    }
    let recordEnd = end + 22 + Int(commentLength)
    if recordEnd < bytes.count {
      return ZipDiagnosis(
        fault: "\(bytes.count - recordEnd) bytes follow the end of central directory record "
          + "at 0x\(hex(end)): something was appended to the file")
    }
    if disk != 0 || directoryDisk != 0 || entriesHere != entries {
      return ZipDiagnosis(fault: "the archive says it spans several disks (a split zip)")
    }
    let start = Int(directoryOffset)
    let size = Int(directorySize)
    if start + size != end {
      // Where the directory really starts when its size is right and bytes moved before it.
      let moved = end - size
      if moved >= 0, reader.u32(moved) == centralSignature {
        let shift = start - moved
        return ZipDiagnosis(
          fault: "the central directory is at 0x\(hex(moved)), not at 0x\(hex(start)) as the "
            + "end record says: \(abs(shift)) bytes were "
            + (shift > 0 ? "removed from" : "inserted into") + " the file before it")
      }
      return ZipDiagnosis(
        fault: "the central directory (\(size) bytes at 0x\(hex(start))) does not end where the "
          + "end of central directory record starts (0x\(hex(end)))")
    }
    return checkDirectory(reader, start: start, end: end, entries: Int(entries))
  }

  /// No end record: the file stops before it. Names the entry that is cut, if one is.
  private static func missingEnd(_ reader: Reader) -> ZipDiagnosis? {
    guard reader.u32(0) == localSignature else { return nil }
    var position = 0
    while reader.u32(position) == localSignature {
      guard let header = reader.localHeader(at: position) else {
        return ZipDiagnosis(
          fault: "the end of the zip (its central directory) is missing, and the file stops in "
            + "the local header at 0x\(hex(position)): the file is cut short")
      }
      // With a data descriptor the sizes come after the data: the walk cannot go on.
      if header.flags & 0x8 != 0 { break }
      if header.dataEnd > reader.count {
        return ZipDiagnosis(
          fault: "the end of the zip (its central directory) is missing, and only "
            + "\(max(0, reader.count - header.dataStart)) of this entry's "
            + "\(header.compressedSize) stored bytes are there: the file is cut short",
          part: header.part)
      }
      position = header.dataEnd
    }
    let reached =
      reader.u32(position) == centralSignature ? "in the central directory" : "after the entries"
    return ZipDiagnosis(
      fault: "the end of the zip (its end of central directory record) is missing; the file "
        + "stops \(reached), at 0x\(hex(reader.count)): the file is cut short")
  }

  /// Walks the central directory and each entry's local header and data.
  private static func checkDirectory(_ reader: Reader, start: Int, end: Int, entries: Int)
    -> ZipDiagnosis?
  {
    var position = start
    var spans: [(start: Int, end: Int, part: String)] = []
    for index in 0..<entries {
      guard position < end else {
        return ZipDiagnosis(
          fault: "the end record counts \(entries) entries, the central directory holds \(index)")
      }
      guard reader.u32(position) == centralSignature,
        let compressedSize = reader.u32(position + 20),
        let nameLength = reader.u16(position + 28), let extraLength = reader.u16(position + 30),
        let commentLength = reader.u16(position + 32), let offset = reader.u32(position + 42),
        let name = reader.text(position + 46, Int(nameLength))
      else {
        return ZipDiagnosis(
          fault: "central directory record \(index) at 0x\(hex(position)) is damaged")
      }
      let part = "/" + name
      let local = Int(offset)
      guard let header = reader.localHeader(at: local) else {
        return ZipDiagnosis(
          fault: "this entry's local header at 0x\(hex(local)), where the central directory "
            + "puts it, is missing", part: part)
      }
      guard header.name == name else {
        return ZipDiagnosis(
          fault: "this entry's local header at 0x\(hex(local)) names \(header.name) instead",
          part: part)
      }
      let dataEnd = header.dataStart + Int(compressedSize)
      if dataEnd > start {
        return ZipDiagnosis(
          fault: "this entry's \(compressedSize) bytes at 0x\(hex(header.dataStart)) run into "
            + "the central directory at 0x\(hex(start)): bytes are missing", part: part)
      }
      spans.append((local, dataEnd, part))
      position += 46 + Int(nameLength) + Int(extraLength) + Int(commentLength)
    }
    if position < end {
      return ZipDiagnosis(
        fault: "the central directory holds more entries than the \(entries) its end record "
          + "counts")
    }
    spans.sort { $0.start < $1.start }
    for (first, second) in Swift.zip(spans, spans.dropFirst()) where first.end > second.start {
      return ZipDiagnosis(
        fault: "this entry's data overlaps the entry \(second.part)", part: first.part)
    }
    return nil
  }

  private static func hex(_ value: Int) -> String { String(value, radix: 16, uppercase: true) }

  /// Little-endian reads that return `nil` past the end.
  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var count: Int { bytes.count }

    func u16(_ at: Int) -> UInt16? {
      guard at >= 0, at + 2 <= count else { return nil }
      return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    func u32(_ at: Int) -> UInt32? {
      guard let low = u16(at), let high = u16(at + 2) else { return nil }
      return UInt32(low) | UInt32(high) << 16
    }

    func text(_ at: Int, _ length: Int) -> String? {
      guard at >= 0, at + length <= count else { return nil }
      return String(decoding: bytes[at..<(at + length)], as: UTF8.self)
    }

    /// The end of central directory record nearest the end of the file, looking back as far
    /// as the longest comment allows.
    func findEnd() -> Int? {
      var position = count - 22
      let lowest = max(0, count - 22 - 0xFFFF)
      while position >= lowest {
        if u32(position) == ZipDiagnosis.endSignature { return position }
        position -= 1
      }
      return nil
    }

    /// A local file header: its name, flags, sizes and where its data lies.
    struct LocalHeader {
      var name: String
      var flags: UInt16
      var compressedSize: UInt32
      var dataStart: Int
      var dataEnd: Int
      var part: String { "/" + name }
    }

    func localHeader(at position: Int) -> LocalHeader? {
      guard u32(position) == ZipDiagnosis.localSignature, let flags = u16(position + 6),
        let compressedSize = u32(position + 18), let nameLength = u16(position + 26),
        let extraLength = u16(position + 28),
        let name = text(position + 30, Int(nameLength))
      else { return nil }
      let dataStart = position + 30 + Int(nameLength) + Int(extraLength)
      return LocalHeader(
        name: name, flags: flags, compressedSize: compressedSize, dataStart: dataStart,
        dataEnd: dataStart + Int(compressedSize))
    }
  }
}
