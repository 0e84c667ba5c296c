extension WillDocument {
  /// Recovers every intact stroke from a damaged file, and says what was lost.
  ///
  /// - A zip whose central directory is gone or truncated is read by its local headers;
  ///   deflate data is decoded up to the damage.
  /// - A paths stream cut mid-record keeps every complete record; a record with a corrupt field
  ///   is skipped and decoding continues at the next length prefix.
  /// - A missing or broken section SVG (or package structure) is replaced by one section per
  ///   recovered paths part.
  ///
  /// The result is always a valid document (possibly empty) that ``serialized(container:options:)``
  /// can write.
  ///
  /// Salvage applies `limits` like reading does, to the whole salvage: the file size, each
  /// entry's and all entries' decompressed bytes, the parts, strokes and points (per stroke
  /// and in total), and the XML limits of the parts it parses. It never throws: a limit that
  /// is reached stops that part (or the scan) with a loss whose reason names the limit, and
  /// is listed in ``SalvageReport/exceededLimits``. The work is proportional to the input
  /// plus the output, whatever the number of entries.
  public static func salvage(bytes: [UInt8], limits: DecodingLimits = .default) -> (
    document: WillDocument, report: SalvageReport
  ) {
    var report = SalvageReport()
    if let document = try? WillDocument(bytes: bytes, limits: limits) {
      report.wasIntact = true
      report.recoveredStrokes = document.strokes.count
      return (document, report)
    }
    var budget = SalvageBudget(limits: limits)
    var bytes = bytes
    if bytes.count > limits.maxFileBytes {
      let reason = budget.exceeded(.fileBytes, report: &report)
      report.losses.append(
        .init(part: nil, range: limits.maxFileBytes..<bytes.count, reason: reason))
      bytes = Array(bytes.prefix(limits.maxFileBytes))
    }
    switch ContainerKind(sniffing: bytes) {
    case .raw:
      let strokes = PathsStreamSalvage.recover(
        bytes, part: nil, budget: &budget, report: &report)
      return (WillDocument.single(strokes, container: .raw, part: nil), report)
    case .riff:
      let ink = riffInk(bytes, report: &report)
      let strokes = PathsStreamSalvage.recover(
        ink, part: "INK ", budget: &budget, report: &report)
      return (WillDocument.single(strokes, container: .riff, part: "INK "), report)
    case .opc:
      let document = salvagePackage(bytes, budget: &budget, report: &report)
      // Paths parts that no section references are not in the document.
      report.recoveredStrokes = document.strokes.count
      return (document, report)
    }
  }

  private static func single(_ strokes: [Stroke], container: ContainerKind, part: String?)
    -> WillDocument
  {
    var element = PathsElement(strokes: strokes)
    element.partName = part
    return WillDocument(sections: [Section(nodes: [.paths(element)])], container: container)
  }

  /// The INK chunk's bytes, as far as they go.
  private static func riffInk(_ bytes: [UInt8], report: inout SalvageReport) -> [UInt8] {
    var offset = 12
    while offset + 8 <= bytes.count {
      let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
      let start = offset + 8
      let end = min(bytes.count, start + size)
      if id == "INK " {
        if end < start + size {
          report.losses.append(
            .init(part: "INK ", range: (end - start)..<size, reason: "the chunk is cut short"))
        }
        return Array(bytes[start..<end])
      }
      offset = start + size + (size % 2)
    }
    report.lostParts.append("INK ")
    return []
  }

  private static func salvagePackage(
    _ bytes: [UInt8], budget: inout SalvageBudget, report: inout SalvageReport
  )
    -> WillDocument
  {
    let limits = budget.limits
    var entries: [(name: PartName, data: [UInt8])]
    if let read = try? ZipArchive.read(bytes, limits: limits) {
      entries = read.map { ($0.name, $0.data) }
    } else {
      report.notes.append(
        "the zip's central directory is unusable: entries found by their local headers")
      entries = ZipScanner.scan(bytes, budget: &budget, report: &report).entries.map {
        ($0.name, $0.data)
      }
    }
    // Salvage every paths part, then try the package structure as it is.
    var pathsParts: [(name: PartName, strokes: [Stroke])] = []
    for index in entries.indices
    where entries[index].name.fileExtension == "protobuf"
      && !entries[index].name.description.lowercased().hasPrefix("/style/")
    {
      let name = entries[index].name
      let strokes = PathsStreamSalvage.recover(
        entries[index].data, part: name.description, budget: &budget, report: &report)
      pathsParts.append((name, strokes))
      entries[index].data = (try? InkEncoder.encode(strokes)) ?? []
    }
    let rebuilt = try? ZipArchive.write(
      entries.map { ZipEntry.Input(name: $0.name, data: $0.data) })
    if let rebuilt, let document = try? WillDocument(bytes: rebuilt, limits: limits) {
      return document
    }
    report.notes.append("the package structure is unusable: one section rebuilt per paths part")
    var document = WillDocument(
      sections: pathsParts.map { part in
        var element = PathsElement(strokes: part.strokes)
        element.partName = part.name.description
        return Section(nodes: [.paths(element)])
      })
    for name in ["/props/core.xml", "/props/app.xml"] {
      guard let entry = entries.first(where: { $0.name.normalizedKey == name }),
        let xml = try? XMLReader.parse(entry.data, part: name, limits: limits)
      else { continue }
      if name.hasSuffix("core.xml") {
        document.properties.read(core: xml)
      } else {
        document.properties.read(app: xml)
      }
    }
    return document
  }
}
