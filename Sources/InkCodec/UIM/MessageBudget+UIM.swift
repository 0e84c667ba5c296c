extension MessageBudget {
  /// The budget of one UIM document: ``DecodingLimits/maxElements`` plus three per allowed
  /// stroke (a stroke, its spline and its properties).
  convenience init(uim limits: DecodingLimits) {
    let (strokes, overflow) = limits.maxStrokes.multipliedReportingOverflow(by: 3)
    let (sum, overflow2) = limits.maxElements.addingReportingOverflow(overflow ? .max : strokes)
    self.init(limit: overflow2 ? .max : sum)
  }
}
