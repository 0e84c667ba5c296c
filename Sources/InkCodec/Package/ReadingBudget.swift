/// Charges a document for the work its references cause. A part referenced many times is
/// decoded once, but every reference counts: the strokes and points it adds are drawn, dumped
/// and validated once per reference.
struct ReadingBudget {
  let limits: DecodingLimits
  /// Everything charged so far.
  private(set) var total = ReadingCost()

  init(limits: DecodingLimits) { self.limits = limits }

  mutating func charge(_ cost: ReadingCost, part: String) throws(WillError) {
    total += cost
    try limits.check(.sections, total.sections, part: part)
    try limits.check(.elements, total.elements, part: part)
    try limits.check(.references, total.references, part: part)
    try limits.check(.strokes, total.strokes, part: part)
    try limits.check(.totalPoints, total.points, part: part)
  }
}
