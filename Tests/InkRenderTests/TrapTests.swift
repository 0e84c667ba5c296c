import InkCodec
import InkRender
import Testing

struct TrapTests {
  @Test func emptyCanvasTraps() async {
    await #expect(processExitsWith: .failure) { _ = Canvas(width: 0, height: 10) }
  }

  /// Options are plain values: a bad one is an error when used, never a trap.
  @Test func badRenderOptionsThrowWhenUsed() throws {
    let page = RenderPage(
      width: 10, height: 10,
      layers: [
        RenderLayer(strokes: [
          Stroke(points: [InkPoint(x: 1, y: 1), InkPoint(x: 5, y: 5)], widths: [1])
        ])
      ])
    for options in [
      RenderOptions(scale: 0), RenderOptions(scale: -1), RenderOptions(scale: .nan),
      RenderOptions(scale: .infinity), RenderOptions(tolerance: 0),
      RenderOptions(tolerance: -.infinity),
    ] {
      for output in 0..<4 {
        let error = #expect(throws: WillError.self) {
          switch output {
          case 0: _ = try Renderer.renderCanvas(page, options: options)
          case 1: _ = try Renderer.renderPNG(page, options: options)
          case 2: _ = try Renderer.renderSVG(page, options: options)
          default: _ = try Renderer.renderOutlineJSON(page, options: options)
          }
        }
        guard case .unsupported = error?.kind else {
          let got = String(describing: error)
          Issue.record(
            "output \(output), scale \(options.scale), tolerance \(options.tolerance): \(got)")
          continue
        }
      }
    }
  }

  @Test func reversedTrimTraps() async {
    await #expect(processExitsWith: .failure) {
      let p = SplinePoint(x: 0, y: 0, width: 1, alpha: 1)
      _ = CubicSegment(p, p, p, p).trimmed(from: 0.6, to: 0.4)
    }
  }
}

struct HostileGeometryTests {
  @Test func farAwayAndHugeStrokesRenderWithinTheLimits() throws {
    let points = [
      (-2.0e7, -2.0e7), (-2.0e7, -2.0e7), (2.0e7, 2.0e7), (2.1e7, 2.0e7), (2.1e7, 2.0e7),
    ]
    let strokes = [
      Stroke(points: points.map { InkPoint(x: $0.0, y: $0.1) }, widths: [1e6]),
      Stroke(
        points: [(0.0, 0.0), (1, 1), (.nan, 2), (3, .infinity)].map { InkPoint(x: $0.0, y: $0.1) },
        widths: [-5]),
    ]
    let options = RenderOptions(scale: 4, limits: RenderLimits(maxCanvasPixels: 1 << 16))
    // Fitted to ink 4 × 10^7 units wide: the canvas would be far too large.
    #expect(throws: WillError.self) {
      try Renderer.renderCanvas(RenderPage(strokes: strokes), options: options)
    }
    // On a page, only what lands on it is drawn: the wide stroke covers it.
    let page = RenderPage(width: 64, height: 64, layers: [RenderLayer(strokes: strokes)])
    let canvas = try Renderer.renderCanvas(page, options: options)
    #expect(canvas.width * canvas.height <= 1 << 16)
    #expect(canvas.pixels.contains { $0 != 0 })
    _ = try Renderer.renderSVG(RenderPage(strokes: strokes))
    _ = try Renderer.renderOutlineJSON(page, options: options)
  }
}
