import InkCodec
import InkRender

/// Any bytes as an image payload: the first byte picks the content type (PNG or JPEG) and how
/// often the page places the payload (one to four references, to exercise the per-document
/// cache); the rest is the payload. The page is drawn as PNG, SVG and PDF under small limits,
/// and the payload also goes through the texture decoder. Errors are fine; a trap, a leak or
/// running past the time or memory limit is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let selector = data[0]
  let payload = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let contentType = selector & 1 == 0 ? "image/png" : "image/jpeg"
  let references = Int(selector >> 1 & 3) + 1
  var page = RenderPage(width: 64, height: 64, layers: [])
  page.images = (0..<references).map { index in
    RenderImage(
      data: payload, contentType: contentType, name: "image \(index)",
      x: Double(index * 8), y: 0, width: selector & 0x80 == 0 ? nil : 32, height: 32)
  }
  let options = RenderOptions(scale: 0.5, limits: renderLimits)
  _ = try? Renderer.renderPNG(page, options: options)
  _ = try? Renderer.renderSVG(page, options: options)
  _ = try? Renderer.renderPDF(page, options: options)
  _ = try? PNGDecoder.decode(payload, maximumPixels: 1 << 20)
  return 0
}

/// Small enough that one input draws in well under a second under AddressSanitizer.
let renderLimits = RenderLimits(maxWork: 1 << 22, maxCanvasPixels: 1 << 20, maxImageScans: 20)
