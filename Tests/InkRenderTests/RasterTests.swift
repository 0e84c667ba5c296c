import Testing

@testable import InkRender

struct RasterTests {
  static func square(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [(Double, Double)] {
    [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
  }

  @Test func alignedUnitSquareIsOpaque() {
    let g = Geometry.coverage([Self.square(2, 1, 1, 1)], width: 5, height: 4)
    for y in 0..<4 {
      for x in 0..<5 { #expect(g[y][x] == (x == 2 && y == 1 ? 1 : 0)) }
    }
  }

  @Test func halfCoveredPixelIsHalfAlpha() {
    let vertical = Geometry.coverage([Self.square(1.5, 0, 1, 1)], width: 4, height: 2)
    #expect(abs(vertical[0][1] - 0.5) < 1e-6 && abs(vertical[0][2] - 0.5) < 1e-6)
    let horizontal = Geometry.coverage([Self.square(1, 0.5, 1, 1)], width: 4, height: 3)
    #expect(abs(horizontal[0][1] - 0.5) < 1e-6 && abs(horizontal[1][1] - 0.5) < 1e-6)
    let diagonal = Geometry.coverage([[(1, 1), (2, 1), (1, 2)]], width: 4, height: 3)
    #expect(abs(diagonal[1][1] - 0.5) < 1e-6)
  }

  @Test func reversedWindingChangesNothing() {
    let shape: [(Double, Double)] = [(0.3, 0.2), (7.1, 1.7), (5.2, 6.6), (1.4, 4.9)]
    let a = Geometry.coverage([shape], width: 8, height: 8)
    let b = Geometry.coverage([shape.reversed()], width: 8, height: 8)
    #expect(a == b)
  }

  @Test func summedCoverageEqualsArea() {
    let shape: [(Double, Double)] = [(0.3, 0.2), (7.1, 1.7), (5.2, 6.6), (1.4, 4.9)]
    let g = Geometry.coverage([shape], width: 8, height: 8)
    let area = abs(
      Geometry.area(shape.map { .init(x: $0.0, y: $0.1) }))
    let sum = g.joined().reduce(0.0) { $0 + Double($1) }
    #expect(abs(sum - area) < 1e-4)
  }

  @Test func overlappingSubpathsFillTheirUnion() {
    // Two squares sharing an edge region: non-zero union, no double counting at the shared
    // boundary pixels.
    let g = Geometry.coverage(
      [Self.square(0.5, 0.5, 3, 3), Self.square(0.5, 0.5, 3, 3), Self.square(2.25, 0.5, 2, 3)],
      width: 6, height: 5)
    let sum = g.joined().reduce(0.0) { $0 + Double($1) }
    #expect(abs(sum - 3.75 * 3) < 1e-4)
    #expect(abs(g[0][0] - 0.25) < 1e-6)
    #expect(g.joined().allSatisfy { $0 <= 1 })
  }

  @Test func oppositeWindingsCancelOnlyWhereTheyOverlap() {
    // Non-zero rule: a square inside another with reversed direction is a hole.
    let g = Geometry.coverage(
      [Self.square(0, 0, 4, 4), Array(Self.square(1, 1, 2, 2).reversed())], width: 4, height: 4)
    #expect(g[1][1] == 0 && g[0][0] == 1)
  }

  @Test func geometryOutsideTheCanvasIsClippedExactly() {
    let g = Geometry.coverage(
      [[(-5, 0.5), (2.5, 0.5), (2.5, 1.5), (-5, 1.5)]], width: 4, height: 2)
    #expect(abs(g[0][0] - 0.5) < 1e-6 && abs(g[0][2] - 0.25) < 1e-6 && g[0][3] == 0)
  }
}
