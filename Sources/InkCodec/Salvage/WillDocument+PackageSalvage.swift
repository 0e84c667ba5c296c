extension WillDocument {
  /// Salvages an OPC package starting at `bytes[0]`: the entries through libzip when the
  /// archive reads, or else by their local headers (checked against the central directory
  /// when it can be read); every paths part through ``PathsStreamSalvage``; then the package
  /// structure as it is, or one section per paths part when it is broken.
  /// - Throws: ``WillErrorKind/notAWillFile`` when the zip holds no WILL part.
  static func salvagePackage(
    _ bytes: [UInt8], budget: inout SalvageBudget, report: inout SalvageReport
  ) throws(WillError) -> WillDocument {
    let limits = budget.limits
    var entries: [(name: PartName, data: [UInt8], integrity: PartIntegrity)]
    let directory = CentralDirectoryProbe(bytes, limits: limits)
    // A whole read of a zip whose central directory declares more than the limits allow
    // inflates up to the limit and fails; the scan below would inflate it all again.
    let declared = directory?.records.values.reduce(0) { $0 &+ $1.size } ?? 0
    if declared <= limits.maxTotalBytes, let read = try? ZipArchive.read(bytes, limits: limits) {
      entries = read.map { ($0.name, $0.data, .verified) }
    } else {
      if directory == nil {
        report.notes.append(
          "the zip's central directory is unusable: entries found by their local headers")
      }
      entries = ZipScanner.scan(bytes, directory: directory, budget: &budget, report: &report)
        .entries.map { ($0.name, $0.data, $0.integrity) }
      let found = Set(entries.map { $0.name.normalizedKey })
      for record in (directory?.records ?? [:]).sorted(by: { $0.key < $1.key })
      where !found.contains(record.key) && report.exceededLimits.isEmpty
        && !report.lostParts.contains(where: { $0.part == record.value.name })
      {
        report.lose(
          record.value.name, "the central directory lists it; its local header is damaged")
      }
    }
    // A scan stopped by a limit may have missed the WILL parts: only a whole zip is judged.
    guard
      entries.contains(where: { isWillPart($0.name, $0.data) }) || !report.exceededLimits.isEmpty
    else {
      throw WillError(.notAWillFile, offset: 0)
    }
    // Salvage every paths part; leave out other parts whose bytes are not the original's.
    var pathsParts: [(name: PartName, strokes: [Stroke])] = []
    var plausibility = StrokePlausibility()
    var kept: [(name: PartName, data: [UInt8])] = []
    for entry in entries {
      if isPathsPart(entry.name) {
        let outcome = PathsStreamSalvage.recover(
          entry.data, name: entry.name.description, part: entry.name.description,
          integrity: entry.integrity, plausibility: &plausibility, budget: &budget,
          report: &report)
        pathsParts.append((entry.name, outcome.strokes))
        kept.append((entry.name, (try? PathsStream(strokes: outcome.strokes).serialized()) ?? []))
        continue
      }
      switch entry.integrity {
      case .verified, .unchecked: kept.append((entry.name, entry.data))
      case .cut: report.lose(entry.name.description, "cut short")
      case .corrupt(let why): report.lose(entry.name.description, "damaged (\(why))")
      }
    }
    let rebuilt = try? ZipArchive.write(kept.map { ZipEntry.Input(name: $0.name, data: $0.data) })
    if let rebuilt, var document = try? WillDocument(parsing: rebuilt, limits: limits) {
      let referenced = Set(
        document.sections.flatMap(\.pathsElements).compactMap {
          $0.element.partName.flatMap { try? PartName($0).normalizedKey }
        })
      for part in pathsParts
      where !part.strokes.isEmpty && !referenced.contains(part.name.normalizedKey) {
        report.lose(
          part.name.description,
          "no section references it: its \(part.strokes.count) strokes are not in the document")
      }
      document.containerParts = []
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
      guard let entry = kept.first(where: { $0.name.normalizedKey == name }),
        let xml = try? XMLDocument(parsing: entry.data, part: name, limits: limits)
      else { continue }
      if name.hasSuffix("core.xml") {
        document.properties.read(core: xml)
      } else {
        document.properties.read(app: xml)
      }
    }
    return document
  }

  /// A paths part, by name: a `.protobuf` part outside `/style/`.
  private static func isPathsPart(_ name: PartName) -> Bool {
    name.fileExtension == "protobuf" && !name.description.lowercased().hasPrefix("/style/")
  }

  /// A part that only a WILL package holds: a paths part, a section SVG, or content types
  /// naming a WILL type.
  private static func isWillPart(_ name: PartName, _ data: [UInt8]) -> Bool {
    if isPathsPart(name) { return true }
    let lowered = name.description.lowercased()
    if lowered.hasPrefix("/sections/"), name.fileExtension == "svg" { return true }
    guard name == PartName.contentTypes else { return false }
    let marker = Array("willfileformat".utf8)
    return data.count >= marker.count
      && (0...(data.count - marker.count)).contains {
        data[$0..<$0 + marker.count].elementsEqual(marker)
      }
  }
}
