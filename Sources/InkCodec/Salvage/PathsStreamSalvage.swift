/// Recovers every intact record of a damaged paths stream.
///
/// Records are length-prefixed, so a record whose content is corrupt can be skipped and
/// decoding goes on at the next length prefix; a record cut by the end of the data, or a
/// length prefix that cannot be read, ends the stream. Strokes and points are charged to the
/// salvage's budget, shared by every paths part, so the document-wide limits hold across
/// parts; the first one reached ends the salvage of this part with a loss.
enum PathsStreamSalvage {
  static func recover(
    _ bytes: [UInt8], part: String?, budget: inout SalvageBudget, report: inout SalvageReport
  ) -> [Stroke] {
    var strokes: [Stroke] = []
    var offset = 0
    while offset < bytes.count {
      if budget.strokes >= budget.limits.maxStrokes {
        let reason = budget.exceeded(.strokes, report: &report)
        report.losses.append(.init(part: part, range: offset..<bytes.count, reason: reason))
        break
      }
      let range: Range<Int>
      do {
        range = try bytes.withWireBytes { (buffer) throws(WillError) -> Range<Int> in
          var reader = WireReader(buffer, range: offset..<buffer.count)
          return try PathsStream.nextRecord(&reader)
        }
      } catch {
        report.losses.append(
          .init(part: part, range: offset..<bytes.count, reason: "cut record: \(error.message)"))
        break
      }
      do {
        let stroke = try bytes.withWireBytes { (buffer) throws(WillError) -> Stroke in
          var reader = WireReader(buffer, range: range)
          return try Stroke(decoding: &reader, limits: budget.limits)
        }
        if budget.points + stroke.pointCount > budget.limits.maxTotalPoints {
          let reason = budget.exceeded(.totalPoints, report: &report)
          report.losses.append(.init(part: part, range: offset..<bytes.count, reason: reason))
          break
        }
        budget.strokes += 1
        budget.points += stroke.pointCount
        strokes.append(stroke)
      } catch {
        if case .limitExceeded(let limit, _, _) = error.kind {
          _ = budget.exceeded(limit, report: &report)
        }
        report.skippedRecords += 1
        report.losses.append(
          .init(
            part: part, range: offset..<range.upperBound, reason: "damaged record: \(error.message)"
          ))
      }
      offset = range.upperBound
    }
    report.recoveredStrokes += strokes.count
    return strokes
  }
}
