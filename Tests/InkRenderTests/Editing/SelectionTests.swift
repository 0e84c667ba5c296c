import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

@Suite struct SelectionTests {
  /// Three horizontal lines at y = 20, 50, 80 from x = 10 to 90, width 2, with ids.
  static var section: Section {
    var section = Section(width: 100, height: 100)
    section.appendStrokes(
      [20.0, 50, 80].enumerated().map { index, y in
        Stroke(
          points: [10, y, 10, y, 90, y, 90, y].chunked, widths: [2], id: UInt32(index + 1))
      })
    return section
  }

  /// A lasso around the left half of the page, rows 10…60: the first line's left half and
  /// the second's.
  static let lasso = IntersectionTarget.polygon(
    [(0.0, 10.0), (50, 10), (50, 60), (0, 60)].map { InkPoint(x: $0.0, y: $0.1) })

  @Test func partlyInsideStrokesAreIncludedExcludedOrSplit() throws {
    var included = Self.section
    #expect(
      included.select(Self.lasso, partial: .include) == [
        StrokeIndex(element: 0, stroke: 0), StrokeIndex(element: 0, stroke: 1),
      ])
    #expect(included == Self.section)

    var excluded = Self.section
    #expect(excluded.select(Self.lasso, partial: .exclude).isEmpty)
    let whole = IntersectionTarget.rectangle(InkBounds(minX: 0, minY: 0, maxX: 100, maxY: 60))
    #expect(excluded.select(whole, partial: .exclude).count == 2)

    var split = Self.section
    let selected = split.select(Self.lasso, partial: .split)
    let strokes = split.strokes
    // Each crossed line became an inside piece and an outside piece; the third is untouched.
    try #require(strokes.count == 5)
    #expect(selected == [StrokeIndex(element: 0, stroke: 0), StrokeIndex(element: 0, stroke: 2)])
    #expect(strokes[4] == Self.section.strokes[2])
    #expect(strokes[0...3].map(\.id) == [4, 5, 6, 7])
    // The inside pieces reach the lasso's edge plus the ink's radius, the outside pieces start
    // clear of it.
    for index in selected {
      let end = try #require(CatmullRom.segments(of: split[stroke: index]).last?.b3.x)
      #expect(end >= 51 && end < 51.05)
    }
    let outsideStart = try #require(CatmullRom.segments(of: strokes[1]).first?.b0.x)
    #expect(outsideStart >= 51 && outsideStart < 51.05)
  }

  @Test func aSplitSelectionMovesAndTheRestStays() throws {
    var section = Self.section
    let selected = section.select(Self.lasso, partial: .split)
    let untouched = section.strokeIndices.filter { !selected.contains($0) }.map {
      section[stroke: $0]
    }
    section.transformStrokes(at: selected, by: .translation(x: 0, y: 5))
    for index in selected {
      #expect(section[stroke: index].points.allSatisfy { $0.y == 25 || $0.y == 55 })
    }
    #expect(
      section.strokeIndices.filter { !selected.contains($0) }.map { section[stroke: $0] }
        == untouched)
  }

  @Test func hitTestingFindsTheStrokesUnderAPoint() {
    let section = Self.section
    #expect(
      section.strokes(touching: .point(x: 30, y: 50.9)) == [StrokeIndex(element: 0, stroke: 1)])
    #expect(section.strokes(touching: .point(x: 30, y: 35)).isEmpty)
    #expect(section.strokes(touching: .circle(x: 30, y: 35, radius: 15)).count == 2)
  }

  /// Pieces of a split selection put back where they came from render as the stroke did.
  @Test func splitPiecesRenderAsTheWholeStroke() throws {
    var random = SeededRandom(seed: 41)
    for _ in 0..<8 {
      var section = Section(width: 130, height: 130)
      section.appendStrokes((0..<6).map { _ in EditingFixtures.stroke(&random) })
      let original = section.strokes
      section.select(.polygon(EditingFixtures.star(&random)), partial: .split)
      let before = try ErasingTests.render(original).rgba8()
      let after = try ErasingTests.render(section.strokes).rgba8()
      let changes = zip(before, after).map { abs(Int($0) - Int($1)) }
      // Where two pieces meet, each ends in its disc; at the stroke's edge there, the two
      // anti-aliased ends are composited one over the other.
      #expect(changes.max() ?? 0 <= 96)
      // That is a few pixels (three channels each) per cut.
      let cuts = section.strokes.count - original.count
      #expect(changes.filter { $0 > 32 }.count <= 3 * 4 * cuts)
    }
  }
}
