import Foundation
import InkCodec
import Testing

@testable import InkRender

struct OutputTests {
  static let page = RenderPage(
    width: 60, height: 40, background: InkColor(rgba: 0xFFFF_F0FF),
    layers: [
      RenderLayer(
        strokes: [
          Stroke(
            points: [(5.0, 5.0), (5, 5), (30, 30), (55, 8), (55, 8)].map {
              InkPoint(x: $0.0, y: $0.1)
            }, widths: [1, 1, 4, 2, 2], colors: [InkColor(rgba: 0x0097_D47F)]),
          Stroke(
            points: [(10.0, 35.0), (10, 35), (50, 30), (50, 30)].map {
              InkPoint(x: $0.0, y: $0.1)
            }, widths: [3]),
        ], transform: .translation(x: 0, y: -2))
    ])

  @Test func pngDecodesToTheCanvasPixels() throws {
    let canvas = try Renderer.renderCanvas(Self.page, options: RenderOptions(scale: 2))
    let png = PNGWriter.encode(canvas)
    let image = try #require(PNGReader.decode(png))
    #expect(image.width == 120 && image.height == 80)
    #expect(image.rgba == canvas.rgba8())
    // Background stays exact; a stroke pixel is the stroke's colour, un-premultiplied.
    #expect(Array(image.rgba[0..<4]) == [0xFF, 0xFF, 0xF0, 0xFF])
    // No chunks beyond IHDR, IDAT, IEND.
    #expect(png.count == 8 + 25 + 12 + (png.count - 8 - 25 - 12 - 12) + 12)
    #expect(Array(png[12..<16]) == Array("IHDR".utf8))
    #expect(Array(png[(png.count - 8)..<(png.count - 4)]) == Array("IEND".utf8))
  }

  @Test func transparentPixelsUnpremultiply() throws {
    var page = Self.page
    page.background = nil
    let canvas = try Renderer.renderCanvas(page)
    let rgba = canvas.rgba8()
    // Fully covered pixels of the semi-transparent stroke carry its straight colour.
    var found = false
    // Premultiplied bytes keep the colour within ±1.
    for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] == 0x7F {
      #expect(
        rgba[i] == 0x00 && abs(Int(rgba[i + 1]) - 0x97) <= 1 && abs(Int(rgba[i + 2]) - 0xD4) <= 1)
      found = true
    }
    #expect(found)
  }

  @Test func renderingIsDeterministic() throws {
    let a = try Renderer.renderPNG(Self.page, options: RenderOptions(scale: 3))
    let b = try Renderer.renderPNG(Self.page, options: RenderOptions(scale: 3))
    #expect(a == b)
    #expect(try Renderer.renderSVG(Self.page) == Renderer.renderSVG(Self.page))
  }

  @Test func fittedPageWrapsTheInk() {
    let frame = Renderer.frame(of: RenderPage(strokes: Self.page.layers[0].strokes))
    #expect(frame.x < 5 - 8 && frame.x > 5 - 8 - 3)
    #expect(frame.width > 50 + 16)
  }

  @Test func svgHasOnePathPerStrokeInALayerGroup() throws {
    let svg = try Renderer.renderSVG(Self.page, options: RenderOptions(scale: 2))
    #expect(svg.contains("width=\"120\" height=\"80\" viewBox=\"0 0 60 40\""))
    #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"60\" height=\"40\" fill=\"#FFFFF0\"/>"))
    #expect(svg.components(separatedBy: "<path ").count == 3)
    #expect(svg.contains("<g id=\"layer-0\">"))
    #expect(svg.contains("<style>.s0{fill:#0097d4;fill-opacity:.498}.s1{fill:#000}</style>"))
    #expect(svg.contains("<path class=\"s0\" d=\"m"))
    #expect(!svg.contains("nan") && !svg.contains("inf"))
  }

  @Test func outlineJSONParses() throws {
    let json = try Renderer.renderOutlineJSON(Self.page, options: RenderOptions(scale: 2))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let strokes = try #require(object["strokes"] as? [[String: Any]])
    #expect(strokes.count == 2)
    #expect(object["width"] as? Double == 120)
  }
}
