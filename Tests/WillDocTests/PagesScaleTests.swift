import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc pages merge` of the same file given 1,000 times and `pages split` of 400 pages
/// into 400 files, on the optimised binary under 1 GiB and the time cap: work linear in
/// the output (fresh part names found without probing every earlier one), and every page
/// and stroke where it belongs.
@Suite(.serialized) struct PagesScaleTests {
  static let optimised = BudgetedRun.releaseBinary != nil
  static let copies = 1_000
  static let splitPages = 400

  static let input = Fixtures.sampleDocuments.appendingPathComponent(
    "valid/handwriting-opc.will")

  @Test(.enabled(if: optimised, "set WILLDOC_BUDGET_BINARY")) func mergeManyCopiesThenSplit()
    throws
  {
    let directory = try TemporaryDirectory()
    try FileManager.default.copyItem(at: Self.input, to: directory.file("h.will"))
    let original = try WillDocument(parsing: Array(Data(contentsOf: Self.input)))
    let strokes = original.sections[0].strokes
    let merge = try BudgetedRun.run(
      ["pages", "merge"] + Array(repeating: "h.will", count: Self.copies) + ["-o", "all.will"],
      in: directory.url)
    #expect(!merge.timedOut, "merge ran past \(BudgetedRun.timeCap) s of CPU")
    try #require(merge.status == 0, "\(merge.stderr)")
    let merged = try WillDocument(parsing: Array(Data(contentsOf: directory.file("all.will"))))
    #expect(merged.sections.count == Self.copies)
    #expect(merged.sections.allSatisfy { $0.strokes == strokes })
    // Each copy's parts got fresh names: paths0.protobuf, paths0-1.protobuf, …
    let parts = Set(merged.sections.compactMap(\.partName))
    #expect(parts.count == Self.copies)

    // A file per page costs a create and a flush, which on a shared machine is most of the
    // time: the split takes fewer pages.
    let some = try BudgetedRun.run(
      ["pages", "merge"] + Array(repeating: "h.will", count: Self.splitPages)
        + ["-o", "some.will"], in: directory.url)
    try #require(some.status == 0, "\(some.stderr)")
    let split = try BudgetedRun.run(
      ["pages", "split", "some.will", "-d", "pages"], in: directory.url)
    #expect(!split.timedOut, "split ran past \(BudgetedRun.timeCap) s of CPU")
    try #require(split.status == 0, "\(split.stderr)")
    let files = try FileManager.default.contentsOfDirectory(
      atPath: directory.file("pages").path)
    #expect(files.count == Self.splitPages)
    // Numbered with zeros to the width of the last (some-000 … some-399), to sort in order.
    #expect(files.sorted() == (0..<Self.splitPages).map { String(format: "some-%03d.will", $0) })
    for number in [0, Self.splitPages / 2, Self.splitPages - 1] {
      let name = String(format: "some-%03d.will", number)
      let page = try WillDocument(
        parsing: Array(Data(contentsOf: directory.file("pages/\(name)"))))
      #expect(page.sections.count == 1 && page.sections[0].strokes == strokes, "page \(number)")
    }
  }

  /// 1,000 documents whose stroke selects paint 0 they do not hold, then one that holds a
  /// paint 0: the merge takes them all in linear time, the earlier strokes renumbered past
  /// the paint so they keep selecting none.
  @Test(.enabled(if: optimised, "set WILLDOC_BUDGET_BINARY"))
  func aLatePaintRenumbersEveryDanglingIndex() throws {
    let directory = try TemporaryDirectory()
    let stroke = Stroke(
      points: [InkPoint(x: 1, y: 1), InkPoint(x: 5, y: 5)], widths: [1], paintIndex: 0)
    let dangling = WillDocument(strokes: [stroke], pageWidth: 100, pageHeight: 100)
    try Data(dangling.serialized(container: .opc)).write(to: directory.file("d.will"))
    var painted = dangling
    painted.paints = [ParticlesPaint()]
    try Data(painted.serialized(container: .opc)).write(to: directory.file("painted.will"))
    let merge = try BudgetedRun.run(
      ["pages", "merge"] + Array(repeating: "d.will", count: Self.copies)
        + ["painted.will", "-o", "all.will"], in: directory.url)
    #expect(!merge.timedOut, "merge ran past \(BudgetedRun.timeCap) s of CPU")
    #expect(merge.status == 0, "\(merge.stderr)")
    let merged = try WillDocument(
      parsing: Array(try Data(contentsOf: directory.file("all.will"))))
    #expect(
      merged.sections.map { $0.strokes[0].paintIndex } == Array(repeating: 1, count: Self.copies)
        + [0])
  }
}
