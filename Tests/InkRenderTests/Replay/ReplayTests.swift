import InkCodec
import Testing

@testable import InkRender

/// Replays: the timeline's rules, the APNG's frames and delays, the last frame equal to the
/// still render pixel for pixel, and the budgets.
struct ReplayTests {
  static let paper = InkColor(rgba: 0xFFF8_E0FF)

  /// A straight stroke from `a` to `b` through `count` points (the first and last doubled as
  /// the spline's control points).
  static func line(
    _ a: (Double, Double), _ b: (Double, Double), count: Int = 6, width: Double = 4,
    color: UInt32 = 0x2040_80FF, mode: BlendMode = .sourceOver
  ) -> Stroke {
    let points = (0..<count).map { i in
      let f = Double(i) / Double(count - 1)
      return InkPoint(x: a.0 + (b.0 - a.0) * f, y: a.1 + (b.1 - a.1) * f)
    }
    var stroke = Stroke(
      points: [points[0]] + points + [points[count - 1]], widths: [width],
      colors: [InkColor(rgba: color)])
    stroke.blendMode = mode
    return stroke
  }

  static func page(_ strokes: [Stroke], background: InkColor? = paper) -> RenderPage {
    RenderPage(
      width: 120, height: 80, background: background,
      layers: [
        RenderLayer(strokes: Array(strokes.prefix(2))),
        RenderLayer(strokes: Array(strokes.dropFirst(2)), transform: .translation(x: 3, y: 2)),
      ])
  }

  static let strokes = [
    line((10, 10), (110, 10)), line((10, 30), (60, 70), width: 6),
    line((20, 50), (100, 50), color: 0xC0_2020FF), line((30, 20), (30, 70)),
  ]

  static func replay(
    _ page: RenderPage, duration: Double = 2, fps: Int = 5, options: RenderOptions = .init()
  ) throws -> (bytes: [UInt8], frames: APNGFrames, still: [UInt8]) {
    var report = RenderReport()
    let bytes = try Renderer.renderReplay(
      page, timeline: ReplayTimeline(penSpeedOf: page), options: options,
      replay: ReplayOptions(duration: duration, framesPerSecond: fps), report: &report)
    let still = try #require(PNGReader.decode(try Renderer.renderPNG(page, options: options)))
    return (bytes, APNGFrames(bytes), still.rgba)
  }

  @Test(arguments: [(2.0, 5), (1.5, 10), (0.1, 1), (3.33, 3)])
  func framesAndDelays(duration: Double, fps: Int) throws {
    let (_, apng, still) = try Self.replay(Self.page(Self.strokes), duration: duration, fps: fps)
    let expected = max(1, Int((duration * Double(fps)).rounded()))
    #expect(apng.problems.isEmpty, "\(apng.problems)")
    #expect(apng.declaredFrames == expected)
    #expect(apng.frames.count == expected)
    #expect(apng.plays == 1)
    // The delays, in milliseconds, add up to the duration.
    #expect(apng.frames.allSatisfy { $0.delayDenominator == 1000 && $0.dispose == 0 })
    #expect(apng.frames.reduce(0) { $0 + $1.delayNumerator } == Int((duration * 1000).rounded()))
    #expect(apng.frames.last?.image == still)
  }

  @Test func lastFrameAndDefaultImageAreTheStillRender() throws {
    for page in [
      Self.page(Self.strokes),
      // Transparent paper: frames replace their rectangle rather than draw over it.
      Self.page(Self.strokes, background: nil),
      // An eraser and a destination-over stroke: the page has an ink layer of its own.
      Self.page(
        Self.strokes + [
          Self.line((10, 40), (110, 40), width: 10, mode: .destinationOut),
          Self.line((10, 60), (110, 20), width: 8, color: 0x20C0_20FF, mode: .destinationOver),
        ]),
    ] {
      var options = RenderOptions()
      options.scale = 1.5
      let (bytes, apng, still) = try Self.replay(page, options: options)
      #expect(apng.problems.isEmpty, "\(apng.problems)")
      #expect(!apng.defaultImageIsFrame)
      #expect(apng.frames.last?.image == still)
      // A reader without APNG shows the finished page.
      #expect(PNGReader.decode(bytes)?.rgba == still)
    }
  }

  @Test func inkGrowsAndLaterFramesAreRectangles() throws {
    let (_, apng, _) = try Self.replay(Self.page(Self.strokes), duration: 4, fps: 10)
    let inked = apng.frames.map { frame in
      stride(from: 0, to: frame.image.count, by: 4).filter { frame.image[$0] < 0xF0 }.count
    }
    #expect(inked == inked.sorted())
    #expect(inked.first! < inked[inked.count / 2] && inked[inked.count / 2] < inked.last!)
    // The first frame is whole; later ones are the rectangle that changed, drawn over.
    #expect(apng.frames[0].width == 120 && apng.frames[0].height == 80)
    #expect(apng.frames.dropFirst().allSatisfy { $0.width * $0.height < 120 * 80 })
    #expect(apng.frames.dropFirst().contains { $0.blend == 1 })
  }

  @Test func penSpeedTimeline() {
    let page = RenderPage(
      layers: [
        RenderLayer(strokes: [Self.line((0, 0), (300, 0), count: 4)]),
        RenderLayer(
          strokes: [Self.line((0, 0), (0, 75), count: 2)], transform: .scale(x: 2, y: 2)),
      ])
    let timeline = ReplayTimeline(penSpeedOf: page)
    // 300 units at 150 a second; a pause of 0.2; 150 units (75 scaled by 2).
    let firstLine: [Double] = [0, 0, 2.0 / 3, 4.0 / 3, 2, 2]
    #expect(timeline.pointTimes[0] == firstLine)
    #expect(timeline.pointTimes[1] == [2.2, 2.2, 3.2, 3.2])
    #expect(timeline.end == 3.2)
  }

  @Test func timestampTimelineShortensLongPauses() throws {
    let strokes = [Self.line((0, 0), (10, 0), count: 2), Self.line((0, 5), (10, 5), count: 2)]
    let page = RenderPage(layers: [RenderLayer(strokes: strokes)])
    let timeline = try #require(
      ReplayTimeline(
        page: page,
        timestamps: [[1000, 1000.5, 1000.5, 1001], [1060, 1059, 1061, 1061.25]]))
    // 59 s between the strokes become 2; the time that goes back is held.
    #expect(timeline.pointTimes[0] == [0, 0.5, 0.5, 1])
    #expect(timeline.pointTimes[1] == [3, 3, 4, 4.25])
    #expect(timeline.end == 4.25)
    #expect(ReplayTimeline(page: page, timestamps: [[1, 2, 3, 4]]) == nil)
    #expect(ReplayTimeline(page: page, timestamps: [[1, 2, 3, 4], [5, .nan, 6, 7]]) == nil)
    // Half-way through the second stroke: one stroke ended, the next up to x = 5.
    let ink = timeline.ink(at: 3.5, of: strokes)
    #expect(ink.ended == 1)
    #expect(ink.partial?.points.suffix(2) == [InkPoint(x: 5, y: 5), InkPoint(x: 5, y: 5)])
  }

  @Test func budgets() throws {
    let page = Self.page([Self.line((10, 10), (40, 10))])
    func run(_ replay: ReplayOptions, _ limits: RenderLimits = .default) throws(WillError) {
      var report = RenderReport()
      var options = RenderOptions()
      options.limits = limits
      _ = try Renderer.renderReplay(
        page, timeline: ReplayTimeline(penSpeedOf: page), options: options, replay: replay,
        report: &report)
    }
    // 600 frames of 9 600 pixels at 4 units each cannot be paid with 10^6.
    let total = #expect(throws: WillError.self) {
      try run(ReplayOptions(duration: 60, framesPerSecond: 10, maxTotalWork: 1_000_000))
    }
    guard case .renderLimitExceeded(.totalWork, let value, 1_000_000)? = total?.kind else {
      Issue.record("\(String(describing: total))")
      return
    }
    #expect(value > 600 * 9_600 * 4)
    // One frame over its own limit: the still render fits it, the first of two frames (whole,
    // 20 units a pixel) does not.
    var report = RenderReport()
    _ = try Renderer.renderPNG(page, options: RenderOptions(), report: &report)
    try #require(report.work < 9_600 * 20)
    let frame = #expect(throws: WillError.self) {
      try run(
        ReplayOptions(duration: 1, framesPerSecond: 2),
        RenderLimits(maxWork: report.work, maxCanvasPixels: 1 << 25))
    }
    guard case .renderLimitExceeded(.work, _, report.work)? = frame?.kind else {
      Issue.record("\(String(describing: frame))")
      return
    }
    #expect(throws: WillError.self) { try run(ReplayOptions(duration: 601, framesPerSecond: 1)) }
    #expect(throws: WillError.self) { try run(ReplayOptions(duration: 1, framesPerSecond: 61)) }
  }
}
