/// Recovers every intact record of a damaged paths stream.
///
/// Records are length-prefixed, so a record whose content is corrupt can be skipped and
/// decoding goes on at the next length prefix; a record cut by the end of the data, or a
/// length prefix that cannot be read, ends the stream.
enum PathsStreamSalvage {
  static func recover(
    _ bytes: [UInt8], part: String?, limits: DecodingLimits, report: inout SalvageReport
  ) -> [Stroke] {
    var strokes: [Stroke] = []
    var offset = 0
    var points = 0
    while offset < bytes.count {
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
          return try Stroke(decoding: &reader, limits: limits)
        }
        points += stroke.pointCount
        if strokes.count >= limits.maxStrokes || points > limits.maxTotalPoints {
          report.losses.append(
            .init(part: part, range: offset..<bytes.count, reason: "over the decoding limits"))
          break
        }
        strokes.append(stroke)
      } catch {
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
