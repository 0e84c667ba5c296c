import Foundation
import InkTestSupport
import Testing

@testable import InkCodec
@testable import InkRender

/// One image payload drawn by many elements or pages is decoded once per document (the
/// ``ImageCache``), embedded once in an SVG page and once in a PDF document, and every
/// element drawn is still charged.
@Suite struct SharedImageTests {
  /// A 64 × 64 opaque red PNG: 4,096 texels, so that a decode costs far more than a
  /// placement.
  static let red = RGBAImage(
    width: 64, height: 64,
    pixels: (0..<(64 * 64)).flatMap { _ in [UInt8]([0xFF, 0, 0, 0xFF]) }, hasAlpha: false
  ).serialized()

  /// A 64 × 64 blue PNG, half transparent: a PDF holds it with a soft mask.
  static let blue = RGBAImage(
    width: 64, height: 64,
    pixels: (0..<(64 * 64)).flatMap { _ in [UInt8]([0, 0, 0xFF, 0x80]) }
  ).serialized()

  /// A 40 × 40 page showing `data` from `count` elements of 2 × 2 units, ten to a row, four
  /// units apart.
  static func page(_ data: [UInt8], count: Int, name: String = "/media/red.png") -> RenderPage {
    var page = RenderPage(width: 40, height: 40, layers: [])
    for k in 0..<count {
      let x = Double(k % 10 * 4)
      let y = Double(k / 10 % 10 * 4)
      page.images.append(
        RenderImage(
          data: data, contentType: "image/png", name: name, x: x, y: y, width: 2, height: 2))
    }
    return page
  }

  /// A white 40 × 40 page showing the red image from 16 elements of 8 × 8 units: large
  /// enough that renderers rounding an image's edges to whole pixels differently still agree.
  static let tiles: RenderPage = {
    var page = RenderPage(
      width: 40, height: 40, background: InkColor(rgba: 0xFFFF_FFFF), layers: [])
    for k in 0..<16 {
      page.images.append(
        RenderImage(
          data: red, contentType: "image/png", name: "/media/red.png", x: Double(k % 4 * 10),
          y: Double(k / 4 * 10), width: 8, height: 8))
    }
    return page
  }()

  static func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  static func occurrences(of needle: String, in bytes: [UInt8]) -> Int {
    occurrences(of: needle, in: String(decoding: bytes, as: UTF8.self))
  }

  // MARK: PNG output

  @Test func aPayloadDrawnByManyElementsIsDecodedOnce() throws {
    let cache = ImageCache()
    var many = RenderReport()
    let canvas = try Renderer.renderCanvas(
      Self.page(Self.red, count: 1_000), options: RenderOptions(), report: &many, images: cache)
    #expect(cache.decodeCount == 1)
    #expect(many.undrawnImages.isEmpty)
    #expect(LayerCompositingTests.bytes(canvas, 37, 37) == [0xFF, 0, 0, 0xFF])
    var one = RenderReport()
    _ = try Renderer.renderCanvas(Self.page(Self.red, count: 1), options: .init(), report: &one)
    // Each element: its placement and the (at most 3 × 3) pixels it covers; the texels once.
    let perElement = WorkBudget.imageReferenceCost + 9 * WorkBudget.sampleCost
    #expect(many.work - one.work >= 999 * WorkBudget.imageReferenceCost)
    #expect(many.work - one.work <= 999 * perElement)
    #expect(one.work > 64 * 64 * WorkBudget.texelCost)
  }

  @Test func pagesSharingACacheDecodeEachPayloadOnce() throws {
    let cache = ImageCache()
    var first = RenderReport()
    var second = RenderReport()
    let a = try Renderer.renderPNG(
      Self.page(Self.red, count: 3), options: RenderOptions(), report: &first, images: cache)
    let b = try Renderer.renderPNG(
      Self.page(Self.red, count: 3), options: RenderOptions(), report: &second, images: cache)
    #expect(a == b)
    #expect(cache.decodeCount == 1)
    #expect(first.work - second.work >= 64 * 64 * WorkBudget.texelCost)
  }

  /// Two parts of equal bytes (in storage of their own) are one payload.
  @Test func equalBytesInOtherStorageAreOnePayload() throws {
    let cache = ImageCache()
    var page = Self.page(Self.red, count: 2)
    page.images[1].data = Self.red.map { $0 }
    var report = RenderReport()
    _ = try Renderer.renderCanvas(page, options: RenderOptions(), report: &report, images: cache)
    #expect(cache.decodeCount == 1)
  }

  /// Decoded pixels are kept up to the cache's texels: two images alternating in a cache that
  /// holds one are decoded at every change, in one that holds both once each.
  @Test(arguments: [(64 * 64, 4), (2 * 64 * 64, 2)])
  func keptPixelsStayWithinTheCachesTexels(_ texels: Int, _ decodes: Int) throws {
    let cache = ImageCache(maximumTexels: texels)
    var page = Self.page(Self.red, count: 4)
    for index in [1, 3] { page.images[index].data = Self.blue }
    var report = RenderReport()
    _ = try Renderer.renderCanvas(page, options: RenderOptions(), report: &report, images: cache)
    #expect(cache.decodeCount == decodes)
  }

  /// A payload that fails to decode fails once; every element showing it is reported.
  @Test func aBrokenPayloadIsDecodedOnce() throws {
    let cache = ImageCache()
    var report = RenderReport()
    _ = try Renderer.renderCanvas(
      Self.page(Array(Self.red.prefix(60)), count: 100), options: RenderOptions(),
      report: &report, images: cache)
    #expect(cache.decodeCount == 1)
    #expect(report.undrawnImages.count == 100)
    #expect(report.undrawnImages.allSatisfy { $0.error?.part == "/media/red.png" })
  }

  // MARK: SVG output

  @Test func anSVGPageEmbedsAPayloadOnce() throws {
    var report = RenderReport()
    let svg = try Renderer.renderSVG(
      Self.page(Self.red, count: 500), options: RenderOptions(), report: &report)
    #expect(Self.occurrences(of: "<image ", in: svg) == 1)
    #expect(Self.occurrences(of: Base64.encode(Self.red), in: svg) == 1)
    #expect(Self.occurrences(of: "<use xlink:href=\"#im0\" transform=", in: svg) == 500)
    // The document is the payload once and a line per element.
    #expect(svg.utf8.count < Base64.encode(Self.red).utf8.count + 500 * 80 + 1_000)
    // The payload's text is charged once, each element once.
    var single = RenderReport()
    _ = try Renderer.renderSVG(
      Self.page(Self.red, count: 1), options: RenderOptions(), report: &single)
    #expect(report.work - single.work == 499 * WorkBudget.imageReferenceCost)
  }

  /// rsvg-convert draws every `<use>` of the one `<image>` where the PNG output draws it.
  @Test(.enabled(if: ExternalTool.isUsable("rsvg-convert")))
  func svgUsesLookLikeThePNG() throws {
    var page = Self.tiles
    page.background = nil
    let png = try InkMask(png: try Renderer.renderPNG(page, options: RenderOptions(scale: 4)))
    let svg = try InkMask.rasterizeSVG(
      try Renderer.renderSVG(page, options: RenderOptions(scale: 4)))
    #expect(png.count >= 16 * 32 * 32)
    #expect(png.iou(svg) >= 0.95, "\(png.iou(svg))")
  }

  // MARK: PDF output

  @Test func aPDFHoldsAPayloadOnceForEveryPage() throws {
    let cache = ImageCache()
    var reports = [RenderReport(), RenderReport()]
    var pages: [PDFPage] = []
    for index in 0..<2 {
      var page = Self.page(Self.blue, count: 100)
      page.images.append(contentsOf: Self.page(Self.red, count: 50).images)
      pages.append(
        try Renderer.renderPDFPage(
          page, options: RenderOptions(), report: &reports[index], images: cache))
    }
    let pdf = PDFWriter.document(pages)
    // Red is one image; blue one image and its soft mask.
    #expect(Self.occurrences(of: "/Subtype/Image", in: pdf) == 3)
    #expect(Self.occurrences(of: "/SMask ", in: pdf) == 1)
    #expect(reports[1].work < reports[0].work)
    if ExternalTool.isUsable("qpdf") { try VectorOutputTests.check(pdf) }
    // Each page names one XObject per payload.
    for page in pages {
      #expect(page.objects.filter { $0.shared != nil }.count == 3)
    }
  }

  /// Pages drawn without a shared cache still share an image whose streams are equal, and
  /// never share images that differ, whatever their payload numbers.
  @Test func pagesOfSeparateCachesShareOnlyEqualImages() throws {
    var report = RenderReport()
    let red = try Renderer.renderPDFPage(
      Self.page(Self.red, count: 2), options: RenderOptions(), report: &report)
    let alsoRed = try Renderer.renderPDFPage(
      Self.page(Self.red, count: 2), options: RenderOptions(), report: &report)
    let blue = try Renderer.renderPDFPage(
      Self.page(Self.blue, count: 2), options: RenderOptions(), report: &report)
    #expect(Self.occurrences(of: "/Subtype/Image", in: PDFWriter.document([red, alsoRed])) == 1)
    let mixed = PDFWriter.document([red, blue])
    #expect(Self.occurrences(of: "/Subtype/Image", in: mixed) == 3)
    if ExternalTool.isUsable("qpdf") { try VectorOutputTests.check(mixed) }
  }

  /// pdftoppm draws every placement of the one XObject where the PNG output draws it, on the
  /// second page too.
  @Test(.enabled(if: ExternalTool.isUsable("pdftoppm")))
  func pdfPlacementsLookLikeThePNG() throws {
    let page = Self.tiles
    let cache = ImageCache()
    var report = RenderReport()
    let pages = try (0..<2).map { _ in
      try Renderer.renderPDFPage(page, options: RenderOptions(), report: &report, images: cache)
    }
    let png = try InkMask(
      png: try Renderer.renderPNG(page, options: RenderOptions(scale: 3)), onWhite: true)
    // The first page drawn second: its image came from the cache.
    let pdf = try VectorOutputTests.rasterizePDF(
      PDFWriter.document(Array(pages.reversed())), scale: 3)
    let (a, b) = VectorOutputTests.cropped(png, to: pdf)
    #expect(a.iou(b) >= 0.9, "\(a.iou(b))")
  }
}
