import InkCodec
import Testing

/// An InkML writer never builds a file no XML reader parses: the trace text that takes the file
/// past the reader's ceiling is refused where it is written, naming the trace, and a file just
/// under the ceiling is written and reads back.
@Suite struct InkMLWriterCeilingTests {
  /// `count` traces of 198,000 points whose text is `1 1, 1 1, …`: 989,998 bytes each.
  static func document(traces count: Int) -> InkMLDocument {
    let column = [Double](repeating: 1, count: 198_000)
    let trace = InkMLDocument.Trace(channels: ["X", "Y"], columns: [column, column])
    return InkMLDocument(
      brushes: [], groups: [InkMLDocument.TraceGroup(traces: Array(repeating: trace, count: count))]
    )
  }

  static let ceiling = DecodingLimits.ceiling(of: .xmlPartBytes)!

  @Test func aFileUnderTheCeilingIsWrittenAndReadsBack() throws {
    let bytes = try Self.document(traces: 10).serialized()
    #expect(bytes.count > 9_900_000 && bytes.count <= Self.ceiling)
    #expect(try InkMLDocument(parsing: bytes).traces.count == 10)
  }

  @Test(arguments: [InkMLProfile.standard, .office])
  func theTraceThatPassesTheCeilingIsRefused(profile: InkMLProfile) {
    let error = #expect(throws: WillError.self) {
      try Self.document(traces: 11).serialized(profile: profile)
    }
    guard case .limitExceeded(.xmlPartBytes, let value, let limit)? = error?.kind else {
      Issue.record("expected the XML part size limit, got \(String(describing: error))")
      return
    }
    #expect(limit == Self.ceiling && value > limit)
    // The standard form passes at the eleventh trace; the Office form's longer numbers sooner.
    guard let index = error?.strokeIndex else {
      Issue.record("the error names no trace: \(String(describing: error))")
      return
    }
    #expect(profile == .standard ? index == 10 : index < 10, "\(String(describing: error))")
    // The traces are alike, so each wrote value / (index + 1) bytes; without the last one the
    // text was within the ceiling: the writer stopped at the trace that passed it.
    #expect(value - value / (index + 1) <= limit, "\(value) bytes at trace \(index)")
  }
}
