import Foundation
import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

/// SVG and PDF checked by independent programs: `qpdf --check` on every PDF, and SVG
/// (rsvg-convert) and PDF (pdftoppm) rasterised to show the ink the PNG shows.
struct VectorOutputTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The project's generated documents, every section.
  static let generated: [String] = {
    let valid = root.appendingPathComponent("SampleDocuments/valid")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: valid.path)) ?? []
    return names.filter { $0.hasSuffix(".will") && !$0.contains("large") }.sorted()
  }()

  static func pages(_ bytes: [UInt8]) throws -> [RenderPage] {
    let document = try WillDocument(parsing: bytes)
    return document.sections.map { RenderPage(section: $0, paints: document.paints) }
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "willdoc-vector-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// `qpdf --check` accepts the file.
  static func check(_ pdf: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("check.pdf")
    try Data(pdf).write(to: url)
    let output = try ExternalTool.run(
      "qpdf", ["--check", url.path], sourceLocation: sourceLocation)
    #expect(
      String(decoding: output, as: UTF8.self).contains("No syntax or stream encoding errors"),
      sourceLocation: sourceLocation)
  }

  /// The PDF's first page rasterised by pdftoppm at `scale` pixels per page unit.
  static func rasterizePDF(_ pdf: [UInt8], scale: Double) throws -> InkMask {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("in.pdf")
    try Data(pdf).write(to: url)
    let prefix = directory.appendingPathComponent("out").path
    try ExternalTool.run(
      "pdftoppm",
      ["-png", "-r", "\(96 * scale)", "-f", "1", "-l", "1", "-singlefile", url.path, prefix])
    return try InkMask(
      png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: prefix + ".png"))), onWhite: true)
  }

  /// The same mask cut to the size of another (renderers round the page size differently).
  static func cropped(_ a: InkMask, to b: InkMask) -> (InkMask, InkMask) {
    let w = min(a.width, b.width)
    let h = min(a.height, b.height)
    func crop(_ m: InkMask) -> InkMask {
      var bits: [Bool] = []
      for y in 0..<h { bits += m.bits[(y * m.width)..<(y * m.width + w)] }
      var out = m
      out.width = w
      out.height = h
      out.bits = bits
      return out
    }
    return (crop(a), crop(b))
  }

  /// A PDF page's ink against the PNG's, both on a white page.
  static func pdfIoU(_ page: RenderPage, scale: Double) throws -> Double {
    var white = page
    white.background = InkColor(rgba: 0xFFFF_FFFF)
    let png = try Renderer.renderCanvas(white, options: RenderOptions(scale: scale))
    let reference = InkMask(onWhite: png.rgba8(), width: png.width, height: png.height)
    let pdf = try rasterizePDF(
      try Renderer.renderPDF(white, options: RenderOptions(scale: scale)), scale: scale)
    let (a, b) = cropped(reference, to: pdf)
    return a.iou(b)
  }

  static func pdfPage(_ page: RenderPage, options: RenderOptions = RenderOptions()) throws
    -> PDFPage
  {
    var report = RenderReport()
    return try Renderer.renderPDFPage(page, options: options, report: &report)
  }

  @Test func pdfPageIsTheFrameInPoints() throws {
    let page = RenderPage(
      width: 864, height: 1188, background: InkColor(rgba: 0xFFFF_00FF), layers: [])
    let pdf = String(decoding: try Renderer.renderPDF(page), as: UTF8.self)
    #expect(pdf.contains("/MediaBox[0 0 648 891]"))
    #expect(pdf.hasPrefix("%PDF-1.7\n"))
    #expect(!pdf.contains("CreationDate") && !pdf.contains("/Info"))
  }

  @Test func pdfCrossReferenceOffsetsPointAtTheirObjects() throws {
    let page = LayerCompositingTests.imagePage(
      RenderImage(data: LayerCompositingTests.redImage, contentType: "image/png", name: "r"),
      strokes: [
        LayerCompositingTests.line((5, 20), (35, 20), color: 0x0000_0080),
        LayerCompositingTests.line((20, 5), (20, 35), mode: .destinationOut),
      ])
    let bytes = PDFWriter.document([
      try Self.pdfPage(page),
      try Self.pdfPage(page),
    ])
    let text = String(decoding: bytes, as: UTF8.self)
    let start = try #require(text.range(of: "startxref\n"))
    let xref = try #require(Int(text[start.upperBound...].prefix { $0.isNumber }))
    let table = String(decoding: bytes[xref...], as: UTF8.self).split(separator: "\n")
    #expect(table[0] == "xref")
    let count = try #require(Int(table[1].split(separator: " ")[1]))
    #expect(text.contains("/Size \(count)/Root 1 0 R"))
    for number in 1..<count {
      let offset = try #require(Int(table[2 + number].prefix(10)))
      let head = String(decoding: bytes[offset..<(offset + 12)], as: UTF8.self)
      #expect(head.hasPrefix("\(number) 0 obj\n"), "object \(number) at \(offset): \(head)")
    }
    #expect(text.contains("/Count 2"))
  }

  /// A JPEG section image goes into PDF as DCT data and into SVG as a `data:` URL, untouched;
  /// PNG output decodes it (see ``JPEGDecoderTests``).
  @Test func jpegImagesPassThroughIntoPDFAndSVG() throws {
    let jpeg = Fixtures.greyJPEG
    let page = LayerCompositingTests.imagePage(
      RenderImage(data: jpeg, contentType: "image/jpeg", name: "a.jpg", x: 2, y: 3))
    var report = RenderReport()
    let pdf = PDFWriter.document([
      try Renderer.renderPDFPage(page, options: RenderOptions(), report: &report)
    ])
    #expect(report.undrawnImages.isEmpty)
    let text = String(decoding: pdf, as: UTF8.self)
    let header =
      "/Width 4/Height 2/BitsPerComponent 8/ColorSpace/DeviceGray/Filter/DCTDecode"
      + "/Length \(jpeg.count)>>\nstream\n"
    #expect(text.contains(header))
    // The stream holds the file's bytes as they are.
    let needle = Array(header.utf8) + jpeg
    #expect(
      (0...(pdf.count - needle.count)).contains {
        pdf[$0..<($0 + needle.count)].elementsEqual(needle)
      })
    if ExternalTool.isUsable("qpdf") { try Self.check(pdf) }
    let svg = try Renderer.renderSVG(page)
    #expect(svg.contains("<image id=\"im0\" width=\"4\" height=\"2\" preserveAspectRatio=\"none\""))
    #expect(svg.contains("<use xlink:href=\"#im0\" transform=\"matrix(1 0 0 1 2 3)\"/>"))
    #expect(svg.contains("data:image/jpeg;base64,\(Base64.encode(jpeg))"))
  }

  /// Strokes of constant width drawn as centre lines with round caps and joins are the swept
  /// shape itself: rsvg-convert's raster shows the PNG's ink.
  @Test(.enabled(if: ExternalTool.isUsable("rsvg-convert")))
  func centerlinesOfConstantWidthLookLikeThePNG() throws {
    var page = try Self.pages(
      [UInt8](
        try Data(
          contentsOf: Self.root.appendingPathComponent("SampleDocuments/valid/constant-width.will")
        )))[0]
    page.background = nil
    var options = RenderOptions(scale: 2)
    let png = try InkMask(png: try Renderer.renderPNG(page, options: options))
    options.svgStyle = .centerline
    let svg = try InkMask.rasterizeSVG(try Renderer.renderSVG(page, options: options))
    let (a, b) = Self.cropped(png, to: svg)
    #expect(a.iou(b) >= 0.97, "IoU \(a.iou(b))")
  }

  @Test func pdfIsDeterministic() throws {
    let pages = try Self.pages(
      [UInt8](
        try Data(
          contentsOf: Self.root.appendingPathComponent(
            "SampleDocuments/valid/sections-transforms.will"))))
    let first = PDFWriter.document(try pages.map { try Self.pdfPage($0) })
    let second = PDFWriter.document(try pages.map { try Self.pdfPage($0) })
    #expect(first == second)
    #expect(try Renderer.renderSVG(pages[0]) == (try Renderer.renderSVG(pages[0])))
  }

  @Test func pdfStaysWithinTheWorkLimit() throws {
    let pages = try Self.pages(
      [UInt8](
        try Data(
          contentsOf: Self.root.appendingPathComponent("SampleDocuments/valid/handwriting-opc.will")
        )))
    var options = RenderOptions()
    options.limits.maxWork = 10_000
    #expect(throws: WillError.self) { try Renderer.renderPDF(pages[0], options: options) }
    options.brush = .particle
    #expect(throws: WillError.self) { try Renderer.renderPDF(pages[0], options: options) }
  }

  /// A brushed SVG page costs what the PNG costs (its canvas) and its embedded PNG's bytes
  /// besides: a limit the PNG fits in stops it.
  @Test func brushedSVGChargesTheCanvasAndTheEmbeddedImage() throws {
    let page = try Self.pages(
      [UInt8](
        try Data(
          contentsOf: Self.root.appendingPathComponent("SampleDocuments/valid/handwriting-opc.will")
        )))[0]
    var options = RenderOptions()
    options.brush = .particle
    var pngReport = RenderReport()
    let png = try Renderer.renderPNG(page, options: options, report: &pngReport)
    var svgReport = RenderReport()
    let svg = try Renderer.renderSVG(page, options: options, report: &svgReport)
    #expect(svgReport.brushesDrawnAsImage && !pngReport.brushesDrawnAsImage)
    let start = try #require(svg.range(of: "data:image/png;base64,"))
    let embedded = try #require(
      Data(base64Encoded: String(svg[start.upperBound...].prefix { $0 != "\"" })))
    // The same pixels but the page's white, at the same size.
    #expect(embedded.prefix(24) == Data(png.prefix(24)))
    #expect(svgReport.work >= pngReport.work + embedded.count * WorkBudget.embeddedByteCost)
    options.limits.maxWork = pngReport.work
    #expect(throws: WillError.self) { try Renderer.renderSVG(page, options: options) }
  }

  @Test(
    .enabled(if: ExternalTool.isUsable("qpdf") && ExternalTool.isUsable("pdftoppm")),
    arguments: generated)
  func generatedDocumentsMakeValidPDFsThatLookLikeThePNG(_ name: String) throws {
    let pages = try Self.pages(
      [UInt8](
        try Data(contentsOf: Self.root.appendingPathComponent("SampleDocuments/valid/\(name)"))))
    var report = RenderReport()
    let pdf = PDFWriter.document(
      try pages.map { try Renderer.renderPDFPage($0, options: RenderOptions(), report: &report) })
    try Self.check(pdf)
    for (index, page) in pages.enumerated() where name != "blend-modes.will" {
      let iou = try Self.pdfIoU(page, scale: 4)
      #expect(iou >= 0.97, "\(name) section \(index): ink IoU \(iou)")
    }
  }

  /// Erasers and destination-over on a coloured page: PDF (pdftoppm) draws the ink PNG draws.
  @Test(
    .enabled(if: ExternalTool.isUsable("qpdf") && ExternalTool.isUsable("pdftoppm")),
    arguments: [BlendMode.sourceOver, .destinationOver, .destinationOut])
  func pdfMatchesPNGForEveryExactMode(_ mode: BlendMode) throws {
    let strokes = [
      LayerCompositingTests.line((5, 12), (35, 12), color: 0x2040_80FF),
      LayerCompositingTests.line((5, 28), (35, 28), color: 0x8020_40FF),
      LayerCompositingTests.line((20, 5), (20, 35), width: 6, color: 0x1010_10FF, mode: mode),
    ]
    let page = RenderPage(width: 40, height: 40, layers: [RenderLayer(strokes: strokes)])
    try Self.check(try Renderer.renderPDF(page))
    let iou = try Self.pdfIoU(page, scale: 4)
    #expect(iou >= 0.97, "\(mode.name): IoU \(iou)")
  }

  /// Erasers in a row share one mask in SVG and one soft mask in PDF, and both still show the
  /// PNG's ink; a half-transparent eraser takes half the ink.
  @Test(.enabled(if: ExternalTool.isUsable("rsvg-convert") && ExternalTool.isUsable("pdftoppm")))
  func erasersInARowShareOneMask() throws {
    let strokes = [
      LayerCompositingTests.line((5, 12), (35, 12), color: 0x2040_80FF),
      LayerCompositingTests.line((5, 28), (35, 28), color: 0x8020_40FF),
      LayerCompositingTests.line((12, 5), (12, 35), width: 6, mode: .destinationOut),
      LayerCompositingTests.line(
        (28, 5), (28, 35), width: 6, color: 0x0000_0080, mode: .destinationOut),
      LayerCompositingTests.line((5, 20), (35, 20), color: 0x1080_10FF),
    ]
    let page = RenderPage(width: 40, height: 40, layers: [RenderLayer(strokes: strokes)])
    let svg = try Renderer.renderSVG(page)
    #expect(svg.components(separatedBy: "<mask ").count == 2)
    let pdf = String(decoding: try Renderer.renderPDF(page), as: UTF8.self)
    #expect(pdf.components(separatedBy: "/SMask<</S/Luminosity").count == 2)
    try Self.check(try Renderer.renderPDF(page))
    let options = RenderOptions(scale: 4)
    let png = try InkMask(png: try Renderer.renderPNG(page, options: options))
    let raster = try InkMask.rasterizeSVG(try Renderer.renderSVG(page, options: options))
    #expect(png.iou(raster) >= 0.98, "SVG IoU \(png.iou(raster))")
    let iou = try Self.pdfIoU(page, scale: 4)
    #expect(iou >= 0.97, "PDF IoU \(iou)")
  }

  @Test(.enabled(if: ExternalTool.isUsable("qpdf")), arguments: [Brush.particle, .hair])
  func brushesGoIntoPDFAsAnImageOfTheInk(_ brush: Brush) throws {
    let pages = try Self.pages(
      [UInt8](
        try Data(
          contentsOf: Self.root.appendingPathComponent("SampleDocuments/valid/handwriting-opc.will")
        )))
    var options = RenderOptions(scale: 0.5)
    options.brush = brush
    let pdf = try Renderer.renderPDF(pages[0], options: options)
    try Self.check(pdf)
    let text = String(decoding: pdf, as: UTF8.self)
    #expect(text.contains("/Subtype/Image/Width 296/Height 432"))
  }
}

/// The real samples as SVG and PDF: checked, compared with the PNG, and measured against the
/// `.will` bytes.
@Suite(.enabled(if: ExternalSamples.isAvailable, "the shared WILL samples are not available"))
struct RealVectorOutputTests {
  static func pages(_ name: String) throws -> [RenderPage] {
    try VectorOutputTests.pages(try ExternalSamples.bytes(name))
  }

  @Test(
    .enabled(if: ExternalTool.isUsable("rsvg-convert")), arguments: ExternalSamples.names)
  func svgLooksLikeThePNG(_ name: String) throws {
    for (index, page) in try Self.pages(name).enumerated() {
      var ink = page
      ink.background = nil
      let options = RenderOptions(scale: 2)
      let png = try InkMask(png: try Renderer.renderPNG(ink, options: options))
      let svg = try InkMask.rasterizeSVG(try Renderer.renderSVG(ink, options: options))
      let (a, b) = VectorOutputTests.cropped(png, to: svg)
      #expect(a.iou(b) >= 0.98, "\(name) section \(index): ink IoU \(a.iou(b))")
    }
  }

  @Test(
    .enabled(if: ExternalTool.isUsable("qpdf") && ExternalTool.isUsable("pdftoppm")),
    arguments: ExternalSamples.names)
  func pdfIsValidAndLooksLikeThePNG(_ name: String) throws {
    let pages = try Self.pages(name)
    try VectorOutputTests.check(
      PDFWriter.document(try pages.map { try VectorOutputTests.pdfPage($0) }))
    for (index, page) in pages.enumerated() {
      let iou = try VectorOutputTests.pdfIoU(page, scale: 3)
      #expect(iou >= 0.97, "\(name) section \(index): ink IoU \(iou)")
    }
  }

  /// Over the whole corpus: the outline SVG is at most 5× and the PDF at most 3× the
  /// `.will` bytes (measured: 4.62× and 2.95×; the per-segment outlines before one outline per
  /// stroke were 16.6× and 10×).
  @Test func sizesAgainstTheWillBytes() throws {
    ExternalSamples.expectEverySample()
    var will = 0
    var svg = 0
    var pdf = 0
    for name in ExternalSamples.names {
      let bytes = try ExternalSamples.bytes(name)
      will += bytes.count
      let pages = try VectorOutputTests.pages(bytes)
      svg += try pages.reduce(0) { $0 + (try Renderer.renderSVG($1)).utf8.count }
      pdf += PDFWriter.document(try pages.map { try VectorOutputTests.pdfPage($0) }).count
    }
    let svgRatio = Double(svg) / Double(will)
    let pdfRatio = Double(pdf) / Double(will)
    print("vector sizes: .will \(will) B, SVG \(svg) B (\(svgRatio)×), PDF \(pdf) B (\(pdfRatio)×)")
    #expect(svgRatio <= 5, "SVG \(svgRatio)×")
    #expect(pdfRatio <= 3, "PDF \(pdfRatio)×")
  }
}
