import InkCodec
import InkRender
import InkTestSupport
import Testing

/// A UIM file is drawn through its WILL 2 conversion, its strokes with their own brushes:
/// whatever its fields hold (``HostileUIM``), every page renders to PNG, SVG, PDF and
/// outlines, or stops with a ``WillError``.
struct UIMHostileRenderTests {
  @Test(arguments: 0..<4)
  func everyPageRendersOrThrows(batch: UInt64) throws {
    var options = RenderOptions(limits: RenderLimits(maxWork: 1 << 24, maxCanvasPixels: 1 << 18))
    for seed in (batch * 25)..<(batch * 25 + 25) {
      var losses = ConversionLosses()
      var sources: [Int] = []
      guard let uim = try? UIMDocument(parsing: HostileUIM.document(seed: seed).serialized()),
        let document = try? WillDocument(
          converting: uim, limits: .default, losses: &losses, strokeSources: &sources)
      else { continue }
      var first = 0
      for section in document.sections {
        var page = RenderPage(section: section, paints: document.paints)
        // Its strokes drawn with the UIM brushes, shapes and channels as the file holds them.
        let count = page.layers.reduce(0) { $0 + $1.strokes.count }
        page.shapeStrokes(of: uim, sources: Array(sources[first..<(first + count)]))
        first += count
        for brush in Brush.allCases {
          options.brush = brush
          _ = try? Renderer.renderPNG(page, options: options)
        }
        options.brush = .solid
        _ = try? Renderer.renderSVG(page, options: options)
        _ = try? Renderer.renderPDF(page, options: options)
        _ = try? Renderer.renderOutlineJSON(page, options: options)
      }
    }
  }
}
