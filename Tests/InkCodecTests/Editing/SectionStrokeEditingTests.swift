import InkCodec
import Testing

@Suite struct SectionStrokeEditingTests {
  static func stroke(_ x: Double, id: UInt32? = nil) -> Stroke {
    Stroke(points: (0..<4).map { InkPoint(x: x + Double($0), y: x) }, widths: [1], id: id)
  }

  /// A section with a paths element at the top, a group holding another (with a transform),
  /// and an unmodelled rect between them.
  static var section: Section {
    let group = SectionGroup(
      transform: .translation(x: 100, y: 0),
      children: [.paths(PathsElement(strokes: [stroke(10, id: 5), stroke(11)]))])
    return Section(
      width: 200, height: 100, background: InkColor(red: 255, green: 255, blue: 255),
      nodes: [.paths(PathsElement(strokes: [stroke(1, id: 1), stroke(2, id: 2)])), .group(group)])
  }

  @Test func indicesFollowDocumentOrderThroughGroups() {
    let section = Self.section
    #expect(
      section.strokeIndices == [
        StrokeIndex(element: 0, stroke: 0), StrokeIndex(element: 0, stroke: 1),
        StrokeIndex(element: 1, stroke: 0), StrokeIndex(element: 1, stroke: 1),
      ])
    #expect(section[stroke: StrokeIndex(element: 1, stroke: 1)] == Self.stroke(11))
    #expect(section.largestStrokeID == 5)
  }

  @Test func insertRemoveReplaceAndMoveKeepTheTree() {
    var section = Self.section
    section.insertStrokes([Self.stroke(20)], at: StrokeIndex(element: 1, stroke: 1))
    #expect(section.pathsElements[1].element.strokes.map(\.points[0].x) == [10, 20, 11])
    section.removeStrokes(at: [
      StrokeIndex(element: 0, stroke: 0), StrokeIndex(element: 0, stroke: 0),
    ])
    #expect(section.pathsElements[0].element.strokes.map(\.points[0].x) == [2])
    section.replaceStroke(
      at: StrokeIndex(element: 0, stroke: 0), with: [Self.stroke(3), Self.stroke(4)])
    #expect(section.pathsElements[0].element.strokes.map(\.points[0].x) == [3, 4])
    section.moveStroke(
      from: StrokeIndex(element: 0, stroke: 0), to: StrokeIndex(element: 1, stroke: 3))
    #expect(section.pathsElements[0].element.strokes.map(\.points[0].x) == [4])
    #expect(section.pathsElements[1].element.strokes.map(\.points[0].x) == [10, 20, 11, 3])
    // The group, its transform, the background and the page are where they were.
    #expect(section.pathsElements[1].transform == .translation(x: 100, y: 0))
    #expect(section.background == InkColor(red: 255, green: 255, blue: 255) && section.width == 200)
    section.removeStrokes(at: section.strokeIndices)
    #expect(section.pathsElements.count == 2 && section.strokes.isEmpty)
  }

  @Test func appendingGoesToTheLastElementOrANewOne() {
    var section = Self.section
    #expect(section.appendStrokes([Self.stroke(30)]) == StrokeIndex(element: 1, stroke: 2))
    var empty = Section(width: 10, height: 10)
    #expect(empty.appendStrokes([Self.stroke(30)]) == StrokeIndex(element: 0, stroke: 0))
    #expect(empty.strokes == [Self.stroke(30)])
  }

  @Test func transformsAreGivenOnThePage() {
    var section = Self.section
    let indices = [StrokeIndex(element: 0, stroke: 0), StrokeIndex(element: 1, stroke: 0)]
    section.transformStrokes(at: indices, by: .translation(x: 0, y: 50))
    // Whatever the element's placement, the ink moves down the page by 50.
    for index in indices {
      let before = Self.section.pathsElements[index.element]
      let after = section.pathsElements[index.element]
      let was = before.transform.apply(
        x: before.element.strokes[index.stroke].points[0].x,
        y: before.element.strokes[index.stroke].points[0].y)
      let now = after.transform.apply(
        x: after.element.strokes[index.stroke].points[0].x,
        y: after.element.strokes[index.stroke].points[0].y)
      #expect(now.x == was.x && now.y == was.y + 50)
    }
    var scaled = Self.section
    scaled.transformStrokes(at: [StrokeIndex(element: 1, stroke: 1)], by: .scale(x: 3, y: 3))
    #expect(scaled[stroke: StrokeIndex(element: 1, stroke: 1)].widths == [3])
  }

  @Test func duplicatesTakeFreshIdsOnlyWhereTheOriginalHasOne() {
    var section = Self.section
    let copies = section.duplicateStrokes(
      at: [StrokeIndex(element: 0, stroke: 1), StrokeIndex(element: 1, stroke: 1)])
    #expect(copies == [StrokeIndex(element: 0, stroke: 2), StrokeIndex(element: 1, stroke: 2)])
    #expect(section[stroke: copies[0]].id == 6)
    #expect(section[stroke: copies[1]].id == nil)
    #expect(section[stroke: copies[0]].points == Self.stroke(2).points)
  }
}
