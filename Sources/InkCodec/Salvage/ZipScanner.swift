/// Finds zip entries by their local headers, for archives whose central directory is gone or
/// damaged. Deflate data is decoded up to the damage.
///
/// Cost: one forward pass. The signature search never moves back, an entry's data is read in
/// place (inflated or copied once into its own array), and the search resumes after the data
/// an entry used, so the work is proportional to the input plus the output, whatever the
/// number of entries. ``Scan/work`` counts it, for the tests.
enum ZipScanner {
  struct Entry {
    var name: PartName
    var data: [UInt8]
    var complete: Bool
  }

  /// The entries found, and what finding them cost.
  struct Scan {
    var entries: [Entry] = []
    /// Bytes examined by the signature search, plus bytes consumed and produced by each
    /// entry's data.
    var work = 0
  }

  private static let localHeader: UInt32 = 0x0403_4B50
  private static let dataDescriptor: UInt32 = 0x0807_4B50

  /// Scans `bytes`, charging every entry's data to `budget`: an entry is cut at the part or
  /// total size limit, and the scan stops at the total size or parts limit, each with a loss.
  static func scan(
    _ bytes: [UInt8], budget: inout SalvageBudget, report: inout SalvageReport
  ) -> Scan {
    guard let inflater = RawInflate() else {
      report.losses.append(
        .init(part: nil, range: 0..<bytes.count, reason: "zlib could not allocate its state"))
      return Scan()
    }
    return bytes.withUnsafeBufferPointer { buffer in
      scan(buffer, inflater: inflater, budget: &budget, report: &report)
    }
  }

  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, inflater: RawInflate, budget: inout SalvageBudget,
    report: inout SalvageReport
  ) -> Scan {
    var scan = Scan()
    var seen: Set<String> = []
    var offset = 0
    while let header = nextSignature(in: bytes, from: offset, work: &scan.work) {
      offset = header + 4
      guard header + 30 <= bytes.count else { break }
      let flags = uint16(bytes, header + 6)
      let method = uint16(bytes, header + 8)
      let crc = uint32(bytes, header + 14)
      let compressedSize = Int(uint32(bytes, header + 18))
      let declaredSize = Int(uint32(bytes, header + 22))
      let nameLength = Int(uint16(bytes, header + 26))
      let extraLength = Int(uint16(bytes, header + 28))
      let dataStart = header + 30 + nameLength + extraLength
      guard dataStart <= bytes.count,
        let name = try? PartName(
          zipEntryName: String(
            decoding: UnsafeBufferPointer(
              rebasing: bytes[(header + 30)..<(header + 30 + nameLength)]),
            as: UTF8.self))
      else { continue }
      scan.work += dataStart - header
      let isNew = !seen.contains(name.normalizedKey)
      if isNew, scan.entries.count >= budget.limits.maxParts {
        let reason = budget.exceeded(.parts, report: &report)
        report.losses.append(.init(part: nil, range: header..<bytes.count, reason: reason))
        break
      }
      let allowance = budget.entryAllowance
      let data: [UInt8]
      var complete: Bool
      let exceeded: Bool
      var end: Int
      switch method {
      case 8:
        let result = inflater.inflate(bytes, from: dataStart, limit: allowance)
        data = result.output
        complete = result.complete
        exceeded = result.exceeded
        end = dataStart + result.consumed
        scan.work += result.consumed
      case 0 where flags & 8 == 0:
        end = min(bytes.count, dataStart + compressedSize)
        let kept = min(end - dataStart, allowance)
        data = Array(UnsafeBufferPointer(rebasing: bytes[dataStart..<(dataStart + kept)]))
        exceeded = kept < end - dataStart
        complete = !exceeded && end == dataStart + compressedSize
      default:
        report.losses.append(
          .init(
            part: name.description, range: header..<dataStart,
            reason: "entry method \(method) cannot be scanned"))
        continue
      }
      scan.work += data.count
      budget.bytes += data.count
      if exceeded {
        // The rest of this entry's data is never decoded: stop at the limit, do not search it.
        let limit = budget.entryLimit
        let reason = budget.exceeded(limit, report: &report)
        let lost = data.count..<max(data.count + 1, declaredSize)
        report.losses.append(.init(part: name.description, range: lost, reason: reason))
        if isNew {
          seen.insert(name.normalizedKey)
          scan.entries.append(Entry(name: name, data: data, complete: false))
        }
        if limit == .totalBytes {
          report.losses.append(.init(part: nil, range: end..<bytes.count, reason: reason))
          break
        }
        offset = max(offset, end)
        continue
      }
      var expectedCRC: UInt32? = crc
      if flags & 8 != 0 {
        // The CRC follows the data in a descriptor, with or without its signature.
        var descriptor = end
        if descriptor + 4 <= bytes.count, uint32(bytes, descriptor) == dataDescriptor {
          descriptor += 4
        }
        expectedCRC = descriptor + 4 <= bytes.count ? uint32(bytes, descriptor) : nil
      }
      if complete, let expectedCRC, CRC32.checksum(data) != expectedCRC {
        complete = false
        report.notes.append("\(name): CRC-32 does not match; its content may be damaged")
      }
      if !complete {
        report.losses.append(
          .init(
            part: name.description, range: data.count..<max(data.count, compressedSize),
            reason: "entry data is damaged or cut"))
      }
      if isNew {
        seen.insert(name.normalizedKey)
        scan.entries.append(Entry(name: name, data: data, complete: complete))
      }
      offset = max(offset, end)
    }
    return scan
  }

  /// The next local header signature at or after `start`; adds the bytes examined to `work`.
  private static func nextSignature(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, work: inout Int
  ) -> Int? {
    var index = start
    defer { work += max(0, index - start) }
    while index + 4 <= bytes.count {
      if bytes[index] == 0x50, uint32(bytes, index) == localHeader { return index }
      index += 1
    }
    return nil
  }

  private static func uint16(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt16 {
    UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  private static func uint32(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
    UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
      | UInt32(bytes[at + 3]) << 24
  }
}
