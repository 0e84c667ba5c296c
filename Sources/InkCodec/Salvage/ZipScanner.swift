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
        if LocalHeader(buffer, at: header)?.name != nil { return header }
      }
      return nil
    }
  }

  /// The fixed 30 bytes of a local file header and the name after them.
  private struct LocalHeader {
    var flags: UInt16
    var method: UInt16
    var crc: UInt32
    var compressedSize: Int
    var size: Int
    /// The part name, when it is valid and fits.
    var name: PartName?
    /// The offset of the entry's data.
    var dataStart: Int

    /// Reads the header at the reader's position, signature included.
    init(parsing reader: inout WireReader) throws(WillError) {
      _ = try reader.readUInt32(.littleEndian)  // signature
      _ = try reader.readUInt16(.littleEndian)  // version needed
      flags = try reader.readUInt16(.littleEndian)
      method = try reader.readUInt16(.littleEndian)
      _ = try reader.readUInt32(.littleEndian)  // time and date
      crc = try reader.readUInt32(.littleEndian)
      compressedSize = Int(try reader.readUInt32(.littleEndian))
      size = Int(try reader.readUInt32(.littleEndian))
      let nameLength = Int(try reader.readUInt16(.littleEndian))
      let extraLength = Int(try reader.readUInt16(.littleEndian))
      dataStart = reader.position + nameLength + extraLength
      name = (nameLength > 0 ? reader.getBytes(at: reader.position, count: nameLength) : nil)
        .flatMap { try? PartName(zipEntryName: String(decoding: $0, as: UTF8.self)) }
    }

    /// The header at `offset` of `bytes`, or `nil` when its fixed part does not fit.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
      var reader = WireReader(UnsafeRawBufferPointer(bytes), range: offset..<bytes.count)
      guard let header = try? LocalHeader(parsing: &reader) else { return nil }
      self = header
    }
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
      guard let local = LocalHeader(bytes, at: header) else { break }
      let (flags, method, dataStart) = (local.flags, local.method, local.dataStart)
      guard dataStart <= bytes.count, let name = local.name else { continue }
      let record = directory?.records[name.normalizedKey]
      var crc: UInt32? = record?.crc ?? (flags & 8 == 0 ? local.crc : nil)
      let compressedSize = record?.compressedSize ?? (flags & 8 == 0 ? local.compressedSize : nil)
      let declaredSize = record?.size ?? (flags & 8 == 0 ? local.size : nil)
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
        let zip = WireReader(UnsafeRawBufferPointer(bytes))
        let signed = zip.getUInt32(at: end, .littleEndian) == dataDescriptor
        crc = zip.getUInt32(at: signed ? end + 4 : end, .littleEndian)
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
    let zip = WireReader(UnsafeRawBufferPointer(bytes))
    var index = start
    defer { work += max(0, index - start) }
    while index + 4 <= bytes.count {
      if bytes[index] == 0x50, zip.getUInt32(at: index, .littleEndian) == localHeader {
        return index
      }
      index += 1
    }
    return nil
  }
}
