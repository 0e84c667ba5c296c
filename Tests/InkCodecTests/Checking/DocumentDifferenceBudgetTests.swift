import Testing

@testable import InkCodec

/// The edit script that aligns strokes: a shortest one (checked against a longest common
/// subsequence by dynamic programming), within a work budget, and past it, the documented
/// pairing by position.
@Suite struct DocumentDifferenceBudgetTests {
  static func document(_ strokes: [Stroke]) -> WillDocument {
    WillDocument(strokes: strokes, pageWidth: 500, pageHeight: 500)
  }

  static let strokes = (0..<10).map { DocumentDifferenceTests.stroke($0) }

  /// The length of a longest common subsequence, the quadratic way.
  static func commonLength(_ a: [Int], _ b: [Int]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for x in a {
      var diagonal = 0
      for (j, y) in b.enumerated() {
        let above = row[j + 1]
        row[j + 1] = x == y ? diagonal + 1 : max(row[j + 1], row[j])
        diagonal = above
      }
    }
    return row[b.count]
  }

  /// On random sequences over small alphabets, the pairs match, increase on both sides and
  /// are as many as a longest common subsequence has.
  @Test func theEditScriptIsShortest() throws {
    var state: UInt64 = 2015
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for round in 0..<300 {
      let alphabet = 1 + round % 6
      let a = (0..<next(14)).map { _ in next(alphabet) }
      let b = (0..<next(14)).map { _ in next(alphabet) }
      var work = 0
      let pairs = try #require(
        DocumentDifference.shortestEditScript(a.count, b.count, budget: .max, work: &work) {
          x, y, _ in a[x] == b[y]
        })
      #expect(pairs.count == Self.commonLength(a, b), "\(a) \(b)")
      #expect(pairs.allSatisfy { a[$0.0] == b[$0.1] }, "\(a) \(b) \(pairs)")
      #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
    }
  }

  /// The edit script gives up as soon as its work passes the budget.
  @Test func theEditScriptStopsAtItsBudget() {
    let a = Array(0..<100)
    let b = Array(a.reversed())
    var work = 0
    let unbounded = DocumentDifference.shortestEditScript(100, 100, budget: .max, work: &work) {
      x, y, _ in a[x] == b[y]
    }
    #expect(unbounded?.count == 1)
    #expect(work > 10_000)  // about n × d
    work = 0
    let bounded = DocumentDifference.shortestEditScript(100, 100, budget: 500, work: &work) {
      x, y, _ in a[x] == b[y]
    }
    #expect(bounded == nil)
    #expect(work > 500 && work < 1_000)
  }

  /// A stroke added at the start and one replaced at the end: within the budget, nine the
  /// same, one added and one changed; past it (a budget of 0), the middle pairs by position,
  /// every stroke changed, and the difference says how it was aligned.
  @Test func pastTheBudgetStrokesPairByPosition() {
    let old = Self.strokes
    let new =
      [DocumentDifferenceTests.stroke(40)] + old.dropLast() + [DocumentDifferenceTests.stroke(41)]
    let aligned = DocumentDifference(comparing: Self.document(old), with: Self.document(new))
    #expect(aligned.alignment == .editScript && aligned.alignmentWork > 0)
    #expect(aligned.unchanged == 9)
    #expect(aligned.added.map(\.index) == [0])
    #expect(aligned.changed.map { [$0.first.index, $0.second.index] } == [[9, 10]])
    let byPosition = DocumentDifference(
      comparing: Self.document(old), with: Self.document(new), maximumAlignmentWork: 0)
    #expect(byPosition.alignment == .byPosition)
    #expect(byPosition.unchanged == 0 && byPosition.changed.count == 10)
    #expect(byPosition.changed.allSatisfy { $0.first.index == $0.second.index })
    #expect(byPosition.added.map(\.index) == [10] && byPosition.removed.isEmpty)
  }

  /// The common beginning and end cost no alignment work: a document against itself, and
  /// against a copy with one stroke changed in the middle.
  @Test func commonEndsNeedNoEditScript() {
    let many = (0..<3_000).map { DocumentDifferenceTests.stroke($0) }
    let same = DocumentDifference(comparing: Self.document(many), with: Self.document(many))
    #expect(same.isEqual && same.unchanged == 3_000 && same.alignmentWork == 0)
    var edited = many
    edited[1_500].points[0].x += 3
    let one = DocumentDifference(comparing: Self.document(many), with: Self.document(edited))
    #expect(one.unchanged == 2_999 && one.changed.map(\.first.index) == [1_500])
    #expect(one.alignmentWork == 0)
  }

  /// Within a tolerance, strokes of the same shape are compared point by point, which the
  /// budget counts; reversed strokes whose points all moved past the tolerance are aligned
  /// by position past it, within it by the edit script, with the same changes found.
  @Test func toleranceComparisonsCountTowardsTheBudget() {
    let old = (0..<200).map { DocumentDifferenceTests.stroke($0) }
    var new = Array(old.reversed())
    for index in new.indices { new[index].points[4].x += 0.5 }
    let bounded = DocumentDifference(
      comparing: Self.document(old), with: Self.document(new), tolerance: 0.1,
      maximumAlignmentWork: 10_000)
    #expect(bounded.alignment == .byPosition)
    #expect(bounded.changed.count == 200 && bounded.unchanged == 0)
    let full = DocumentDifference(
      comparing: Self.document(old), with: Self.document(new), tolerance: 0.1,
      maximumAlignmentWork: .max)
    #expect(full.alignment == .editScript && full.alignmentWork > 10_000)
    #expect(full.changed.count == 200 && full.unchanged == 0)
    // Within the tolerance, the same strokes, found without comparing every pair.
    let close = DocumentDifference(
      comparing: Self.document(old),
      with: Self.document(
        old.map { stroke in
          var moved = stroke
          moved.points[4].x += 0.05
          return moved
        }), tolerance: 0.1, maximumAlignmentWork: 0)
    #expect(close.isEqual && close.alignment == .editScript)
    #expect(abs(close.largestUnchangedError - 0.05) < 1e-9)
  }

  /// A NaN parameter, coordinate or width is the same as itself.
  @Test func notANumberIsTheSameAsItself() {
    var odd = DocumentDifferenceTests.stroke(3)
    odd.startParameter = .nan
    odd.points[1].x = .nan
    odd.widths[0] = .nan
    let strokes = Self.strokes + [odd] + Self.strokes
    let difference = DocumentDifference(
      comparing: Self.document(strokes), with: Self.document(strokes), maximumAlignmentWork: 0)
    #expect(difference.isEqual && difference.unchanged == 21)
  }
}
