import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

@Suite struct ErasingTests {
  static let scale = 2.0
  static let size = 130.0

  static func render(_ strokes: [Stroke]) throws -> Canvas {
    try Renderer.renderCanvas(
      RenderPage(
        width: size, height: size, background: InkColor(red: 255, green: 255, blue: 255),
        layers: [RenderLayer(strokes: strokes)]),
      options: RenderOptions(scale: scale))
  }

  /// Erase, then render: inside the eraser the page is bare; away from it (further than the
  /// widest erased stroke: a disc of ink that touches the eraser reaches that far, and a
  /// piece ends with the last disc clear of it) every pixel is
  /// as before, within anti-aliasing. (The eraser's distances come from ``TargetDistance``,
  /// which StrokeIntersectorTests checks against sampling.)
  @Test(arguments: 0..<5) func erasingClearsTheEraserAndKeepsTheRest(kind: Int) throws {
    var random = SeededRandom(seed: 900 + UInt64(kind))
    var checkedInside = 0
    var checkedOutside = 0
    var changedOutside = 0
    for _ in 0..<6 {
      let strokes = (0..<10).map { _ in EditingFixtures.stroke(&random) }
      let eraser = EditingFixtures.target(&random, kind: kind)
      var section = Section(width: Self.size, height: Self.size)
      section.appendStrokes(strokes)
      let result = section.erase(with: eraser)
      let erased = section.strokes
      let before = try Self.render(strokes).rgba8()
      let after = try Self.render(erased).rgba8()
      let widest = strokes.flatMap(\.widths).max() ?? 1
      let width = Int(Self.size * Self.scale)
      var distances = TargetDistance(eraser)
      distances.focus(
        on: InkBounds(minX: 0, minY: 0, maxX: Self.size, maxY: Self.size), margin: 1e9)
      let pixel = 1 / Self.scale
      for row in stride(from: 0, to: width, by: 1) {
        for column in stride(from: 0, to: width, by: 1) {
          let x = (Double(column) + 0.5) * pixel
          let y = (Double(row) + 0.5) * pixel
          let distance = distances.distance(x: x, y: y)
          let offset = (row * width + column) * 4
          if distance < -pixel {
            checkedInside += 1
            #expect(after[offset] == 255 && after[offset + 1] == 255, "(\(x), \(y)) inside")
          } else if distance > widest * 7 / 6 + 2 * pixel {
            checkedOutside += 1
            // A trimmed segment is flattened at other places than the whole one, so edge
            // pixels may differ by a fraction of their coverage.
            let change = abs(Int(after[offset]) - Int(before[offset]))
            #expect(change <= 64, "(\(x), \(y)) outside changed by \(change)")
            if change > 16 { changedOutside += 1 }
          }
        }
      }
      #expect(result.changedAnything || erased == strokes)
    }
    #expect(checkedInside > 1000 && checkedOutside > 10000)
    #expect(changedOutside * 1000 < checkedOutside, "\(changedOutside) of \(checkedOutside)")
  }

  @Test func wholeStrokeErasingRemovesEveryTouchedStrokeAndNothingElse() {
    var section = Section(width: 100, height: 100)
    let touched = Stroke(points: [10, 10, 10, 10, 90, 10, 90, 10].chunked, widths: [2])
    let missed = Stroke(points: [10, 80, 10, 80, 90, 80, 90, 80].chunked, widths: [2])
    section.appendStrokes([touched, missed])
    let result = section.erase(with: .point(x: 50, y: 10.5), mode: .wholeStrokes)
    #expect(result == ErasingResult(removedStrokes: 1, splitStrokes: 0, pieces: 0))
    #expect(section.strokes == [missed])
  }

  @Test func partialErasingSplitsAndNumbersThePieces() throws {
    var section = Section(width: 100, height: 100)
    var line = Stroke(points: [10, 10, 10, 10, 50, 10, 90, 10, 90, 10].chunked, widths: [2], id: 7)
    line.colors = [InkColor(red: 200, green: 0, blue: 0)]
    line.blendMode = .directDarken
    let eraser = Stroke(points: [50, 0, 50, 0, 50, 100, 50, 100].chunked, widths: [0], id: 9)
    var eraserInk = eraser
    eraserInk.blendMode = .destinationOut
    section.appendStrokes([line, eraserInk])
    let result = section.erase(with: .circle(x: 50, y: 10, radius: 5))
    #expect(result == ErasingResult(removedStrokes: 0, splitStrokes: 1, pieces: 2))
    let strokes = section.strokes
    try #require(strokes.count == 3)
    #expect(strokes[0].id == 10 && strokes[1].id == 11)
    #expect(strokes[0...1].allSatisfy { $0.blendMode == .directDarken && $0.colors == line.colors })
    // The eraser stroke draws no ink and stays.
    #expect(strokes[2] == eraserInk)
    // The left piece ends where its ink meets the circle: x = 50 − 5 − 1.
    let end = try #require(CatmullRom.segments(of: strokes[0]).last?.b3.x)
    #expect(abs(end - 44) < 0.02 && end <= 44)
  }

  @Test func erasingEverythingLeavesTheElementsEmpty() {
    var section = Section(width: 100, height: 100)
    section.appendStrokes([Stroke(points: [10, 10, 10, 10, 90, 10, 90, 10].chunked, widths: [2])])
    let result = section.erase(with: .rectangle(InkBounds(minX: 0, minY: 0, maxX: 100, maxY: 100)))
    #expect(result.removedStrokes == 1)
    #expect(section.strokes.isEmpty && section.pathsElements.count == 1)
  }
}
