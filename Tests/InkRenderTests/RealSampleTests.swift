import Foundation
import InkCodec
import InkRender
import InkTestSupport
import Testing

@Suite(.enabled(if: ExternalSamples.isAvailable, "the shared WILL samples are not available"))
struct RealSampleTests {
  /// The cases below come from the samples folder: its 10 RIFF files and one raw stream.
  @Test func everyStreamSampleIsThere() {
    ExternalSamples.expectEverySample()
  }

  @Test(arguments: ExternalSamples.streamNames)
  func rendersEverySampleToPNG(_ name: String) throws {
    let strokes = try WillDocument(parsing: ExternalSamples.bytes(name)).strokes
    #expect(!strokes.isEmpty)
    let page = RenderPage(strokes: strokes, background: InkColor(red: 255, green: 255, blue: 255))
    let png = try Renderer.renderPNG(page, options: RenderOptions(scale: 2))
    let image = try #require(PNGReader.decode(png))
    #expect(image.width > 10 && image.height > 10)
    // Some ink was drawn: not every pixel is the white background.
    #expect(image.rgba.contains { $0 < 200 })
    let svg = try Renderer.renderSVG(page)
    #expect(svg.hasPrefix("<?xml"))
    if let out = ProcessInfo.processInfo.environment["INKRENDER_WRITE"] {
      let base = URL(fileURLWithPath: out).appendingPathComponent(name)
      try Data(png).write(to: base.appendingPathExtension("png"))
      try Data(svg.utf8).write(to: base.appendingPathExtension("svg"))
    }
  }
}
