import InkCodec
import Testing

@testable import InkRender

struct OutlineTests {
  static func segments(_ xy: [(Double, Double)], width: Double) -> [CubicSegment] {
    CatmullRom.segments(
      of: Stroke(points: xy.map { InkPoint(x: $0.0, y: $0.1) }, widths: [width]))
  }

  @Test(arguments: [0.5, 3.0, 20.0])
  func straightStrokeAreaIsLengthTimesWidthPlusADisc(_ width: Double) throws {
    // Duplicated end points, as real strokes have: the curve runs from 10 to 110.
    let segs = Self.segments([(10, 10), (10, 10), (60, 10), (110, 10), (110, 10)], width: width)
    let polygons = StrokeOutliner(tolerance: 0.1).outline(of: segs).polygons(tolerance: 0.01)
    #expect(polygons.count == 1)
    let area = abs(polygons.map(Geometry.area).reduce(0, +))
    let expected = 100 * width + Double.pi * width * width / 4
    #expect(abs(area - expected) / expected < 0.005)
    // The rasteriser agrees.
    let stroke = Stroke(
      points: [(10, 10), (10, 10), (60, 10), (110, 10), (110, 10)].map {
        InkPoint(x: $0.0, y: $0.1)
      }, widths: [width])
    let canvas = try Renderer.renderCanvas(
      RenderPage(width: 140, height: 40, layers: [RenderLayer(strokes: [stroke])]))
    #expect(abs(Geometry.inkArea(canvas) - expected) / expected < 0.005)
  }

  @Test func allSubpathsWindTheSameWay() {
    // A tight hairpin forces the pieces fallback next to envelope runs.
    let segs = Self.segments(
      [(0, 0), (0, 0), (40, 0), (50, 2), (40, 4), (0, 6), (0, 6)], width: 6)
    let polygons = StrokeOutliner().outline(of: segs).polygons(tolerance: 0.05)
    #expect(polygons.count > 2)
    #expect(polygons.allSatisfy { Geometry.area($0) < 0 })
  }

  /// Distance from `p` to the union of discs swept along the segments, sampled densely.
  static func distanceOutside(_ x: Double, _ y: Double, _ segs: [CubicSegment]) -> Double {
    var best = Double.infinity
    for s in segs {
      for i in 0...400 {
        let q = s.point(at: Double(i) / 400)
        let d = ((q.x - x) * (q.x - x) + (q.y - y) * (q.y - y)).squareRoot() - q.width / 2
        best = min(best, d)
      }
    }
    return best
  }

  @Test(arguments: [170.0, 120.0, 179.0])
  func sharpTurnHasNoSpikesAndNoHoles(_ angle: Double) throws {
    let rad = angle * Double.pi / 180
    let tip = (30.0, 20.0)
    let back = (tip.0 - 25 * cos(rad), tip.1 + 25 * sin(rad))
    let stroke = Stroke(
      points: [(5.0, 20.0), (5, 20), (tip.0, tip.1), back, back].map {
        InkPoint(x: $0.0, y: $0.1)
      }, widths: [1, 1, 6, 3, 3])
    let page = RenderPage(width: 40, height: 40, layers: [RenderLayer(strokes: [stroke])])
    let canvas = try Renderer.renderCanvas(page, options: RenderOptions(scale: 2))
    let segs = CatmullRom.segments(of: stroke).map {
      $0.transformed(by: .scale(x: 2, y: 2), widthScale: 1)
    }
    var spikes = 0
    var holes = 0
    for y in 0..<canvas.height {
      for x in 0..<canvas.width {
        let a = canvas.pixel(x: x, y: y).alpha
        let d = Self.distanceOutside(Double(x) + 0.5, Double(y) + 0.5, segs)
        if d > 0.75 && a > 0.001 { spikes += 1 }
        if d < -0.75 && a < 0.999 { holes += 1 }
      }
    }
    #expect(spikes == 0)
    #expect(holes == 0)
  }

  @Test func variableWidthAndHairpinsMatchTheUnionOfDiscsInArea() throws {
    // Compare the rendered area with a brute-force estimate of the union of discs.
    let stroke = Stroke(
      points: [(2.0, 2.0), (2, 2), (30, 5), (8, 12), (28, 22), (5, 28), (5, 28)].map {
        InkPoint(x: $0.0, y: $0.1)
      }, widths: [1, 1, 5, 0.5, 7, 2, 2])
    let canvas = try Renderer.renderCanvas(
      RenderPage(width: 36, height: 36, layers: [RenderLayer(strokes: [stroke])]),
      options: RenderOptions(scale: 2))
    let segs = CatmullRom.segments(of: stroke).map {
      $0.transformed(by: .scale(x: 2, y: 2), widthScale: 1)
    }
    var inside = 0
    let n = 4
    for y in 0..<(72 * n) {
      for x in 0..<(72 * n) {
        let px = (Double(x) + 0.5) / Double(n)
        let py = (Double(y) + 0.5) / Double(n)
        if Self.distanceOutside(px, py, segs) <= 0 { inside += 1 }
      }
    }
    let brute = Double(inside) / Double(n * n)
    #expect(abs(Geometry.inkArea(canvas) - brute) / brute < 0.01)
  }
}

#if canImport(Glibc)
  import Glibc
#endif
