import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

/// Replays of UIM strokes drawn with their own brushes: every frame, the part written of a
/// stroke too, is what a still render draws of the ink written by then, with the brush's
/// shapes or particles.
struct UIMReplayTests {
  /// ``UIMBrushRenderTests/document(_:channels:)`` with a second stroke 50 units below the
  /// first.
  static func twoStrokes(_ uim: UIMDocument) -> UIMDocument {
    var uim = uim
    var second = uim.inkData.strokes[0]
    second[.y] = second[.y].map { $0 + 50 }
    uim.inkData.strokes.append(second)
    return uim
  }

  /// The first section of `uim` with its strokes drawn with their brushes (unless `shaped`
  /// is false), and its timeline: the pen's timestamps when every stroke has them, else a
  /// steady pen speed (as `willdoc render --animate` times it).
  static func page(_ uim: UIMDocument, shaped: Bool = true) throws -> (
    RenderPage, ReplayTimeline
  ) {
    var losses = ConversionLosses()
    var sources: [Int] = []
    let document = try WillDocument(
      converting: uim, limits: .default, losses: &losses, strokeSources: &sources)
    var page = RenderPage(section: document.sections[0], paints: document.paints)
    let count = page.layers.reduce(0) { $0 + $1.strokes.count }
    if shaped { page.shapeStrokes(of: uim, sources: Array(sources.prefix(count))) }
    let times = uim.strokeTimes()
    let own = sources.prefix(count).compactMap { times[$0] }
    let timeline =
      own.count == count
      ? ReplayTimeline(page: page, timestamps: own) ?? ReplayTimeline(penSpeedOf: page)
      : ReplayTimeline(penSpeedOf: page)
    return (page, timeline)
  }

  /// The page with only the ink written at `time`: the strokes that have ended, and the part
  /// written of the next (its shapes cut likewise); the rest empty.
  static func written(_ page: RenderPage, _ timeline: ReplayTimeline, at time: Double)
    -> RenderPage
  {
    let (ended, cut) = timeline.progress(at: time)
    var result = page
    var position = 0
    for l in page.layers.indices {
      for i in page.layers[l].strokes.indices {
        defer { position += 1 }
        if position < ended { continue }
        let stroke = page.layers[l].strokes[i]
        if position == ended, let cut {
          result.layers[l].strokes[i] = ReplayTimeline.prefix(of: stroke, cut: cut)
          result.layers[l].shapedStrokes[i] = page.layers[l].shapedStrokes[i].flatMap {
            ReplayTimeline.prefix(of: $0, cut: cut, points: stroke.points.count)
          }
        } else {
          result.layers[l].strokes[i] = Stroke(points: [], widths: [])
          result.layers[l].shapedStrokes[i] = nil
        }
      }
    }
    return result
  }

  /// The replay's frames, and each frame as a still render draws the ink written by then
  /// (on the whole page's frame), straight RGBA.
  static func replay(
    _ page: RenderPage, _ timeline: ReplayTimeline, duration: Double, fps: Int
  ) throws -> (frames: APNGFrames, expected: [[UInt8]]) {
    let options = RenderOptions()
    var report = RenderReport()
    let replay = ReplayOptions(duration: duration, framesPerSecond: fps)
    let bytes = try Renderer.renderReplay(
      page, timeline: timeline, options: options, replay: replay, report: &report)
    let frame = Renderer.frame(of: page, options: options)
    let count = replay.frameCount
    let expected = try (1...count).map { k in
      let time = timeline.end * Double(k) / Double(count)
      var ignored = RenderReport()
      return try Renderer.draw(
        k == count ? page : written(page, timeline, at: time), options: options,
        budget: .unlimited(), report: &ignored, images: ImageCache(), frame: frame
      ).rgba8()
    }
    return (APNGFrames(bytes), expected)
  }

  /// The alpha at page point (x, y) of a frame's straight RGBA.
  static func alpha(_ rgba: [UInt8], _ page: RenderPage, _ x: Double, _ y: Double) -> UInt8 {
    let frame = Renderer.frame(of: page)
    let width = Int(frame.canvasSize(scale: 1).width)
    return rgba[(Int(y - frame.y) * width + Int(x - frame.x)) * 4 + 3]
  }

  /// Expects a well-formed replay of 10 frames, each equal to the still render `expected`
  /// holds for it.
  static func expectFrames(_ apng: APNGFrames, equal expected: [[UInt8]]) throws {
    #expect(apng.problems.isEmpty, "\(apng.problems)")
    try #require(apng.frames.count == 10)
    for (k, frame) in apng.frames.enumerated() {
      // Compared first: a failing #expect would print every byte.
      let same = frame.image == expected[k]
      #expect(same, "frame \(k + 1)")
    }
  }

  @Test func aSquareBrushReplaysWithSquareEnds() throws {
    let uim = Self.twoStrokes(UIMBrushRenderTests.document(UIMBrushRenderTests.square))
    let (page, timeline) = try Self.page(uim)
    #expect(page.layers[0].shapedStrokes.count == 2)
    // At a steady pen: the first stroke from 0 to 0.4 s, the second from 0.6 to 1.
    #expect(timeline.end == 1)
    let (apng, expected) = try Self.replay(page, timeline, duration: 1, fps: 10)
    try Self.expectFrames(apng, equal: expected)
    // The last frame: both strokes with square ends, corners 10 units out. (Alphas are read
    // first: a failing #expect would print the frame.)
    let last = apng.frames[9].image
    for (x, y) in [(88.5, 58.5), (11.5, 41.5), (88.5, 91.5), (11.5, 108.5)] {
      let corner = Self.alpha(last, page, x, y)
      #expect(corner > 200, "\(x) \(y)")
    }
    // Frame 8, at 0.8 s: the first stroke whole, the second written to x = 50, its start
    // square, its end not yet drawn.
    let middle = apng.frames[7].image
    let written = [(88.5, 58.5), (11.5, 91.5), (11.5, 108.5), (75, 100)].map {
      Self.alpha(middle, page, $0.0, $0.1)
    }
    #expect(written[0] > 200 && written[1] > 200 && written[2] > 200, "\(written)")
    #expect(written[3] == 0)
    // Circles leave the start's corners empty.
    let (circles, circleTimeline) = try Self.page(uim, shaped: false)
    let (round, _) = try Self.replay(circles, circleTimeline, duration: 1, fps: 10)
    let roundCorners = [
      Self.alpha(round.frames[7].image, circles, 11.5, 91.5),
      Self.alpha(round.frames[9].image, circles, 11.5, 108.5),
    ]
    #expect(roundCorners.allSatisfy { $0 < 50 }, "\(roundCorners)")
  }

  @Test func rasterBrushStrokesReplayTheirParticles() throws {
    var uim = Self.twoStrokes(UIMBrushRenderTests.ringBrushDocument())
    // Scattered: where each particle lands depends on the stroke's seed (no stored one: its
    // place on the page), which the replay must keep.
    uim.brushes.rasterBrushes[0].scattering = 1
    let (page, timeline) = try Self.page(uim)
    #expect(page.layers[0].particleStrokes == [0, 1])
    let (apng, expected) = try Self.replay(page, timeline, duration: 1, fps: 10)
    // The particles are those of the still render, with the same seeds, frame by frame.
    try Self.expectFrames(apng, equal: expected)
    let grows = apng.frames[7].image != apng.frames[9].image
    #expect(grows)
    // Not the solid strokes the page draws without its brushes.
    let (solid, solidTimeline) = try Self.page(uim, shaped: false)
    let (plain, _) = try Self.replay(solid, solidTimeline, duration: 1, fps: 10)
    let differs = plain.frames[7].image != apng.frames[7].image
    #expect(differs)
  }

  /// Every real UIM file replays as it renders: each frame is the still render of the ink
  /// written by then, the last the still render of the page, pixel for pixel.
  @Test(.enabled(if: UIMSamples.isAvailable), arguments: UIMSamples.names)
  func realSamplesReplayAsTheyRender(name: String) throws {
    let uim = try UIMDocument(parsing: UIMSamples.bytes(name))
    let (page, timeline) = try Self.page(uim)
    #expect(page.layers.contains { !$0.shapedStrokes.isEmpty })
    let (apng, expected) = try Self.replay(page, timeline, duration: 1, fps: 4)
    #expect(apng.problems.isEmpty, "\(name): \(apng.problems)")
    try #require(apng.frames.count == 4)
    let still = try Renderer.renderCanvas(page).rgba8()
    let lastIsStill = apng.frames[3].image == still
    #expect(lastIsStill, "\(name)")
    for k in 0..<3 {
      let (same, growing) = (apng.frames[k].image == expected[k], apng.frames[k].image != still)
      #expect(same, "\(name): frame \(k + 1)")
      #expect(growing, "\(name): frame \(k + 1)")
    }
  }
}
