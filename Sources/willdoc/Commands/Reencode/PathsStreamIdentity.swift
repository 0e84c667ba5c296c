import InkCodec

/// What identifies one paths stream of a document: its size and CRC-32 — for a zip entry
/// the ones the zip records, which the reader verified, so a package is never decompressed
/// a second time to compare streams; for RIFF chunks and raw files computed from the bytes.
/// Streams of different containers compare equal when their bytes do.
struct PathsStreamIdentity: Equatable {
  var size: Int
  var crc32: UInt32?

  init(size: Int, crc32: UInt32?) {
    self.size = size
    self.crc32 = crc32
  }

  init(bytes: [UInt8]) { self.init(size: bytes.count, crc32: CRC32.checksum(bytes)) }
}

/// The paths streams of a document, each part once, in the order its paths elements first
/// include them: the OPC paths parts, the RIFF `INK ` chunks, or the whole raw file.
func pathsStreams(of bytes: [UInt8], document: WillDocument, limits: DecodingLimits)
  -> [PathsStreamIdentity]
{
  switch document.container {
  case .raw: return [PathsStreamIdentity(bytes: bytes)]
  case .riff:
    return (try? WillDataFile(parsing: bytes, limits: limits))?.inks.map {
      PathsStreamIdentity(bytes: $0)
    } ?? []
  case .opc:
    var parts: [String: ContainerPart] = [:]
    for part in document.containerParts { parts[part.name] = part }
    var seen: Set<String> = []
    var streams: [PathsStreamIdentity] = []
    for section in document.sections {
      for placed in section.pathsElements {
        let element = placed.element
        guard let name = element.partName, seen.insert(name).inserted, let part = parts[name]
        else { continue }
        streams.append(PathsStreamIdentity(size: part.size, crc32: part.crc32))
      }
    }
    return streams
  }
}
