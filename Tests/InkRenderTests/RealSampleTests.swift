import Foundation
import InkCodec
import InkRender
import Testing

@Suite(.enabled(if: Samples.available, "the shared WILL samples are not available"))
struct RealSampleTests {
  /// The cases below come from the samples folder: its 10 RIFF files and one raw stream.
  @Test func everyStreamSampleIsThere() {
    #expect(Samples.streamFiles().count == 11, "\(Samples.streamFiles())")
  }

  @Test(arguments: Samples.streamFiles())
  func rendersEverySampleToPNG(_ name: String) throws {
    let strokes = try Samples.strokes(name)
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
