import InkCodec
import Testing

@testable import InkRender

/// The SVG outline (cubic Béziers) and the PNG outline (flattened polygons) describe the same
/// union of discs.
struct ConsistencyTests {
  static let strokes: [Stroke] = [
    Stroke(
      points: [(2.0, 2.0), (2, 2), (30, 5), (8, 12), (28, 22), (5, 28), (5, 28)].map {
        InkPoint(x: $0.0, y: $0.1)
      }, widths: [1, 1, 5, 0.5, 7, 2, 2]),
    Stroke(
      points: [(4.0, 30.0), (4, 30), (18, 4), (19, 4.2), (32, 31), (32, 31)].map {
        InkPoint(x: $0.0, y: $0.1)
      }, widths: [3]),
  ]

  static func grid(_ fill: (inout CoverageRasterizer) -> Void) -> [Float] {
    var grid = [Float](repeating: 0, count: 72 * 72)
    var r = CoverageRasterizer(width: 72, height: 72)
    fill(&r)
    r.sweep { row, first, cov in
      for i in 0..<cov.count { grid[row * 72 + first + i] = cov[i] }
    }
    return grid
  }

  @Test(arguments: 0..<2)
  func bezierAndPolygonOutlinesCoverTheSamePixels(_ index: Int) {
    let segments = CatmullRom.segments(of: Self.strokes[index]).map {
      $0.transformed(by: .scale(x: 2, y: 2), widthScale: 1)
    }
    let bezier = Self.grid { r in
      r.addPath(StrokeOutliner(tolerance: 0.1).outline(of: segments), tolerance: 0.02)
    }
    let polygon = Self.grid { r in
      PolygonOutliner(tolerance: 0.1).outline(segments, into: &r)
    }
    var worst: Float = 0
    var total: Float = 0
    for (a, b) in zip(bezier, polygon) {
      worst = max(worst, abs(a - b))
      total += abs(a - b)
    }
    #expect(worst < 0.25)
    #expect(total < 0.02 * polygon.reduce(0, +))
  }

  @Test func polygonOutlinesAllWindTheSameWay() {
    for stroke in Self.strokes {
      let polygons = PolygonOutliner().polygons(of: CatmullRom.segments(of: stroke))
      #expect(!polygons.isEmpty)
      #expect(polygons.allSatisfy { Geometry.area($0) < 0 })
    }
  }
}

/// Filling precomputed polygons draws what rendering the page draws.
@Suite struct FillConsistencyTests {
  @Test func fillingThePagePolygonsMatchesRenderCanvas() throws {
    let strokes = [
      Stroke(
        points: [10, 10, 3, 10, 10, 3, 60, 40, 6, 110, 12, 2, 150, 60, 4, 150, 60, 4],
        layout: .xyWidth, color: InkColor(red: 200, green: 30, blue: 60)),
      Stroke(
        points: [20, 70, 20, 70, 90, 20, 160, 75, 160, 75], layout: .xy, width: 5,
        color: InkColor(red: 10, green: 90, blue: 200, alpha: 160)),
    ]
    let page = RenderPage(strokes: strokes, background: InkColor(red: 255, green: 255, blue: 255))
    let options = RenderOptions(scale: 2)
    let rendered = try Renderer.renderCanvas(page, options: options)
    let frame = Renderer.frame(of: page, options: options)
    var filled = Canvas(width: rendered.width, height: rendered.height, background: page.background)
    Renderer.fill(try Renderer.polygons(of: page, frame: frame, options: options), on: &filled)
    var worst = 0
    for (a, b) in zip(rendered.pixels, filled.pixels) { worst = max(worst, abs(Int(a) - Int(b))) }
    #expect(worst <= 1, "pixels differ by up to \(worst)")
    #expect(rendered.pixels.contains { $0 < 128 })
  }
}
