import InkCodec
import InkRender
import Testing

struct TrapTests {
  @Test func emptyCanvasTraps() async {
    await #expect(processExitsWith: .failure) { _ = Canvas(width: 0, height: 10) }
  }

  @Test func nonPositiveScaleTraps() async {
    await #expect(processExitsWith: .failure) { _ = RenderOptions(scale: 0) }
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
