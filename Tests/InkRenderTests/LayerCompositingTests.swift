import Foundation
import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

/// Ink is composited in its own layer above the page, as the WILL SDK does, in PNG and SVG:
/// an eraser removes ink and never the page, destination-over ink goes under earlier ink and
/// over the page, and section images sit on the page under the ink.
struct LayerCompositingTests {
  static let page = InkColor(rgba: 0xFFE0_C0FF)

  /// A straight stroke from `a` to `b`.
  static func line(
    _ a: (Double, Double), _ b: (Double, Double), width: Double = 8,
    color: UInt32 = 0x0000_00FF, mode: BlendMode = .sourceOver
  ) -> Stroke {
    var stroke = Stroke(
      points: [a, a, b, b].map { InkPoint(x: $0.0, y: $0.1) }, widths: [width],
      colors: [InkColor(rgba: color)])
    stroke.blendMode = mode
    return stroke
  }

  static func render(_ strokes: [Stroke], background: InkColor? = page) throws -> Canvas {
    try Renderer.renderCanvas(
      RenderPage(
        width: 40, height: 40, background: background, layers: [RenderLayer(strokes: strokes)]))
  }

  static func bytes(_ canvas: Canvas, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * canvas.width + x) * 4
    return Array(canvas.rgba8()[i..<(i + 4)])
  }

  @Test func eraserRemovesInkNotThePage() throws {
    let canvas = try Self.render([
      Self.line((5, 20), (35, 20)), Self.line((20, 5), (20, 35), mode: .destinationOut),
    ])
    // Where the eraser crossed the ink, and where it crossed bare page: the page shows.
    #expect(Self.bytes(canvas, 20, 20) == [0xFF, 0xE0, 0xC0, 0xFF])
    #expect(Self.bytes(canvas, 20, 8) == [0xFF, 0xE0, 0xC0, 0xFF])
    // The ink the eraser missed stays.
    #expect(Self.bytes(canvas, 8, 20) == [0, 0, 0, 0xFF])
  }

  @Test func destinationOverGoesUnderEarlierInkAndOverThePage() throws {
    let canvas = try Self.render([
      Self.line((5, 20), (35, 20), color: 0xFF00_00FF),
      Self.line((20, 5), (20, 35), color: 0x0000_FFFF, mode: .destinationOver),
    ])
    #expect(Self.bytes(canvas, 20, 20) == [0xFF, 0, 0, 0xFF])
    #expect(Self.bytes(canvas, 20, 8) == [0, 0, 0xFF, 0xFF])
  }

  /// Every blend mode on a coloured page: where the stroke crosses earlier ink, where it
  /// crosses bare page, and where the earlier ink is alone, each pixel is the mode's formula
  /// on the ink layer (``Compositor``), laid over the page.
  @Test(arguments: (0...17).map { BlendMode(rawValue: $0) })
  func everyModeCompositesOnTheInkLayer(_ mode: BlendMode) throws {
    let base = InkColor(rgba: 0x2040_80FF)
    let top = InkColor(rgba: 0x80C0_40C0)
    let canvas = try Self.render([
      Self.line((5, 20), (35, 20), color: base.rgba),
      Self.line((20, 5), (20, 35), color: top.rgba, mode: mode),
    ])
    let page = PremultipliedColor(Self.page)
    func over(_ ink: PremultipliedColor) -> [Int] {
      let k = 1 - ink.alpha
      return [
        ink.red + page.red * k, ink.green + page.green * k, ink.blue + page.blue * k,
        ink.alpha + page.alpha * k,
      ].map { min(max(Int(($0 * 255).rounded()), 0), 255) }
    }
    func close(_ actual: [UInt8], _ expected: [Int]) -> Bool {
      zip(actual, expected).allSatisfy { abs(Int($0) - $1) <= 1 }
    }
    let source = PremultipliedColor(top)
    let crossing = Compositor.blend(
      mode, source: source, destination: PremultipliedColor(base), coverage: 1)
    let alone = Compositor.blend(mode, source: source, destination: .clear, coverage: 1)
    let canvasPremultiplied = { (x: Int, y: Int) -> [UInt8] in
      let i = (y * canvas.width + x) * 4
      return Array(canvas.pixels[i..<(i + 4)])
    }
    #expect(close(canvasPremultiplied(20, 20), over(crossing)), "\(mode.name) over ink")
    #expect(close(canvasPremultiplied(20, 8), over(alone)), "\(mode.name) over bare page")
    #expect(close(canvasPremultiplied(8, 20), over(PremultipliedColor(base))), "\(mode.name)")
  }

  @Test func inkLayerOverATransparentPageKeepsItsAlpha() throws {
    let canvas = try Self.render(
      [Self.line((5, 20), (35, 20), color: 0x0000_0080)], background: nil)
    #expect(Self.bytes(canvas, 20, 20)[3] == 0x80)
    #expect(Self.bytes(canvas, 20, 5) == [0, 0, 0, 0])
  }

  static let redImage = RGBAImage(
    width: 4, height: 2,
    pixels: [UInt8](repeating: 0, count: 32).enumerated().map {
      $0.offset % 4 == 1 || $0.offset % 4 == 2 ? 0 : 0xFF
    }, hasAlpha: false
  ).serialized()

  static func imagePage(_ image: RenderImage, strokes: [Stroke] = []) -> RenderPage {
    var page = RenderPage(
      width: 40, height: 40, background: page, layers: [RenderLayer(strokes: strokes)])
    page.images = [image]
    return page
  }

  @Test func pngImagesAreDrawnWhereTheSectionPlacesThem() throws {
    // 4 × 2 pixels stretched to 20 × 10 units at (5, 5), moved by 10 units right.
    let image = RenderImage(
      data: Self.redImage, contentType: "image/png", name: "red.png", x: 5, y: 5, width: 20,
      height: 10, transform: .translation(x: 10, y: 0))
    let page = Self.imagePage(image, strokes: [Self.line((20, 0), (20, 40), mode: .destinationOut)])
    var report = RenderReport()
    let canvas = try Renderer.renderCanvas(page, options: RenderOptions(), report: &report)
    #expect(report.undrawnImages.isEmpty)
    #expect(Self.bytes(canvas, 16, 6) == [0xFF, 0, 0, 0xFF])
    #expect(Self.bytes(canvas, 34, 14) == [0xFF, 0, 0, 0xFF])
    #expect(Self.bytes(canvas, 14, 6) == [0xFF, 0xE0, 0xC0, 0xFF])
    #expect(Self.bytes(canvas, 16, 16) == [0xFF, 0xE0, 0xC0, 0xFF])
    // An eraser removes ink, and the image is page, not ink.
    #expect(Self.bytes(canvas, 20, 10) == [0xFF, 0, 0, 0xFF])
  }

  @Test func imagesThatCannotBeDrawnAreReportedByName() throws {
    let jpeg: [UInt8] = [
      0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x02, 0x00, 0x04, 0x01, 0x01, 0x11, 0x00,
      0xFF, 0xD9,
    ]
    var report = RenderReport()
    _ = try Renderer.renderCanvas(
      Self.imagePage(RenderImage(data: jpeg, contentType: "image/jpeg", name: "/media/a.jpg")),
      options: RenderOptions(), report: &report)
    #expect(report.undrawnImages.map(\.name) == ["/media/a.jpg"])
    #expect(report.undrawnImages.first?.reason.contains("JPEG") == true)
    var broken = RenderReport()
    _ = try Renderer.renderCanvas(
      Self.imagePage(RenderImage(data: [0x89, 0x50], contentType: "image/png", name: "b.png")),
      options: RenderOptions(), report: &broken)
    #expect(broken.undrawnImages.map(\.name) == ["b.png"])
  }

  /// Images placed far off, at a huge size or through a degenerate transform draw nothing or
  /// what is on the canvas, and never trap.
  @Test(arguments: [
    InkCodec.AffineTransform(a: 1e300, b: 0, c: 0, d: 1e300, e: -1e300, f: -1e300),
    InkCodec.AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 1e200, f: -1e200),
    InkCodec.AffineTransform(a: 0, b: 0, c: 0, d: 0, e: 5, f: 5),
    InkCodec.AffineTransform(a: 1e150, b: 0, c: 0, d: -1e150, e: -1e100, f: 1e100),
    InkCodec.AffineTransform(a: .infinity, b: 0, c: 0, d: 1, e: 0, f: 0),
  ])
  func hostileImagePlacementsNeverTrap(_ transform: InkCodec.AffineTransform) throws {
    let image = RenderImage(
      data: Self.redImage, contentType: "image/png", name: "r", transform: transform)
    var report = RenderReport()
    _ = try Renderer.renderCanvas(Self.imagePage(image), options: RenderOptions(), report: &report)
    _ = try Renderer.renderSVG(Self.imagePage(image))
    _ = try Renderer.renderPDF(Self.imagePage(image))
  }

  @Test func jpegHeadersGiveTheirSize() throws {
    let jpeg: [UInt8] = [
      0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC2, 0x00, 0x0B, 0x08, 0x01, 0x2C,
      0x00, 0xC8, 0x03, 0x01, 0x11, 0x00,
    ]
    let header = try #require(ImageHeader(jpeg))
    #expect(header.encoding == .jpeg && header.width == 200 && header.height == 300)
    #expect(header.components == 3)
    #expect(ImageHeader(Array(jpeg.prefix(12))) == nil)
    #expect(ImageHeader(Self.redImage)?.width == 4)
  }

  @Test func svgEmbedsImagesAndMasksErasers() throws {
    let image = RenderImage(
      data: Self.redImage, contentType: "image/png", name: "red.png", x: 5, y: 5, width: 20,
      height: 10)
    let page = Self.imagePage(
      image,
      strokes: [
        Self.line((5, 20), (35, 20)), Self.line((20, 5), (20, 35), mode: .destinationOut),
      ])
    let svg = try Renderer.renderSVG(page)
    #expect(svg.contains("xlink:href=\"data:image/png;base64,\(Base64.encode(Self.redImage))\""))
    #expect(svg.contains("<mask id=\"e0\""))
    #expect(svg.contains("<g mask=\"url(#e0)\">"))
    // The eraser's path is only inside its mask: one visible path, the ink.
    let visible = svg.components(separatedBy: "</defs>")[1]
    #expect(visible.components(separatedBy: "<path ").count == 2)
  }

  @Test func svgDrawsDestinationOverBeforeTheInkBeforeIt() throws {
    let page = RenderPage(
      width: 40, height: 40,
      layers: [
        RenderLayer(strokes: [
          Self.line((5, 10), (35, 10), color: 0xFF00_00FF),
          Self.line((5, 20), (35, 20), color: 0x00FF_00FF, mode: .destinationOver),
          Self.line((5, 30), (35, 30), color: 0x0000_FFFF, mode: .destinationOver),
          Self.line((20, 5), (20, 35), mode: .destinationOut),
          Self.line((5, 25), (35, 25), color: 0x1234_56FF, mode: .destinationOver),
        ])
      ])
    let svg = try Renderer.renderSVG(page)
    let visible = svg.components(separatedBy: "</defs>")[1]
    func at(_ fill: String) throws -> String.Index {
      if fill.hasPrefix("<") { return try #require(visible.range(of: fill)).lowerBound }
      // The class whose style is this fill, then its first path.
      let rule = try #require(svg.range(of: "{fill:\(fill)}"))
      let name = svg[..<rule.lowerBound].split(separator: ".").last.map(String.init) ?? ""
      return try #require(visible.range(of: "class=\"\(name)\"")).lowerBound
    }
    // Last destination-over first; the masked group holds the three strokes before the eraser.
    let order = try ["#123456", "<g mask=", "#00f", "#0f0", "#f00"].map { try at($0) }
    #expect(order == order.sorted())
    #expect(visible.components(separatedBy: "<path ").count == 5)
  }

  @Test func base64MatchesFoundation() {
    for count in 0..<7 {
      let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
      #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
    }
  }

  @Test func pathTextIsRelativeAndShort() {
    var path = OutlinePath()
    path.elements = [
      .move(InkPoint(x: 10, y: 10)), .line(InkPoint(x: 10.5, y: 9.25)),
      .cubic(InkPoint(x: 11, y: 9), InkPoint(x: 12, y: 9), InkPoint(x: 12, y: 10)), .close,
      .move(InkPoint(x: 0.004, y: -1)), .line(InkPoint(x: 0.004, y: -1)), .close,
    ]
    #expect(SVGWriter.pathData(path) == "m10 10l.5-.75c.5-.25 1.5-.25 1.5.75zm-10-11z")
  }

  /// Every blend mode over ink on a coloured page: SVG (rasterised by rsvg-convert) shows the
  /// same ink as PNG for the modes it expresses exactly, and erasers are never visible ink.
  @Test(.enabled(if: ExternalTool.isUsable("rsvg-convert")))
  func svgMatchesPNGForEveryExactMode() throws {
    for mode in [BlendMode.sourceOver, .destinationOver, .destinationOut] {
      let strokes = [
        Self.line((5, 12), (35, 12), color: 0x2040_80FF),
        Self.line((5, 28), (35, 28), color: 0x8020_40FF),
        Self.line((20, 5), (20, 35), width: 6, color: 0x1010_10FF, mode: mode),
      ]
      let page = RenderPage(width: 40, height: 40, layers: [RenderLayer(strokes: strokes)])
      let options = RenderOptions(scale: 4)
      let png = try InkMask(png: try Renderer.renderPNG(page, options: options))
      let svg = try InkMask.rasterizeSVG(try Renderer.renderSVG(page, options: options))
      #expect(png.iou(svg) >= 0.98, "\(mode.name): IoU \(png.iou(svg))")
    }
  }
}
