/// Recovers the records of a damaged paths stream that can be shown to be the original's.
///
/// Records are length-prefixed, so a record whose content is corrupt can be skipped and
/// decoding goes on at the next length prefix; a record cut by the end of the data, or a
/// length prefix that cannot be read, ends the stream. What is kept depends on the part's
/// ``PartIntegrity``: nothing from a corrupt part; every complete record of a verified or cut
/// part; in an unchecked part, the records before the first one that fails and, after it,
/// only those that pass the ``StrokePlausibility`` checks. Records with no points are never
/// kept. Strokes and points are charged to the salvage's budget, shared by every paths part,
/// so the document-wide limits hold across parts; the first one reached ends the salvage of
/// this part with a loss.
enum PathsStreamSalvage {
  /// What one part gave.
  struct Outcome {
    var strokes: [Stroke] = []
    /// Records found by their length prefixes and not kept.
    var dropped = 0
    /// Whether the stream's first record failed the checks of `plausibleStart`.
    var rejectedStart = false
  }

  /// Salvages `bytes`.
  /// - Parameters:
  ///   - name: The part name for the report (`(stream)` for a raw file).
  ///   - part: The part name for losses (`nil` for the file itself).
  ///   - plausibility: The checks, learning from every trusted stroke kept.
  ///   - plausibleStart: Whether the first record must be plausible, or nothing is kept (a
  ///     raw stream: otherwise any bytes would do).
  static func recover(
    _ bytes: [UInt8], name: String, part: String?, integrity: PartIntegrity,
    plausibility: inout StrokePlausibility, plausibleStart: Bool = false,
    budget: inout SalvageBudget, report: inout SalvageReport
  ) -> Outcome {
    var outcome = Outcome()
    if case .corrupt(let why) = integrity {
      outcome.dropped = recordCount(bytes)
      report.add(loss: part, 0..<bytes.count, "\(why): the damage cannot be located")
      report.damagedParts.append(
        .init(
          part: name, damage: "\(why); no record can be shown to be intact", keptStrokes: 0,
          droppedRecords: outcome.dropped))
      report.skippedRecords += outcome.dropped
      return outcome
    }
    var offset = 0
    var failed = false
    var damage: [String] = []
    while offset < bytes.count {
      if budget.records >= budget.limits.maxStrokes {
        let reason = budget.exceeded(.strokes, report: &report)
        report.add(loss: part, offset..<bytes.count, reason)
        damage.append(reason)
        break
      }
      let range: Range<Int>
      do {
        range = try bytes.withWireBytes { (buffer) throws(WillError) -> Range<Int> in
          var reader = WireReader(buffer, range: offset..<buffer.count)
          return try PathsStream.nextRecord(&reader)
        }
      } catch {
        let why = integrity == .cut ? "cut short" : "cut record: \(error.message)"
        report.add(loss: part, offset..<bytes.count, why)
        damage.append(integrity == .cut ? "cut short" : "ends inside a record")
        if offset == 0 && plausibleStart { outcome.rejectedStart = true }
        break
      }
      let isFirst = offset == 0
      let start = offset
      offset = range.upperBound
      budget.records += 1
      let stroke: Stroke
      do {
        stroke = try bytes.withWireBytes { (buffer) throws(WillError) -> Stroke in
          var reader = WireReader(buffer, range: range)
          return try Stroke(parsing: &reader, limits: budget.limits)
        }
      } catch {
        if case .limitExceeded(let limit, _, _) = error.kind {
          _ = budget.exceeded(limit, report: &report)
        }
        if isFirst && plausibleStart {
          outcome.rejectedStart = true
          return outcome
        }
        drop(
          &outcome, report: &report, part, start..<range.upperBound,
          "damaged record: \(error.message)")
        damage.append("a record does not decode")
        failed = true
        continue
      }
      let suspect = (integrity == .unchecked && failed) || (isFirst && plausibleStart)
      if let why = suspect
        ? plausibility.rejection(of: stroke) : StrokePlausibility.emptiness(of: stroke)
      {
        if isFirst && plausibleStart {
          outcome.rejectedStart = true
          return outcome
        }
        drop(&outcome, report: &report, part, start..<range.upperBound, "record dropped: \(why)")
        damage.append(
          suspect ? "implausible records after a damaged one" : "records without points")
        continue
      }
      if budget.points + stroke.pointCount > budget.limits.maxTotalPoints {
        let reason = budget.exceeded(.totalPoints, report: &report)
        report.add(loss: part, range.lowerBound..<bytes.count, reason)
        damage.append(reason)
        break
      }
      budget.strokes += 1
      budget.points += stroke.pointCount
      if !suspect || isFirst { plausibility.add(stroke) }
      outcome.strokes.append(stroke)
    }
    if !damage.isEmpty {
      var seen: Set<String> = []
      let unique = damage.filter { seen.insert($0).inserted }
      report.damagedParts.append(
        .init(
          part: name, damage: unique.joined(separator: "; "), keptStrokes: outcome.strokes.count,
          droppedRecords: outcome.dropped))
    }
    return outcome
  }

  private static func drop(
    _ outcome: inout Outcome, report: inout SalvageReport, _ part: String?, _ record: Range<Int>,
    _ reason: String
  ) {
    outcome.dropped += 1
    report.skippedRecords += 1
    report.add(loss: part, record, reason)
  }

  /// The number of records the length prefixes frame, a cut last one included.
  static func recordCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { buffer in
      var reader = WireReader(buffer)
      var count = 0
      while !reader.isAtEnd {
        count += 1
        guard (try? reader.readLengthDelimited()) != nil else { break }
      }
      return count
    }
  }
}
