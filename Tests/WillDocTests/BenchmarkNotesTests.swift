import Foundation
import InkTestSupport
import Testing

/// `Tools/bench` writes BENCHMARKS.md from a run's tables followed by Benchmarks/NOTES.md, so a
/// note added to BENCHMARKS.md alone is lost at the next run, and one added to NOTES.md alone
/// is missing until then.
@Suite struct BenchmarkNotesTests {
  @Test func benchmarksEndsWithTheNotes() throws {
    func text(_ path: String) throws -> String {
      let url = Fixtures.packageRoot.appendingPathComponent(path)
      let content = try String(contentsOf: url, encoding: .utf8)
      return String(content.reversed().drop(while: \.isNewline).reversed())
    }
    let notes = try text("Benchmarks/NOTES.md")
    let benchmarks = try text("BENCHMARKS.md")
    // The check sees the notes: they hold the sections after the run's tables.
    #expect(notes.hasPrefix("## "))
    let endsWithTheNotes = benchmarks.hasSuffix(notes)
    #expect(endsWithTheNotes, "BENCHMARKS.md does not end with Benchmarks/NOTES.md")
  }
}
