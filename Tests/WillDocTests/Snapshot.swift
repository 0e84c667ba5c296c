import Foundation
import InkTestSupport
import Testing

/// Compares `text` with `Snapshots/<name>.txt`; with `RECORD_SNAPSHOTS=1` in the environment,
/// writes the file instead and fails, so a recording is never mistaken for a pass.
func assertSnapshot(
  _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots").appendingPathComponent(name + ".txt")
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    try Data(text.utf8).write(to: url)
    Issue.record(
      "Recorded snapshot \(name).txt; run again without RECORD_SNAPSHOTS to check it.",
      sourceLocation: sourceLocation)
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      "No snapshot \(name).txt; run with RECORD_SNAPSHOTS=1 to record it.",
      sourceLocation: sourceLocation)
    return
  }
  if expected != text {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let common = min(expectedLines.count, actualLines.count)
    let first = (0..<common).first { expectedLines[$0] != actualLines[$0] } ?? common
    let expectedLine = first < expectedLines.count ? String(expectedLines[first]) : "<end>"
    let actualLine = first < actualLines.count ? String(actualLines[first]) : "<end>"
    Issue.record(
      "Snapshot \(name).txt differs at line \(first + 1):\n  expected: \(expectedLine)\n  actual:   \(actualLine)\n(RECORD_SNAPSHOTS=1 re-records)",
      sourceLocation: sourceLocation)
  }
}
