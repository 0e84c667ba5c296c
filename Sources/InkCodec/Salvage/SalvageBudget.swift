/// What a salvage has used of its ``DecodingLimits``, across every part.
///
/// Reading checks the totals once per document; salvage finds entries and records one at a
/// time, so it charges each one here as it goes and stops at the first limit, reporting it
/// as a loss (salvage never throws).
struct SalvageBudget {
  let limits: DecodingLimits
  /// Bytes decompressed (or copied, for stored entries) from every zip entry so far.
  var bytes = 0
  /// Strokes recovered so far.
  var strokes = 0
  /// Records examined so far, kept or not: the stroke limit bounds them, as it bounds the
  /// records a reader decodes.
  var records = 0
  /// Points in the strokes recovered so far.
  var points = 0

  init(limits: DecodingLimits) {
    self.limits = limits
  }

  /// How many bytes the next entry may decompress: the part limit, or what is left of the
  /// total when that is less.
  var entryAllowance: Int {
    max(0, min(limits.maxPartBytes, limits.maxTotalBytes - bytes))
  }

  /// The limit that an entry cut at ``entryAllowance`` ran into.
  var entryLimit: DecodingLimits.Limit {
    limits.maxPartBytes <= limits.maxTotalBytes - bytes ? .partBytes : .totalBytes
  }

  /// Records `limit` in the report and returns the reason for its loss.
  func exceeded(_ limit: DecodingLimits.Limit, report: inout SalvageReport) -> String {
    if !report.exceededLimits.contains(limit) { report.exceededLimits.append(limit) }
    return "over the decoding limits: \(limit.rawValue) is limited to \(limits[limit])"
  }
}
