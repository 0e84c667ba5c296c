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
    // The caller recognised the RIFF/WILL header, so the file has its 12 bytes.
    let riffSize = bytes.withUnsafeBytes { WireReader($0).getUInt32(at: 4, .littleEndian) }
    let declared = 8 + Int(riffSize ?? 0)
    if declared != bytes.count {
      report.notes.append(
        "the RIFF header declares \(declared) bytes; the file has \(bytes.count)")
    }
    while let (idBytes, size, data) = Self.riffChunk(bytes, at: offset) {
      let id = String(decoding: idBytes, as: UTF8.self)
      let start = offset + 8
      let end = start + data.count
      let cut = data.count < size
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

  /// The chunk header at `offset` and as much of its data as the file holds, or `nil` when
  /// no whole chunk header is left.
  private static func riffChunk(_ bytes: [UInt8], at offset: Int)
    -> (id: [UInt8], size: Int, data: [UInt8])?
  {
    bytes.withUnsafeBytes { raw in
      let file = WireReader(raw)
      guard let id = file.getBytes(at: offset, count: 4),
        let size = file.getUInt32(at: offset + 4, .littleEndian)
      else { return nil }
      let start = offset + 8
      let data = file.getBytes(at: start, count: min(Int(size), raw.count - start)) ?? []
      return (id, Int(size), data)
    }
  }
}
