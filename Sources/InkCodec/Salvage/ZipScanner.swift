/// Finds zip entries by their local headers, for archives whose central directory is gone or
/// damaged. Deflate data is decoded up to the damage.
enum ZipScanner {
  struct Entry {
    var name: PartName
    var data: [UInt8]
    var complete: Bool
  }

  static func scan(_ bytes: [UInt8], limits: DecodingLimits, report: inout SalvageReport) -> [Entry]
  {
    var entries: [Entry] = []
    var seen: Set<String> = []
    var offset = 0
    var total = 0
    while let header = nextSignature(in: bytes, from: offset) {
      offset = header + 4
      guard header + 30 <= bytes.count else { break }
      let flags = uint16(bytes, header + 6)
      let method = uint16(bytes, header + 8)
      let crc = uint32(bytes, header + 14)
      let compressedSize = Int(uint32(bytes, header + 18))
      let nameLength = Int(uint16(bytes, header + 26))
      let extraLength = Int(uint16(bytes, header + 28))
      let dataStart = header + 30 + nameLength + extraLength
      guard dataStart <= bytes.count,
        let name = try? PartName(
          zipEntryName: String(
            decoding: bytes[(header + 30)..<(header + 30 + nameLength)], as: UTF8.self))
      else { continue }
      let data: [UInt8]
      var complete: Bool
      var end: Int
      switch method {
      case 8:
        let result = RawInflate.inflate(bytes, from: dataStart, limit: limits.maxPartBytes)
        data = result.output
        complete = result.complete
        end = dataStart + result.consumed
      case 0 where flags & 8 == 0:
        end = min(bytes.count, dataStart + compressedSize)
        data = Array(bytes[dataStart..<end])
        complete = end == dataStart + compressedSize
      default:
        report.losses.append(
          .init(
            part: name.description, range: header..<dataStart,
            reason: "entry method \(method) cannot be scanned"))
        continue
      }
      var expectedCRC: UInt32? = crc
      if flags & 8 != 0 {
        // The CRC follows the data in a descriptor, with or without its signature.
        var descriptor = end
        if descriptor + 4 <= bytes.count, uint32(bytes, descriptor) == 0x0807_4B50 {
          descriptor += 4
        }
        expectedCRC = descriptor + 4 <= bytes.count ? uint32(bytes, descriptor) : nil
      }
      if complete, let expectedCRC, RawInflate.crc32(data) != expectedCRC {
        complete = false
        report.notes.append("\(name): CRC-32 does not match; its content may be damaged")
      }
      if !complete {
        report.losses.append(
          .init(
            part: name.description, range: data.count..<max(data.count, compressedSize),
            reason: "entry data is damaged or cut"))
      }
      total += data.count
      guard total <= limits.maxTotalBytes, entries.count < limits.maxParts else { break }
      if seen.insert(name.normalizedKey).inserted {
        entries.append(Entry(name: name, data: data, complete: complete))
      }
      offset = max(offset, end)
    }
    return entries
  }

  private static func nextSignature(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index + 4 <= bytes.count {
      if bytes[index] == 0x50, bytes[index + 1] == 0x4B, bytes[index + 2] == 3,
        bytes[index + 3] == 4
      {
        return index
      }
      index += 1
    }
    return nil
  }

  private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
  }
}
