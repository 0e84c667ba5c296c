extension WillDocument {
  /// Recovers the strokes of a damaged file that can be shown to be the original's, and says
  /// what was lost.
  ///
  /// Salvage never invents: every stroke it returns is a stroke of the undamaged file. The
  /// result is always a valid document, possibly without strokes. <doc:SalvagingDamagedFiles>
  /// says which records are kept, the plausibility checks, and how `limits` apply.
  ///
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
