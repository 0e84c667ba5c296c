import Foundation
import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

/// One fitted Bézier outline per stroke against the swept shape, both filled at scale 4 by the
/// same rasteriser; their coverage must agree to a soft IoU of 0.995. Generated extreme strokes
/// are compared with the union of the hulls of consecutive discs (no heuristics); every stroke
/// of the real samples with the PNG renderer's polygons at a tenth of the tolerance.
struct BezierOutlineTests {
  static let scale = 4.0
  /// The outline's tolerance in device pixels at ``scale``: 0.005 page units.
  static let tolerance = 0.02

  /// Soft intersection over union of two coverage images (their alpha bytes).
  static func iou(_ a: Canvas, _ b: Canvas) -> Double {
    var both = 0.0
    var either = 0.0
    for i in stride(from: 3, to: a.pixels.count, by: 4) {
      let x = Double(a.pixels[i])
      let y = Double(b.pixels[i])
      both += min(x, y)
      either += max(x, y)
    }
    return either == 0 ? 1 : both / either
  }

  /// The IoU of a stroke's fitted outline with its exact shape, at ``scale``; `nil` when the
  /// stroke draws nothing.
  /// What an outline is compared with.
  enum Reference {
    /// The union of the hulls of consecutive discs along a finely flattened centre line: no
    /// run, join or containment heuristics; slow, for the generated strokes.
    case pieces
    /// The PNG renderer's polygons at a fine tolerance.
    case polygons(Double)
  }

  static func agreement(
    _ stroke: Stroke, reference: Reference = .pieces, outline: Reference? = nil
  ) -> Double? {
    let segments = CatmullRom.segments(of: stroke)
    guard !segments.isEmpty else { return nil }
    var box: (Double, Double, Double, Double)?
    for s in segments {
      for p in [s.b0, s.b1, s.b2, s.b3] {
        let r = max(p.width, 0) / 2 + 1
        box =
          box.map {
            (min($0.0, p.x - r), min($0.1, p.y - r), max($0.2, p.x + r), max($0.3, p.y + r))
          }
          ?? (p.x - r, p.y - r, p.x + r, p.y + r)
      }
    }
    guard let b = box else { return nil }
    let map = AffineTransform.scale(x: scale, y: scale).concatenating(
      .translation(x: -b.0, y: -b.1))
    let device = segments.map { $0.transformed(by: map, widthScale: 1) }
    let width = Int(((b.2 - b.0) * scale).rounded(.up)) + 1
    let height = Int(((b.3 - b.1) * scale).rounded(.up)) + 1
    guard width * height < 1 << 24 else { return nil }
    func polygons(_ reference: Reference) -> [[InkPoint]] {
      switch reference {
      case .pieces:
        var pieces = EnvelopeBuilder(tolerance: 0.01)
        for segment in device { pieces.addPieces(segment) }
        return pieces.path.polygons(tolerance: 0.01)
      case .polygons(let tolerance):
        return PolygonOutliner(tolerance: tolerance).polygons(of: device)
      }
    }
    let exact = polygons(reference)
    func fill(_ polygons: [[InkPoint]]) -> Canvas {
      var canvas = Canvas(width: width, height: height)
      Renderer.fill(
        [
          Renderer.StrokePolygons(
            layer: 0, stroke: 0, color: .black, blendMode: .sourceOver,
            parts: [.init(alpha: 1, geometry: polygons)])
        ], on: &canvas)
      return canvas
    }
    let drawn =
      outline.map(polygons)
      ?? BezierOutliner(tolerance: tolerance).path(of: device).polygons(tolerance: 0.005)
    return iou(fill(drawn), fill(exact))
  }

  static func stroke(
    _ points: [(Double, Double)], widths: [Double], ts: Float = 0, tf: Float = 1
  ) -> Stroke {
    var s = Stroke(points: points.map { InkPoint(x: $0.0, y: $0.1) }, widths: widths)
    s.startParameter = ts
    s.endParameter = tf
    return s
  }

  static let extremes: [(String, Stroke)] = [
    ("huge width", stroke([(0, 0), (0, 0), (30, 10), (60, 0), (60, 0)], widths: [120])),
    ("cusp", stroke([(0, 0), (0, 0), (40, 0), (0, 1), (40, 2), (40, 2)], widths: [6])),
    (
      "loop",
      stroke(
        [(0, 0), (0, 0), (30, 0), (30, 30), (0, 30), (15, -10), (40, -10), (40, -10)], widths: [5])
    ),
    ("single point", stroke([(5, 5), (5, 5), (5, 5), (5, 5)], widths: [7])),
    ("ts/tf trim", stroke([(0, 0), (10, 0), (30, 20), (60, 0)], widths: [4], ts: 0.3, tf: 0.6)),
    (
      "trimmed ends",
      stroke(
        [(0, 0), (10, 0), (30, 20), (50, 0), (80, 10), (90, 30)], widths: [3], ts: 0.5, tf: 0.25)
    ),
    (
      "width swings",
      stroke(
        [(0, 0), (0, 0), (2, 0), (4, 0), (6, 1), (8, 0), (8, 0)],
        widths: [0.1, 0.1, 40, 0.5, 30, 1, 1])
    ),
    ("zero width", stroke([(0, 0), (0, 0), (20, 5), (20, 5)], widths: [0])),
    (
      // A real stroke (chocolate_cake 43): the width swells and ebbs along a gentle curve,
      // so both sides' tangents turn at every vertex while the centre line barely does.
      "swell and ebb",
      stroke(
        [
          (285.00, 230.00), (285.00, 230.00), (285.22, 229.88), (285.99, 229.50),
          (287.68, 228.88), (289.72, 228.28), (291.47, 227.81), (292.64, 227.48),
          (294.00, 227.00), (294.00, 227.00),
        ], widths: [0.71, 0.71, 0.94, 1.57, 2.56, 3.87, 4.41, 4.32, 2.05, 2.05])
    ),
    (
      "zigzag",
      stroke((0..<40).map { (Double($0) * 2, $0 % 2 == 0 ? 0 : 9) }, widths: [2.5])
    ),
  ]

  @Test(arguments: extremes.map(\.0))
  func extremeStrokesMatchTheirShape(_ name: String) throws {
    let stroke = try #require(Self.extremes.first { $0.0 == name }?.1)
    if let iou = Self.agreement(stroke) {
      #expect(iou >= 0.995, "\(name): IoU \(iou)")
    } else {
      #expect(name == "zero width" || name == "trimmed ends" || name == "ts/tf trim")
    }
  }

  @Test(
    .enabled(if: ExternalSamples.isAvailable, "the shared WILL samples are not available"),
    arguments: ExternalSamples.names)
  func everyRealStrokeMatchesItsShape(_ name: String) throws {
    let strokes = try WillDocument(parsing: ExternalSamples.bytes(name)).strokes
    var worst = 1.0
    var measured = 0
    for (index, stroke) in strokes.enumerated() {
      guard let iou = Self.agreement(stroke, reference: .polygons(0.002)) else { continue }
      measured += 1
      worst = min(worst, iou)
      #expect(iou >= 0.995, "\(name) stroke \(index): IoU \(iou)")
    }
    #expect(measured > 0)
  }

  /// The PNG renderer's polygons against the exact union of discs, on random strokes whose
  /// width swings faster than they advance.
  @Test func polygonsMatchTheShapeWhereWidthsSwing() {
    var random = SeededRandom(seed: 18)
    for index in 0..<60 {
      let count = 5 + random.below(6)
      var x = 0.0
      var points: [(Double, Double)] = []
      for _ in 0..<count {
        points.append((x, random.uniform(-2, 2)))
        x += random.uniform(0.2, 3)
      }
      let widths = points.map { _ in random.uniform(0.2, 8) }
      guard let iou = Self.agreement(Self.stroke(points, widths: widths), outline: .polygons(0.01))
      else { continue }
      #expect(iou >= 0.995, "stroke \(index): \(points) \(widths): IoU \(iou)")
    }
  }

  @Test func boundsHoldTheCurvesExtremes() throws {
    let path = BezierOutliner().path(
      of: Self.stroke([(5, 5), (5, 5), (5, 5), (5, 5)], widths: [8]))
    let bounds = try #require(path.bounds)
    #expect(abs(bounds.minX - 1) < 0.06 && abs(bounds.maxX - 9) < 0.06)
    #expect(abs(bounds.minY - 1) < 0.06 && abs(bounds.maxY - 9) < 0.06)
    #expect(OutlinePath().bounds == nil)
  }

  @Test func aStrokeIsOneSubpathWhereItTurnsGently() {
    let points = (0..<30).map { index -> (Double, Double) in
      let t = Double(index)
      return (t * 3, 10 * sin(t / 4))
    }
    let stroke = Self.stroke(points, widths: [3])
    let path = BezierOutliner().path(of: stroke)
    #expect(path.elements.filter { if case .move = $0 { true } else { false } }.count == 1)
  }
}
