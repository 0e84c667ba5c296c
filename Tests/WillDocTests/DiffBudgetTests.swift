import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc diff` of two large notes built here, on the optimised binary under 1 GiB and the
/// time cap: strokes that all differ, every last point moved, a reversed order past the edit
/// script's budget. Each reports exactly the strokes that differ, and says when it aligned by
/// position.
@Suite(.serialized) struct DiffBudgetTests {
  static let optimised = BudgetedRun.releaseBinary != nil

  /// A stroke of 30 points, different for each `index`.
  static func stroke(_ index: Int) -> Stroke {
    let left = Double(index % 40) * 12
    let top = Double(index / 40 % 60) * 12
    return Stroke(
      points: (0..<30).map { InkPoint(x: left + Double($0) * 0.3, y: top + Double($0 % 4)) },
      widths: [1 + Double(index % 7) / 10])
  }

  static func write(_ strokes: [Stroke], _ name: String, in directory: TemporaryDirectory) throws {
    let document = WillDocument(strokes: strokes, pageWidth: 600, pageHeight: 800)
    try Data(document.serialized(container: .opc)).write(to: directory.file(name))
  }

  /// Runs `diff ARGUMENTS --format json` in `directory` under the caps (status and time),
  /// then again without them for the report (a capped run counts its output, keeps none).
  static func runJSON(_ arguments: [String], in directory: TemporaryDirectory) throws
    -> (status: Int32, object: [String: Any], timedOut: Bool)
  {
    let command = ["diff"] + arguments + ["--format", "json", "--max-listed", "3"]
    let outcome = try BudgetedRun.run(command, in: directory.url)
    let result = try WillDocRunner.run(command, in: directory.url, binary: BudgetedRun.binary)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
    return (outcome.status, object, outcome.timedOut)
  }

  static func counts(_ object: [String: Any]) -> [String: Int] {
    object["counts"] as? [String: Int] ?? [:]
  }

  /// 1,500 strokes against 1,500 others: every one changed, no alignment work to speak of.
  @Test(.enabled(if: optimised, "set WILLDOC_BUDGET_BINARY")) func strokesThatAllDiffer() throws {
    let directory = try TemporaryDirectory()
    try Self.write((0..<1_500).map(Self.stroke), "a.will", in: directory)
    try Self.write((0..<1_500).map { Self.stroke($0 + 5_000) }, "b.will", in: directory)
    let run = try Self.runJSON(["a.will", "b.will"], in: directory)
    #expect(!run.timedOut && run.status == 1)
    #expect(
      Self.counts(run.object) == ["unchanged": 0, "changed": 1_500, "removed": 0, "added": 0])
    #expect(run.object["alignment"] as? String == "edit-script")
  }

  /// Every stroke's last point moved: 1,500 changes, exactly and within a smaller tolerance
  /// (where every pair has the same shape, so the edit script's budget decides); one moved
  /// point: one change.
  @Test(.enabled(if: optimised, "set WILLDOC_BUDGET_BINARY")) func lastPointsMoved() throws {
    let directory = try TemporaryDirectory()
    let strokes = (0..<1_500).map(Self.stroke)
    try Self.write(strokes, "a.will", in: directory)
    var moved = strokes
    for index in moved.indices { moved[index].points[29].y += 0.5 }
    try Self.write(moved, "b.will", in: directory)
    for options in [[], ["--tolerance", "0.1"]] {
      let run = try Self.runJSON(["a.will", "b.will"] + options, in: directory)
      #expect(!run.timedOut && run.status == 1, "\(options)")
      #expect(
        Self.counts(run.object) == ["unchanged": 0, "changed": 1_500, "removed": 0, "added": 0],
        "\(options)")
      let first = (run.object["changed"] as? [[String: Any]])?.first
      #expect(first?["fields"] as? [String] == ["points"], "\(options)")
    }
    var one = strokes
    one[1_499].points[29].y += 0.5
    try Self.write(one, "b.will", in: directory)
    let run = try Self.runJSON(["a.will", "b.will"], in: directory)
    #expect(!run.timedOut && run.status == 1)
    #expect(
      Self.counts(run.object) == ["unchanged": 1_499, "changed": 1, "removed": 0, "added": 0])
  }

  /// 5,000 distinct strokes against the same in reverse order: a shortest edit script would
  /// cost about 25 million units, past the default budget; paired by position, every stroke
  /// is a change and the report says how it aligned. With the budget raised, the script runs.
  @Test(.enabled(if: optimised, "set WILLDOC_BUDGET_BINARY")) func pastTheBudget() throws {
    let directory = try TemporaryDirectory()
    let strokes = (0..<5_000).map(Self.stroke)
    try Self.write(strokes, "a.will", in: directory)
    try Self.write(strokes.reversed(), "b.will", in: directory)
    let run = try Self.runJSON(["a.will", "b.will"], in: directory)
    #expect(!run.timedOut && run.status == 1)
    #expect(run.object["alignment"] as? String == "by-position")
    #expect(
      Self.counts(run.object) == ["unchanged": 0, "changed": 5_000, "removed": 0, "added": 0])
    let text = try BudgetedRun.run(["diff", "a.will", "b.will"], in: directory.url)
    #expect(!text.timedOut && text.status == 1)
    let raised = try Self.runJSON(
      ["a.will", "b.will", "--max-diff-work", "100M"], in: directory)
    #expect(!raised.timedOut && raised.status == 1)
    #expect(raised.object["alignment"] as? String == "edit-script")
    #expect(Self.counts(raised.object)["unchanged"] == 1)
  }

  /// The text report names the fallback and the option (a small case, any build).
  @Test func theTextReportSaysHowItAligned() throws {
    let directory = try TemporaryDirectory()
    let strokes = (0..<10).map(Self.stroke)
    try Self.write(strokes, "a.will", in: directory)
    try Self.write([Self.stroke(99)] + strokes + [Self.stroke(98)], "b.will", in: directory)
    let a = directory.file("a.will").path
    let b = directory.file("b.will").path
    let aligned = try WillDocRunner.run(["diff", a, b])
    #expect(aligned.stdout.contains("strokes  10 the same, 0 changed, 0 removed, 2 added"))
    #expect(!aligned.stdout.contains("aligned"))
    let fallback = try WillDocRunner.run(["diff", a, b, "--max-diff-work", "0"])
    #expect(fallback.status == 1)
    #expect(fallback.stdout.contains("strokes  0 the same, 10 changed, 0 removed, 2 added"))
    #expect(
      fallback.stdout.contains(
        "aligned  by position: the edit script needed more than --max-diff-work 0 (raise it for the fewest changes)"
      ), "\(fallback.stdout)")
    let negative = try WillDocRunner.run(["diff", a, b, "--max-diff-work", "-1"])
    #expect(negative.status == 64)
  }
}
