import InkCodec
import InkRender

/// Any bytes as a document, every section drawn with small limits: PNG with each brush at a
/// quarter scale, SVG, PDF and outline JSON; a UIM file with its own brushes, as `willdoc
/// render` draws it. Errors (limits, allocation) are fine; a trap, a leak or running past the
/// time or memory limit is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if UIMFile.sniff(bytes) {
    drawUIM(bytes)
    return 0
  }
  guard let document = try? WillDocument(parsing: bytes, limits: fuzzLimits) else { return 0 }
  for section in document.sections {
    let page = RenderPage(section: section, paints: document.paints)
    for brush in Brush.allCases {
      var options = RenderOptions(scale: 0.25, limits: renderLimits)
      options.brush = brush
      _ = try? Renderer.renderPNG(page, options: options)
    }
    let options = RenderOptions(scale: 0.25, limits: renderLimits)
    _ = try? Renderer.renderSVG(page, options: options)
    _ = try? Renderer.renderPDF(page, options: options)
    _ = try? Renderer.renderOutlineJSON(page, options: options)
  }
  return 0
}

/// A UIM file's pages with its vector brushes' shapes and raster brushes' particles.
func drawUIM(_ bytes: [UInt8]) {
  guard let uim = try? UIMDocument(parsing: bytes, limits: fuzzLimits) else { return }
  var losses = ConversionLosses()
  var sources: [Int] = []
  guard
    let document = try? WillDocument(
      converting: uim, limits: fuzzLimits, losses: &losses, strokeSources: &sources)
  else { return }
  let brushes = RenderPage.UIMBrushIndex(uim)
  var first = 0
  for section in document.sections {
    var page = RenderPage(section: section, paints: document.paints)
    let count = section.pathsElements.reduce(0) { $0 + $1.element.strokes.count }
    let start = min(first, sources.count)
    page.shapeStrokes(
      of: uim, brushes: brushes, sources: Array(sources[start..<min(start + count, sources.count)]))
    first += count
    let options = RenderOptions(scale: 0.25, limits: renderLimits)
    _ = try? Renderer.renderPNG(page, options: options)
    _ = try? Renderer.renderSVG(page, options: options)
    _ = try? Renderer.renderPDF(page, options: options)
    _ = try? Renderer.renderOutlineJSON(page, options: options)
  }
}

let fuzzLimits = DecodingLimits(
  maxFileBytes: 1 << 20, maxPartBytes: 4 << 20, maxTotalBytes: 8 << 20, maxParts: 200,
  maxXMLDepth: 64)

/// Small enough that one input draws in well under a second under AddressSanitizer.
let renderLimits = RenderLimits(maxWork: 1 << 22, maxCanvasPixels: 1 << 20)
