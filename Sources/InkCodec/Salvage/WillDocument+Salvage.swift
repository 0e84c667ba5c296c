extension WillDocument {
  /// Recovers the strokes of a damaged file that can be shown to be the original's, and says
  /// what was lost.
  ///
  /// Salvage never invents: every stroke it returns is a stroke of the undamaged file, and a
  /// stroke without points is never returned.
  ///
  /// - **Containers.** The result keeps the input's container: OPC stays OPC (a zip behind a
  ///   prefix, such as a self-extractor's or prepended bytes, is found by its first local
  ///   header), RIFF stays RIFF (every `INK ` chunk is salvaged and the other chunks are
  ///   kept), a raw stream stays raw.
  /// - **Zip entries.** A zip is read through its central directory when it can be, and
  ///   otherwise by its local headers; each entry is checked against the CRC-32 and size the
  ///   directory (or its local header or data descriptor) records. Deflate data is decoded
  ///   up to the damage.
  /// - **Which records are kept.** A paths part whose bytes a checksum confirms, or that is
  ///   an exact prefix of the original (the file ends inside it), keeps every complete record
  ///   that decodes. A part whose bytes are known wrong somewhere (CRC-32 mismatch, deflate
  ///   data error, a size that disagrees) keeps nothing: the checksum says the bytes changed
  ///   but not where, and a changed delta inside a record decodes to a stroke that looks
  ///   right but is not. A RIFF chunk or raw stream has no checksum: the records before the
  ///   first one that does not decode are kept, and after it only the records that pass the
  ///   plausibility checks (below), since the length prefixes may have resynchronised on
  ///   garbage.
  /// - **Plausibility checks**, against the document's trusted strokes (and page): at least
  ///   one point; `decimalPrecision` 0…8 and one the document uses; ts and tf within 0…1;
  ///   one width and colour, or one per point; the same optional fields as the document's
  ///   strokes; points within the trusted ink's bounding box widened on every side by its
  ///   larger side (at least 100 units); widths within 0…4 × the widest; no step between
  ///   points longer than 4 × the longest trusted step (at least 50 units). With no trusted
  ///   stroke: points within ±100,000 units and widths within 0…1,000.
  /// - **Not WILL data.** An empty input, one with no RIFF header, no zip and whose first
  ///   record is not a plausible stroke (a PNG, text, random bytes), and a zip without WILL
  ///   parts throw ``WillErrorKind/notAWillFile``.
  /// - A missing or broken section SVG (or package structure) is replaced by one section per
  ///   paths part; a damaged or cut part other than paths is left out.
  ///
  /// The result is always a valid document (possibly without strokes) that
  /// ``serialized(container:options:)`` can write. The report names every damaged paths part
  /// with the strokes kept and records dropped, and every part left out with the reason.
  ///
  /// Salvage applies `limits` like reading does, to the whole salvage: the file size, each
  /// entry's and all entries' decompressed bytes, the parts, strokes and points (per stroke
  /// and in total), and the XML limits of the parts it parses. A limit that is reached stops
  /// that part (or the scan) with a loss whose reason names the limit, and is listed in
  /// ``SalvageReport/exceededLimits``. The work is proportional to the input plus the
  /// output, whatever the number of entries.
  /// - Throws: ``WillErrorKind/notAWillFile`` when the input holds no WILL content; nothing
  ///   else.
  /// - Parameters:
  ///   - bytes: The damaged file.
  ///   - limits: Bounds on the whole salvage.
  ///   - report: Receives what was recovered and what was lost.
  public init(
    salvaging bytes: [UInt8], limits: DecodingLimits = .default, report: inout SalvageReport
  ) throws(WillError) {
    (self, report) = try Self.salvage(bytes, limits: limits)
  }

  /// Recovers every stroke of a damaged file that can be shown to be the original's, as
  /// ``init(salvaging:limits:report:)`` does, without the report.
  public init(salvaging bytes: [UInt8], limits: DecodingLimits = .default) throws(WillError) {
    (self, _) = try Self.salvage(bytes, limits: limits)
  }

  private static func salvage(_ bytes: [UInt8], limits: DecodingLimits)
    throws(WillError) -> (document: WillDocument, report: SalvageReport)
  {
    guard !bytes.isEmpty else { throw WillError(.emptyFile, offset: 0) }
    let sniffed = ContainerKind(sniffing: bytes)
    if let document = try? WillDocument(parsing: bytes, limits: limits), isWhole(document, bytes) {
      var report = SalvageReport(container: sniffed)
      report.wasIntact = true
      report.recoveredStrokes = document.strokes.count
      return (document, report)
    }
    var budget = SalvageBudget(limits: limits)
    var report = SalvageReport(container: sniffed)
    var bytes = bytes
    if bytes.count > limits.maxFileBytes {
      let reason = budget.exceeded(.fileBytes, report: &report)
      report.add(loss: nil, limits.maxFileBytes..<bytes.count, reason)
      bytes = Array(bytes.prefix(limits.maxFileBytes))
    }
    var document: WillDocument
    switch sniffed {
    case .riff:
      document = salvageRIFF(bytes, budget: &budget, report: &report)
    case .opc:
      document = try salvagePackage(bytes, budget: &budget, report: &report)
    case .raw:
      var rawBudget = budget
      var rawReport = report
      var plausibility = StrokePlausibility()
      let outcome = PathsStreamSalvage.recover(
        bytes, name: "(stream)", part: nil, integrity: .unchecked, plausibility: &plausibility,
        plausibleStart: true, budget: &rawBudget, report: &rawReport)
      if !outcome.rejectedStart, !outcome.strokes.isEmpty {
        (budget, report) = (rawBudget, rawReport)
        document = single(outcome.strokes, container: .raw)
      } else if let start = ZipScanner.firstEntry(in: bytes) {
        // Not a paths stream: a zip behind a prefix (a self-extractor, prepended bytes).
        report.container = .opc
        report.add(loss: nil, 0..<start, "\(start) bytes before the zip, not WILL data")
        document = try salvagePackage(
          Array(bytes[start...]), budget: &budget, report: &report)
      } else {
        throw WillError(.notAWillFile, offset: 0)
      }
    }
    report.recoveredStrokes = document.strokes.count
    return (document, report)
  }

  /// Whether a document read without error holds everything in `bytes`: every `INK ` chunk
  /// of a RIFF file decodes (a reader that reads only the first would miss damage in the
  /// others), and a raw stream starts with a plausible stroke.
  private static func isWhole(_ document: WillDocument, _ bytes: [UInt8]) -> Bool {
    if document.container == .raw {
      // Zeros read as empty records; a raw stream must start with a plausible stroke.
      return document.strokes.first.map { StrokePlausibility().rejection(of: $0) == nil } ?? false
    }
    guard document.container == .riff else { return true }
    guard let file = try? WillDataFile(parsing: bytes, limits: .unlimited) else { return false }
    return file.chunks.allSatisfy { chunk in
      chunk.id != "INK "
        || (try? PathsStream(parsing: chunk.data, limits: .unlimited).strokes) != nil
    }
  }

  /// A one-section document around salvaged strokes.
  static func single(_ strokes: [Stroke], container: ContainerKind, part: String? = nil)
    -> WillDocument
  {
    var element = PathsElement(strokes: strokes)
    element.partName = part
    return WillDocument(sections: [Section(nodes: [.paths(element)])], container: container)
  }
}
