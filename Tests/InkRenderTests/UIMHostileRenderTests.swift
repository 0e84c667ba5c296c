import InkCodec
import InkRender
import InkTestSupport
import Testing

/// A UIM file is drawn through its WILL 2 conversion: whatever its fields hold (``HostileUIM``),
/// every page renders to PNG, SVG, PDF and outlines, or stops with a ``WillError``.
struct UIMHostileRenderTests {
  @Test(arguments: 0..<4)
  func everyPageRendersOrThrows(batch: UInt64) throws {
    var options = RenderOptions(limits: RenderLimits(maxWork: 1 << 24, maxCanvasPixels: 1 << 18))
    for seed in (batch * 25)..<(batch * 25 + 25) {
      var losses = ConversionLosses()
      guard
        let document = try? WillDocument(
          converting: UIMDocument(parsing: HostileUIM.document(seed: seed).serialized()),
          losses: &losses)
      else { continue }
      for section in document.sections {
        let page = RenderPage(section: section, paints: document.paints)
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
