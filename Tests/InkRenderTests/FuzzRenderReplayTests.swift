import Foundation
import InkCodec
import InkRender
import Testing

/// Replays every input `FuzzRender` ever failed on (`FuzzTesting/FailCases/FuzzRender/`), and
/// the valid sample documents, as the fuzz target draws them: each must render or fail with a
/// typed error.
struct FuzzRenderReplayTests {
  static let inputs: [URL] = {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return ["FuzzTesting/FailCases/FuzzRender", "SampleDocuments/valid"].flatMap { folder in
      let directory = root.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      return names.filter { !$0.hasSuffix(".md") }.sorted().map {
        directory.appendingPathComponent($0)
      }
    }
  }()

  @Test func replaysAsTheFuzzTargetDraws() throws {
    let limits = RenderLimits(maxWork: 1 << 22, maxCanvasPixels: 1 << 20)
    for url in Self.inputs {
      let bytes = [UInt8](try Data(contentsOf: url))
      guard let document = try? WillDocument(parsing: bytes) else { continue }
      for section in document.sections {
        let page = RenderPage(section: section, paints: document.paints)
        for brush in Brush.allCases {
          var options = RenderOptions(scale: 0.25, limits: limits)
          options.brush = brush
          _ = try? Renderer.renderPNG(page, options: options)
        }
        let options = RenderOptions(scale: 0.25, limits: limits)
        _ = try? Renderer.renderSVG(page, options: options)
        _ = try? Renderer.renderPDF(page, options: options)
        _ = try? Renderer.renderOutlineJSON(page, options: options)
      }
    }
    // The valid sample documents at least (FuzzRender has kept no failure yet).
    #expect(Self.inputs.count >= 11, "\(Self.inputs.map(\.lastPathComponent))")
  }
}
