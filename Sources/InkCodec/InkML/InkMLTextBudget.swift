/// The trace text an InkML writer has produced so far, held to the XML reader's ceiling: no
/// reader parses a part past it (``DecodingLimits/ceiling(of:)``), so a writer stops at the
/// first trace that passes it instead of building the rest of a file nobody can read back.
struct InkMLTextBudget {
  /// The bytes of trace text written so far.
  private(set) var bytes = 0

  /// Counts `text`, the text of trace `traceIndex`.
  /// - Throws: ``WillErrorKind/limitExceeded(_:value:limit:)`` for `.xmlPartBytes`, naming the
  ///   trace, once the text passes the ceiling; the value is the text written by then.
  mutating func add(_ text: String, traceIndex: Int) throws(WillError) {
    bytes += text.utf8.count
    if bytes > DecodingLimits.xmlPartCeiling {
      throw WillError(
        .limitExceeded(.xmlPartBytes, value: bytes, limit: DecodingLimits.xmlPartCeiling),
        strokeIndex: traceIndex)
    }
  }
}
