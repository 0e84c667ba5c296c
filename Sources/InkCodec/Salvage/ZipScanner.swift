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
    /// What is known of the data: verified by its CRC-32, cut, or corrupt.
    var integrity: PartIntegrity
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
  /// Each entry is checked against `directory` (the central directory, when it could be read),
  /// or else against its local header or data descriptor.
  static func scan(
    _ bytes: [UInt8], directory: CentralDirectoryProbe? = nil, budget: inout SalvageBudget,
    report: inout SalvageReport
  ) -> Scan {
    guard let inflater = Zlib.Inflater(format: .raw) else {
      report.add(loss: nil, 0..<bytes.count, "zlib could not allocate its state")
      return Scan()
    }
    return bytes.withUnsafeBufferPointer { buffer in
      scan(buffer, directory: directory, inflater: inflater, budget: &budget, report: &report)
    }
  }

  /// The offset of the first local header that names a valid part, or `nil`: where a zip
  /// behind a prefix starts.
  static func firstEntry(in bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      var work = 0
      var offset = 0
      while let header = nextSignature(in: buffer, from: offset, work: &work) {
        offset = header + 4
        if header + 30 <= buffer.count, name(in: buffer, header: header) != nil { return header }
      }
      return nil
    }
  }

  /// The part name of the local header at `header`, when it is valid and fits.
  private static func name(in bytes: UnsafeBufferPointer<UInt8>, header: Int) -> PartName? {
    let nameLength = Int(uint16(bytes, header + 26))
    guard nameLength > 0, header + 30 + nameLength <= bytes.count else { return nil }
    return try? PartName(
      zipEntryName: String(
        decoding: UnsafeBufferPointer(rebasing: bytes[(header + 30)..<(header + 30 + nameLength)]),
        as: UTF8.self))
  }

  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, directory: CentralDirectoryProbe?, inflater: Zlib.Inflater,
    budget: inout SalvageBudget, report: inout SalvageReport
  ) -> Scan {
    var scan = Scan()
    var seen: Set<String> = []
    var offset = 0
    while let header = nextSignature(in: bytes, from: offset, work: &scan.work) {
      offset = header + 4
      guard header + 30 <= bytes.count else { break }
      let flags = uint16(bytes, header + 6)
      let method = uint16(bytes, header + 8)
      let nameLength = Int(uint16(bytes, header + 26))
      let extraLength = Int(uint16(bytes, header + 28))
      let dataStart = header + 30 + nameLength + extraLength
      guard dataStart <= bytes.count, let name = name(in: bytes, header: header) else { continue }
      let record = directory?.records[name.normalizedKey]
      var crc: UInt32? = record?.crc ?? (flags & 8 == 0 ? uint32(bytes, header + 14) : nil)
      let compressedSize =
        record?.compressedSize ?? (flags & 8 == 0 ? Int(uint32(bytes, header + 18)) : nil)
      let declaredSize = record?.size ?? (flags & 8 == 0 ? Int(uint32(bytes, header + 22)) : nil)
      scan.work += dataStart - header
      let isNew = !seen.contains(name.normalizedKey)
      if isNew, scan.entries.count >= budget.limits.maxParts {
        let reason = budget.exceeded(.parts, report: &report)
        report.add(loss: nil, header..<bytes.count, reason)
        break
      }
      let allowance = budget.entryAllowance
      let data: [UInt8]
      var integrity: PartIntegrity
      let exceeded: Bool
      var end: Int
      switch method {
      case 8:
        let result = inflater.inflate(bytes, from: dataStart, limit: allowance)
        data = result.output
        exceeded = result.exceeded
        end = dataStart + result.consumed
        scan.work += result.consumed
        if result.complete {
          integrity = .verified
        } else if result.dataError {
          integrity = .corrupt("deflate data error")
        } else if let compressedSize, dataStart + compressedSize <= bytes.count {
          // The file holds the whole entry, so running out of input means damaged data.
          integrity = .corrupt("the deflate data does not end within its declared size")
        } else {
          integrity = .cut
        }
      case 0 where compressedSize != nil:
        let size = compressedSize ?? 0
        end = min(bytes.count, dataStart + size)
        let kept = min(end - dataStart, allowance)
        data = Array(UnsafeBufferPointer(rebasing: bytes[dataStart..<(dataStart + kept)]))
        exceeded = kept < end - dataStart
        integrity = end == dataStart + size ? .verified : .cut
      default:
        report.lose(
          name.description,
          method == 0
            ? "a stored entry with a data descriptor and no central directory has no known size"
            : "compression method \(method) is not supported")
        continue
      }
      scan.work += data.count
      budget.bytes += data.count
      if exceeded {
        // The rest of this entry's data is never decoded: stop at the limit, do not search it.
        let limit = budget.entryLimit
        let reason = budget.exceeded(limit, report: &report)
        report.add(
          loss: name.description, data.count..<max(data.count + 1, declaredSize ?? 0), reason)
        if isNew {
          seen.insert(name.normalizedKey)
          scan.entries.append(Entry(name: name, data: data, integrity: .cut))
        }
        if limit == .totalBytes {
          report.add(loss: nil, end..<bytes.count, reason)
          break
        }
        offset = max(offset, end)
        continue
      }
      if flags & 8 != 0, record == nil {
        // The CRC follows the data in a descriptor, with or without its signature.
        var descriptor = end
        if descriptor + 4 <= bytes.count, uint32(bytes, descriptor) == dataDescriptor {
          descriptor += 4
        }
        crc = descriptor + 4 <= bytes.count ? uint32(bytes, descriptor) : nil
      }
      if integrity == .verified {
        if let declaredSize, declaredSize != data.count {
          integrity = .corrupt("\(data.count) bytes where the zip declares \(declaredSize)")
        } else if let crc {
          if CRC32.checksum(data) != crc { integrity = .corrupt("CRC-32 mismatch") }
        } else {
          integrity = .unchecked
        }
      }
      if integrity == .cut, let declaredSize {
        report.add(loss: name.description, data.count..<declaredSize, "the entry is cut short")
      }
      if isNew {
        seen.insert(name.normalizedKey)
        scan.entries.append(Entry(name: name, data: data, integrity: integrity))
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
