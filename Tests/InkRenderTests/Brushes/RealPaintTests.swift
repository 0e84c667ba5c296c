import Foundation
import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

@Suite(.enabled(if: ExternalSamples.isAvailable, "the shared WILL samples are not available"))
struct RealPaintTests {
  static let name = "gjiovi__pywillparser__test.will"

  @Test func decodesTheTexturesOfARealPaint() throws {
    let document = try WillDocument(parsing: ExternalSamples.bytes(Self.name))
    try #require(document.paints.count == 1)
    let paint = document.paints[0]
    let shape = try PNGDecoder.decode(try #require(paint.shape.first))
    let fill = try PNGDecoder.decode(try #require(paint.fill.first))
    #expect((shape.width, shape.height) == (32, 32))
    #expect((fill.width, fill.height) == (128, 128))
    #expect(shape.hasAlpha && fill.hasAlpha)
    // The shape is a particle: opaque somewhere, transparent at its corners.
    #expect(shape.pixels[3] == 0)
    #expect(stride(from: 3, to: shape.pixels.count, by: 4).contains { shape.pixels[$0] > 128 })
  }

  @Test func drawsAStrokeWithARealPaint() throws {
    let document = try WillDocument(parsing: ExternalSamples.bytes(Self.name))
    var stroke = BrushTests.line(width: 8, seed: 0, paint: 0)
    stroke.colors = [InkColor(red: 20, green: 40, blue: 160)]
    var page = RenderPage(width: 140, height: 40, layers: [RenderLayer(strokes: [stroke])])
    page.paints = document.paints
    var options = RenderOptions(scale: 2)
    options.brush = .particle
    let canvas = try Renderer.renderCanvas(page, options: options)
    #expect(try canvas == Renderer.renderCanvas(page, options: options))
    options.brush = .solid
    let solid = try Renderer.renderCanvas(page, options: options)
    #expect(canvas != solid)
    #expect(canvas.pixels.contains { $0 != 0 })
    if let out = ProcessInfo.processInfo.environment["INKRENDER_WRITE"] {
      try Data(PNGWriter.encode(canvas)).write(
        to: URL(fileURLWithPath: out).appendingPathComponent("real-paint.png"))
    }
  }
}
