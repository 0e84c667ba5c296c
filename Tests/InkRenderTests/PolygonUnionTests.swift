import Foundation
import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

/// The union of a stroke's overlapping polygons is its boundary: everywhere, the winding
/// number of the union's loops is 1 where the polygons' non-zero fill has ink and 0 elsewhere
/// (no overlaps left, so either fill rule gives the same ink).
struct PolygonUnionTests {
  /// The winding number of closed polygons around (x, y).
  static func winding(_ polygons: [[Vec2]], _ x: Double, _ y: Double) -> Int {
    var winding = 0
    for polygon in polygons {
      for (index, a) in polygon.enumerated() {
        let b = polygon[(index + 1) % polygon.count]
        guard (a.y <= y) != (b.y <= y) else { continue }
        let crossing = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
        if crossing > x { winding += b.y > a.y ? 1 : -1 }
      }
    }
    return winding
  }

  /// Checks the union of `polygons` at `count` random points of their box.
  static func expectBoundary(
    of polygons: [[Vec2]], points count: Int, random: inout SeededRandom, _ context: String
  ) throws -> Bool {
    guard let loops = PolygonUnion.boundary(of: polygons) else { return false }
    let all = polygons.flatMap { $0 }
    guard let minX = all.map(\.x).min(), let maxX = all.map(\.x).max(),
      let minY = all.map(\.y).min(), let maxY = all.map(\.y).max()
    else { return true }
    for _ in 0..<count {
      let x = random.uniform(minX, maxX)
      let y = random.uniform(minY, maxY)
      let ink = winding(polygons, x, y) != 0
      let union = winding(loops, x, y)
      #expect(union == (ink ? 1 : 0), "\(context) at (\(x), \(y)): union \(union), ink \(ink)")
    }
    return true
  }

  @Test func overlappingSquaresBecomeOneOutlineAndAHoleStaysAHole() throws {
    func square(_ x: Double, _ y: Double, _ side: Double, clockwise: Bool = false) -> [Vec2] {
      let corners = [Vec2(x, y), Vec2(x + side, y), Vec2(x + side, y + side), Vec2(x, y + side)]
      return clockwise ? corners.reversed() : corners
    }
    let two = try #require(PolygonUnion.boundary(of: [square(0, 0, 10), square(5, 5, 10)]))
    #expect(two.count == 1 && two[0].count == 8)
    // A ring of four bars around a hole: one outer loop and one hole.
    let bars = [
      [Vec2(0, 0), Vec2(30, 0), Vec2(30, 10), Vec2(0, 10)],
      [Vec2(20, 0), Vec2(30, 0), Vec2(30, 30), Vec2(20, 30)],
      [Vec2(0, 20), Vec2(30, 20), Vec2(30, 30), Vec2(0, 30)],
      [Vec2(0, 0), Vec2(10, 0), Vec2(10, 30), Vec2(0, 30)],
    ].map { $0.map { Vec2($0.x + 0.25, $0.y + 0.5) } }
    let ring = try #require(PolygonUnion.boundary(of: bars))
    #expect(ring.count == 2)
    #expect(Self.winding(ring, 15, 15) == 0 && Self.winding(ring, 5, 15) == 1)
    // Opposite windings cancel under the non-zero rule only where they overlap exactly:
    // a clockwise square is ink too.
    let mixed = try #require(PolygonUnion.boundary(of: [square(0, 0, 10, clockwise: true)]))
    #expect(mixed.count == 1 && Self.winding(mixed, 5, 5) == 1)
    #expect(PolygonUnion.boundary(of: [])?.isEmpty == true)
  }

  /// Ink piled on one spot (a stroke drawn back and forth over itself thousands of times)
  /// would make every edge cross every other: the union gives up within a budget linear in
  /// the edges, and the outliner keeps the polygons.
  @Test func aPileOfInkOnOneSpotIsNotMergedAtQuadraticCost() {
    let pile = (0..<4000).map { index -> [Vec2] in
      let angle = Double(index) * 0.001
      return (0..<6).map { corner in
        let a = angle + Double(corner) * Double.pi / 3
        return Vec2(10 * cos(a), 10 * sin(a))
      }
    }
    #expect(PolygonUnion.boundary(of: pile) == nil)
    // Long edges across one another fill the grid's cells: refused before it is built.
    let lines = (0..<3000).map { index -> [Vec2] in
      let y = Double(index)
      return [Vec2(0, y), Vec2(3000, 3000 - y), Vec2(3000, 3000 - y + 0.5)]
    }
    #expect(PolygonUnion.boundary(of: lines) == nil)
  }

  @Test func randomOverlappingPolygonsMergeExactly() throws {
    var random = SeededRandom(seed: 77)
    var merged = 0
    for round in 0..<200 {
      let polygons = (0..<(1 + random.below(5))).map { _ in
        let cx = random.uniform(0, 50)
        let cy = random.uniform(0, 50)
        let count = 3 + random.below(12)
        return (0..<count).map { index -> Vec2 in
          let angle = 2 * Double.pi * (Double(index) + random.uniform(0, 0.9)) / Double(count)
          let radius = random.uniform(2, 30)
          return Vec2(cx + radius * cos(angle), cy + radius * sin(angle))
        }
      }
      if try Self.expectBoundary(of: polygons, points: 300, random: &random, "round \(round)") {
        merged += 1
      }
    }
    #expect(merged >= 198, "\(merged) of 200 merged")
  }

  /// Every stroke of the real samples, stroked as the vector outliner strokes it by default
  /// (scale 1, half its 0.1 tolerance) and much finer (scale 4, 0.01): every union is exact,
  /// and by default every stroke merges. At the fine tolerance a few scribbles that pile
  /// their ink many times over one spot exceed the union's work allowance and keep their
  /// polygons.
  @Test(
    .enabled(if: ExternalSamples.isAvailable, "the shared WILL samples are not available"),
    arguments: ExternalSamples.names)
  func realStrokesMergeIntoTheirBoundary(_ name: String) throws {
    var random = SeededRandom(seed: UInt64(name.utf8.count))
    let strokes = try WillDocument(parsing: ExternalSamples.bytes(name)).strokes
    for (scale, tolerance) in [(1.0, 0.05), (4.0, 0.01)] {
      var merged = 0
      var measured = 0
      for (index, stroke) in strokes.enumerated() {
        let segments = CatmullRom.segments(of: stroke).map {
          $0.transformed(by: .scale(x: scale, y: scale), widthScale: 1)
        }
        guard !segments.isEmpty else { continue }
        var collector = PolygonCollector()
        PolygonOutliner(tolerance: tolerance).outline(segments, into: &collector)
        measured += 1
        if try Self.expectBoundary(
          of: collector.polygons, points: 48, random: &random,
          "\(name) stroke \(index) at scale \(scale)")
        {
          merged += 1
        }
      }
      if scale == 1 {
        #expect(merged == measured, "\(name): \(merged) of \(measured) merged")
      } else {
        #expect(merged * 100 >= measured * 80, "\(name): \(merged) of \(measured) merged")
      }
    }
  }
}
