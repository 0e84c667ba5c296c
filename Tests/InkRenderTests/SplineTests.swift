import InkCodec
import Testing

@testable import InkRender

struct SplineTests {
  static func stroke(_ xy: [(Double, Double)], widths: [Double] = [2], ts: Float = 0, tf: Float = 1)
    -> Stroke
  {
    Stroke(
      points: xy.map { InkPoint(x: $0.0, y: $0.1) }, widths: widths, startParameter: ts,
      endParameter: tf)
  }

  static let wave = stroke(
    [(0, 0), (10, 5), (20, -3), (30, 8), (45, 2), (50, 20), (60, 15)],
    widths: [1, 2, 3, 4, 5, 6, 7])

  @Test func segmentsInterpolateTheInnerControlPoints() {
    let segments = CatmullRom.segments(of: Self.wave)
    #expect(segments.count == 4)
    for (i, s) in segments.enumerated() {
      let a = Self.wave.points[i + 1]
      let b = Self.wave.points[i + 2]
      #expect(s.point(at: 0).x == a.x && s.point(at: 0).y == a.y)
      #expect(abs(s.point(at: 1).x - b.x) < 1e-12 && abs(s.point(at: 1).y - b.y) < 1e-12)
      #expect(abs(s.point(at: 0).width - Double(i + 2)) < 1e-12)
    }
  }

  @Test func bezierFormMatchesCatmullRom() {
    // Uniform Catmull-Rom: P(t) = ½[2P1 + (−P0+P2)t + (2P0−5P1+4P2−P3)t² + (−P0+3P1−3P2+P3)t³].
    let p = [0.0, 10, 20, 30].map { SplinePoint(x: $0 * $0 / 7, y: -$0, width: $0 / 10, alpha: 1) }
    let s = CatmullRom.segment(p[0], p[1], p[2], p[3])
    for t in stride(from: 0.0, through: 1, by: 0.125) {
      func cr(_ v: [Double]) -> Double {
        0.5
          * (2 * v[1] + (-v[0] + v[2]) * t + (2 * v[0] - 5 * v[1] + 4 * v[2] - v[3]) * t * t
            + (-v[0] + 3 * v[1] - 3 * v[2] + v[3]) * t * t * t)
      }
      #expect(abs(s.point(at: t).x - cr(p.map(\.x))) < 1e-9)
      #expect(abs(s.point(at: t).y - cr(p.map(\.y))) < 1e-9)
      #expect(abs(s.point(at: t).width - cr(p.map(\.width))) < 1e-9)
    }
  }

  @Test func segmentsAreC1Continuous() {
    let segments = CatmullRom.segments(of: Self.wave)
    for i in 1..<segments.count {
      let a = segments[i - 1]
      let b = segments[i]
      #expect(abs(a.point(at: 1).x - b.point(at: 0).x) < 1e-12)
      #expect(abs(a.derivative(at: 1).x - b.derivative(at: 0).x) < 1e-9)
      #expect(abs(a.derivative(at: 1).y - b.derivative(at: 0).y) < 1e-9)
      #expect(abs(a.derivative(at: 1).width - b.derivative(at: 0).width) < 1e-9)
    }
  }

  @Test func tsAndTfTrimTheFirstAndLastSegments() {
    var trimmed = Self.wave
    trimmed.startParameter = 0.25
    trimmed.endParameter = 0.75
    let whole = CatmullRom.segments(of: Self.wave)
    let cut = CatmullRom.segments(of: trimmed)
    #expect(cut.count == whole.count)
    let start = whole[0].point(at: 0.25)
    #expect(abs(cut[0].point(at: 0).x - start.x) < 1e-12)
    #expect(abs(cut[0].point(at: 1).x - whole[0].point(at: 1).x) < 1e-12)
    let end = whole[3].point(at: 0.75)
    #expect(abs(cut[3].point(at: 1).y - end.y) < 1e-12)
    #expect(abs(cut[3].point(at: 0).y - whole[3].point(at: 0).y) < 1e-12)
    // The trimmed curve lies on the original one.
    let mid = cut[0].point(at: 0.5)
    let original = whole[0].point(at: 0.625)
    #expect(abs(mid.x - original.x) < 1e-9 && abs(mid.y - original.y) < 1e-9)
    #expect(cut[1] == whole[1])
  }

  @Test func fourPointsTrimOneSegmentAtBothEnds() {
    let s = Self.stroke([(0, 0), (10, 0), (20, 10), (30, 10)], ts: 0.2, tf: 0.6)
    let cut = CatmullRom.segments(of: s)
    let whole = CatmullRom.segments(of: Self.stroke([(0, 0), (10, 0), (20, 10), (30, 10)]))
    #expect(cut.count == 1)
    #expect(abs(cut[0].point(at: 0).x - whole[0].point(at: Double(Float(0.2))).x) < 1e-12)
    #expect(abs(cut[0].point(at: 1).x - whole[0].point(at: Double(Float(0.6))).x) < 1e-12)
  }

  @Test(arguments: [0, 1, 2, 3])
  func fewerThanFourPointsDrawNothing(_ count: Int) {
    let s = Self.stroke(Array([(0, 0), (1, 1), (2, 2)].prefix(count)))
    #expect(CatmullRom.segments(of: s).isEmpty)
  }

  @Test(arguments: [(Float(0.7), Float(0.3)), (0.5, 0.5), (1, 1), (.nan, 1)])
  func emptyParameterRangeDrawsNothing(_ ts: Float, _ tf: Float) throws {
    let s = Self.stroke([(0, 0), (10, 0), (20, 10), (30, 10)], ts: ts, tf: tf)
    #expect(CatmullRom.segments(of: s).isEmpty)
    let png = try Renderer.renderCanvas(RenderPage(strokes: [s]))
    #expect(png.pixels.allSatisfy { $0 == 0 })
  }

  @Test func zeroLengthStrokeIsADot() throws {
    let s = Self.stroke(Array(repeating: (5, 5), count: 4), widths: [6])
    #expect(CatmullRom.segments(of: s).count == 1)
    let canvas = try Renderer.renderCanvas(
      RenderPage(width: 10, height: 10, layers: [RenderLayer(strokes: [s])]),
      options: RenderOptions(scale: 4))
    let area = Geometry.inkArea(canvas)
    // A disc of radius 3 page units = 12 pixels, within the tolerance (0.1 px) times the
    // perimeter.
    #expect(abs(area - Double.pi * 144) <= 2 * Double.pi * 12 * 0.1)
  }
}
