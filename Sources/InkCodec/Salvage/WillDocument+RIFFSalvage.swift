extension WillDocument {
  /// Salvages a RIFF WILL file chunk by chunk: every `INK ` chunk's paths stream (a file may
  /// hold several, and Wacom's library reads them all), every other complete chunk as it
  /// is. The salvaged chunks are assembled into a ``WillDataFile`` and read back, so the
  /// document is what any reader of the written file sees.
  static func salvageRIFF(
    _ bytes: [UInt8], budget: inout SalvageBudget, report: inout SalvageReport
  ) -> WillDocument {
    var chunks: [RIFFChunk] = []
    var plausibility = StrokePlausibility()
    var inkCount = 0
    var offset = 12
    let declared = 8 + Int(uint32(bytes, 4))
    if declared != bytes.count {
      report.notes.append(
        "the RIFF header declares \(declared) bytes; the file has \(bytes.count)")
    }
    while offset + 8 <= bytes.count {
      let idBytes = Array(bytes[offset..<offset + 4])
      let id = String(decoding: idBytes, as: UTF8.self)
      let size = Int(uint32(bytes, offset + 4))
      let start = offset + 8
      let end = min(bytes.count, start + size)
      let cut = end < start + size
      let data = Array(bytes[start..<end])
      if idBytes == Array("INK ".utf8) {
        inkCount += 1
        let name = riffInkPartName(inkCount - 1)
        if cut {
          report.add(loss: name, data.count..<size, "the file ends inside the chunk")
        }
        let outcome = PathsStreamSalvage.recover(
          data, name: name, part: name, integrity: cut ? .cut : .unchecked,
          plausibility: &plausibility, budget: &budget, report: &report)
        let encoded = (try? PathsStream(strokes: outcome.strokes).serialized()) ?? []
        chunks.append(RIFFChunk(id: "INK ", data: encoded))
      } else if cut {
        report.lose(id, "the file ends inside the chunk (\(data.count) of \(size) bytes)")
      } else {
        chunks.append(
          RIFFChunk(
            idBytes: idBytes, data: data,
            padByte: size % 2 == 1 && end < bytes.count ? bytes[end] : nil))
      }
      offset = start + size + size % 2
    }
    if offset < bytes.count {
      report.add(loss: nil, offset..<bytes.count, "stray bytes after the last chunk")
    }
    if inkCount == 0 {
      report.lose("INK ", "the file has no INK chunk")
      chunks.append(RIFFChunk(id: "INK ", data: []))
      report.notes.append("an empty INK chunk written, as every RIFF WILL file needs one")
    }
    let file = WillDataFile(chunks: chunks).serialized()
    guard var document = try? WillDocument(parsing: file, limits: .unlimited) else {
      // Not expected: every chunk was just encoded. Keep the strokes in one chunk.
      let strokes = chunks.filter(\.isInk).flatMap {
        (try? PathsStream(parsing: $0.data, limits: .unlimited).strokes) ?? []
      }
      return single(strokes, container: .riff, part: "INK ")
    }
    document.containerParts = []
    return document
  }

  private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
  }
}
