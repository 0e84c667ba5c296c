import InkCodec
import Testing

@testable import InkRender

struct CompositingTests {
  static let d = PremultipliedColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
  static let s = PremultipliedColor(red: 0.5, green: 0.1, blue: 0.0, alpha: 0.5)

  static func close(_ a: PremultipliedColor, _ b: [Float]) -> Bool {
    zip([a.red, a.green, a.blue, a.alpha], b).allSatisfy { abs($0 - $1) < 1e-6 }
  }

  @Test(arguments: [
    (BlendMode.sourceOver, [Float(0.6), 0.3, 0.3, 0.9]),
    (.clear, [0.6, 0.3, 0.3, 0.9]),  // 0 is read as source-over
    (BlendMode(rawValue: 99), [0.6, 0.3, 0.3, 0.9]),
    (.copy, [0.5, 0.1, 0.0, 0.5]),
    (.destinationOver, [0.3, 0.42, 0.6, 0.9]),
    (.destinationOut, [0.1, 0.2, 0.3, 0.4]),
    (.lighter, [0.7, 0.5, 0.6, 1.0]),
    (.directMultiply, [0.1, 0.04, 0.0, 0.4]),
    (.directInvertSourceMultiply, [0.1, 0.36, 0.6, 0.4]),
    (.directDarken, [0.2, 0.1, 0.0, 0.5]),
    (.directLighten, [0.5, 0.4, 0.6, 0.8]),
    (.directSubtract, [0.0, 0.3, 0.6, 0.3]),
    (.directReverseSubtract, [0.3, 0.0, 0.0, 0.0]),
  ])
  func blendModeOnKnownPixels(_ mode: BlendMode, _ expected: [Float]) {
    let full = Compositor.blend(mode, source: Self.s, destination: Self.d, coverage: 1)
    #expect(Self.close(full, expected), "\(mode): \(full)")
    // Coverage mixes linearly with what was there.
    let half = Compositor.blend(mode, source: Self.s, destination: Self.d, coverage: 0.5)
    let d = [Self.d.red, Self.d.green, Self.d.blue, Self.d.alpha]
    #expect(Self.close(half, zip(d, expected).map { ($0 + $1) / 2 }), "\(mode): \(half)")
    let none = Compositor.blend(mode, source: Self.s, destination: Self.d, coverage: 0)
    #expect(none == Self.d)
  }

  @Test func strokeWithAlphaCompositesOnceWhereItOverlapsItself() throws {
    // A loop crossing itself, alpha 0x80: every pixel gets at most the stroke's alpha.
    let stroke = Stroke(
      points: [(5.0, 5.0), (5, 5), (35, 35), (35, 5), (5, 35), (5, 35)].map {
        InkPoint(x: $0.0, y: $0.1)
      }, widths: [6], colors: [InkColor(red: 255, green: 0, blue: 0, alpha: 0x80)])
    let canvas = try Renderer.renderCanvas(
      RenderPage(width: 40, height: 40, layers: [RenderLayer(strokes: [stroke])]))
    let maxAlpha = stride(from: 3, to: canvas.pixels.count, by: 4).map { canvas.pixels[$0] }.max()!
    #expect(maxAlpha == 0x80)
  }

  @Test func varyingAlphaIsCombinedWithAMaximum() throws {
    var stroke = Stroke(
      points: [(5.0, 20.0), (5, 20), (35, 20), (5, 21), (5, 21)].map {
        InkPoint(x: $0.0, y: $0.1)
      }, widths: [4])
    stroke.colors = [0x20, 0x20, 0x60, 0xC0, 0xC0].map {
      InkColor(red: 0, green: 0, blue: 255, alpha: $0)
    }
    let canvas = try Renderer.renderCanvas(
      RenderPage(width: 40, height: 40, layers: [RenderLayer(strokes: [stroke])]))
    let alphas = stride(from: 3, to: canvas.pixels.count, by: 4).map { canvas.pixels[$0] }
    #expect(alphas.max()! <= 0xC0)
    #expect(alphas.max()! > 0xA0)
  }

  @Test func eraserRemovesInk() throws {
    let line = [(2.0, 10.0), (2, 10), (18, 10), (18, 10)].map { InkPoint(x: $0.0, y: $0.1) }
    let ink = Stroke(points: line, widths: [6])
    var eraser = Stroke(points: line, widths: [10])
    eraser.blendMode = .destinationOut
    let canvas = try Renderer.renderCanvas(
      RenderPage(width: 20, height: 20, layers: [RenderLayer(strokes: [ink, eraser])]))
    #expect(canvas.pixels.allSatisfy { $0 == 0 })
  }
}
