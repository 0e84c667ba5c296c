import Foundation
import InkCodec
import InkTestSupport
import Testing

@testable import InkRender

/// SVG and PDF show the PNG's ink at the PNG's intensity, not only where it is: every page
/// is drawn on white at scale 2 by the PNG renderer, by rsvg-convert from the SVG and by
/// pdftoppm from the PDF (at 384 dpi, each 2 × 2 block averaged: drawn at 192 dpi, pdftoppm's
/// anti-aliasing alone makes thin strokes 4–10 % darker, constant-alpha strokes too), and
/// compared by darkness, 255 − the mean of R, G and B per pixel:
///
/// - *density*, the sum of the darkness over the page: SVG's and PDF's within 5 % of the PNG's;
/// - *similarity*, 1 − the mean absolute difference of darkness ÷ 255 over the pixels where
///   either image shows ink (darkness over 8): at least 0.9.
///
/// Strokes whose alpha varies are the case this guards: drawn as overlapping pieces, each
/// with its alpha, the stroke darkened itself where they overlapped (per-point-alpha.will had
/// 1.74× the PNG's density in SVG, 1.71× in PDF).
@Suite(
  .enabled(
    if: ExternalTool.isUsable("rsvg-convert") && ExternalTool.isUsable("pdftoppm"),
    "rsvg-convert and pdftoppm draw the pages"))
struct VectorIntensityTests {
  static let scale = 2.0

  /// A page's darkness per pixel.
  struct Darkness {
    var width: Int
    var height: Int
    var values: [Float]

    /// From RGBA pixels drawn on white (opaque).
    init(rgba: [UInt8], width: Int, height: Int) {
      self.width = width
      self.height = height
      values = stride(from: 0, to: width * height * 4, by: 4).map {
        255 - (Float(rgba[$0]) + Float(rgba[$0 + 1]) + Float(rgba[$0 + 2])) / 3
      }
    }

    /// From a binary PPM (`P6`, 8 bits), each `k` × `k` block averaged.
    init(ppm: [UInt8], block k: Int) throws {
      var fields: [Int] = []
      var i = 2
      while fields.count < 3 {
        while i < ppm.count, ppm[i] == 0x20 || ppm[i] == 0x0A { i += 1 }
        var n = 0
        while i < ppm.count, (0x30...0x39).contains(ppm[i]) {
          n = n * 10 + Int(ppm[i] - 0x30)
          i += 1
        }
        fields.append(n)
      }
      i += 1
      let (w, h) = (fields[0], fields[1])
      try #require(ppm.starts(with: Array("P6".utf8)) && fields[2] == 255)
      try #require(ppm.count >= i + w * h * 3)
      let (width, height, start) = (w / k, h / k, i)
      var sums = [Float](repeating: 0, count: width * height)
      ppm.withUnsafeBufferPointer { p in
        for y in 0..<(height * k) {
          let row = (y / k) * width
          var o = start + y * w * 3
          for x in 0..<(width * k) {
            sums[row + x / k] += 765 - Float(p[o]) - Float(p[o + 1]) - Float(p[o + 2])
            o += 3
          }
        }
      }
      self.width = width
      self.height = height
      let divisor = Float(3 * k * k)
      values = sums.map { $0 / divisor }
    }

    /// Cut to `width` × `height` (renderers round the page size differently).
    func cropped(width w: Int, height h: Int) -> [Float] {
      (0..<h).flatMap { y in values[(y * width)..<(y * width + w)] }
    }
  }

  /// Density ratio and similarity of `other` against `reference`.
  static func compare(_ reference: Darkness, _ other: Darkness) -> (
    ratio: Double, similarity: Double
  ) {
    let w = min(reference.width, other.width)
    let h = min(reference.height, other.height)
    let a = reference.cropped(width: w, height: h)
    let b = other.cropped(width: w, height: h)
    var (sumA, sumB, difference, ink) = (0.0, 0.0, 0.0, 0)
    for (x, y) in zip(a, b) {
      sumA += Double(x)
      sumB += Double(y)
      if x > 8 || y > 8 {
        difference += Double(abs(x - y))
        ink += 1
      }
    }
    let ratio = sumA == 0 ? (sumB == 0 ? 1 : .infinity) : sumB / sumA
    return (ratio, ink == 0 ? 1 : 1 - difference / Double(ink) / 255)
  }

  /// The PNG renderer's page, rsvg-convert's drawing of the SVG and pdftoppm's of the PDF,
  /// all with `brush`.
  static func draw(_ page: RenderPage, brush: Brush = .solid) throws -> (
    png: Darkness, svg: Darkness, pdf: Darkness
  ) {
    var white = page
    white.background = InkColor(rgba: 0xFFFF_FFFF)
    var options = RenderOptions(scale: scale)
    options.brush = brush
    let canvas = try Renderer.renderCanvas(white, options: options)
    let png = Darkness(rgba: canvas.rgba8(), width: canvas.width, height: canvas.height)

    let directory = try VectorOutputTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svgURL = directory.appendingPathComponent("in.svg")
    let svgPNG = directory.appendingPathComponent("svg.png")
    try Data(try Renderer.renderSVG(white, options: options).utf8).write(to: svgURL)
    try ExternalTool.run("rsvg-convert", [svgURL.path, "-o", svgPNG.path])
    let image = try RGBAImage(
      parsing: [UInt8](try Data(contentsOf: svgPNG)), maximumPixels: 1 << 26)
    let svg = Darkness(rgba: image.pixels, width: image.width, height: image.height)

    let pdfURL = directory.appendingPathComponent("in.pdf")
    try Data(try Renderer.renderPDF(white, options: options)).write(to: pdfURL)
    let prefix = directory.appendingPathComponent("pdf").path
    try ExternalTool.run(
      "pdftoppm", ["-r", "\(Int(96 * scale * 2))", "-singlefile", pdfURL.path, prefix])
    let pdf = try Darkness(
      ppm: [UInt8](try Data(contentsOf: URL(fileURLWithPath: prefix + ".ppm"))), block: 2)
    return (png, svg, pdf)
  }

  /// SVG and PDF within the bounds against the PNG; the measures, for the record.
  @discardableResult
  static func expectAlike(
    _ page: RenderPage, _ label: String, brush: Brush = .solid,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let (png, svg, pdf) = try draw(page, brush: brush)
    var line = label
    for (format, drawn) in [("SVG", svg), ("PDF", pdf)] {
      let (ratio, similarity) = compare(png, drawn)
      line += "  \(format) density ×\(NumberText.rounded(ratio, decimals: 3))"
      line += " similarity \(NumberText.rounded(similarity, decimals: 3))"
      #expect(
        abs(ratio - 1) <= 0.05, "\(label): \(format) density is \(ratio)× the PNG's",
        sourceLocation: sourceLocation)
      #expect(
        similarity >= 0.9, "\(label): \(format) similarity \(similarity)",
        sourceLocation: sourceLocation)
    }
    print("vector intensity: \(line)")
    return line
  }

  /// The generated documents, every section (blend-modes.will draws every mode in turn).
  static let generated = VectorOutputTests.generated

  @Test(arguments: generated)
  func generatedSamples(_ name: String) throws {
    let url = VectorOutputTests.root.appendingPathComponent("SampleDocuments/valid/\(name)")
    let pages = try VectorOutputTests.pages([UInt8](try Data(contentsOf: url)))
    for (index, page) in pages.enumerated() {
      try Self.expectAlike(page, "\(name) section \(index)")
    }
  }

  /// A stroke whose alpha goes 0.1 → 1 → 0.3 along loops that cross themselves, in `mode`,
  /// over a wide opaque stroke and beside it, on the empty ink layer; and a translucent stroke
  /// of one alpha in `mode` across both.
  static func alphaPage(_ mode: BlendMode) -> RenderPage {
    let base = Stroke(
      points: [(10, 50), (10, 50), (190, 50), (190, 50)].map { InkPoint(x: $0.0, y: $0.1) },
      widths: [36], colors: [InkColor(rgba: 0xF0D0_60FF)])
    func loops(_ y: Double) -> Stroke {
      let n = 160
      var points: [InkPoint] = []
      var colors: [InkColor] = []
      for i in 0..<n {
        let t = Double(i) / Double(n - 1)
        let angle = 2 * Double.pi * 5 * t
        points.append(InkPoint(x: 30 + 140 * t + 11 * sin(angle), y: y + 11 * cos(angle)))
        let alpha = t < 0.5 ? 0.1 + 1.8 * t : 1 - 1.4 * (t - 0.5)
        colors.append(
          InkColor(red: 0x20, green: 0x50, blue: 0xC0, alpha: UInt8((alpha * 255).rounded())))
      }
      var stroke = Stroke(points: points, widths: [5], colors: colors)
      stroke.blendMode = mode
      return stroke
    }
    var across = Stroke(
      points: [(100, 10), (100, 10), (100, 130), (100, 130)].map { InkPoint(x: $0.0, y: $0.1) },
      widths: [14], colors: [InkColor(red: 0xC0, green: 0x30, blue: 0x40, alpha: 0x99)])
    across.blendMode = mode
    let strokes = [base, loops(50), loops(110), across]
    return RenderPage(width: 200, height: 140, layers: [RenderLayer(strokes: strokes)])
  }

  /// Every mode WILL names (0…17, the unknown ones drawn source-over): SVG computes the ones
  /// it cannot composite with filters, PDF draws their page's ink as an image.
  @Test(arguments: (0...17).map { BlendMode(rawValue: $0) })
  func alphaVaryingStrokeInEveryBlendMode(_ mode: BlendMode) throws {
    try Self.expectAlike(Self.alphaPage(mode), "alpha-varying stroke, \(mode)")
  }

  /// The shared real WILL samples (`will/NAME`) and the real UIM samples through their
  /// WILL 2 conversion (`uim/NAME`), as `render` draws them.
  static let realSamples =
    ExternalSamples.names.map { "will/\($0)" } + UIMSamples.names.map { "uim/\($0)" }

  @Test(arguments: realSamples)
  func realSample(_ sample: String) throws {
    let name = String(sample.drop { $0 != "/" }.dropFirst())
    let document: WillDocument
    if sample.hasPrefix("uim/") {
      var losses = ConversionLosses()
      document = try WillDocument(
        converting: try UIMDocument(parsing: try UIMSamples.bytes(name)), losses: &losses)
    } else {
      document = try WillDocument(parsing: try ExternalSamples.bytes(name))
    }
    for (index, section) in document.sections.enumerated() {
      try Self.expectAlike(
        RenderPage(section: section, paints: document.paints), "\(name) section \(index)")
    }
  }

  /// Strokes drawn with particles are drawn by the PNG painter in SVG and PDF too, as one
  /// image of the page's ink: a UIM raster brush's strokes (``RenderLayer/particleStrokes``;
  /// they were solid outlines, ×4.6 the PNG's density).
  @Test func uimRasterBrushStrokes() throws {
    let (page, _) = try UIMBrushRenderTests.page(UIMBrushRenderTests.ringBrushDocument())
    try #require(page.layers[0].particleStrokes == [0])
    try Self.expectAlike(page, "UIM raster brush (ring particles)")
    var report = RenderReport()
    let svg = try Renderer.renderSVG(
      page, options: RenderOptions(scale: Self.scale), report: &report)
    #expect(report.brushesDrawnAsImage)
    #expect(svg.contains("<image x=\"0\" y=\"0\"") && svg.contains("data:image/png;base64,"))
    #expect(!svg.contains("<path"))
    report = RenderReport()
    _ = try Renderer.renderPDFPage(
      page, options: RenderOptions(scale: Self.scale), report: &report)
    #expect(report.brushesDrawnAsImage && report.approximatedBlendModes.isEmpty)
  }

  /// A WILL 2 page drawn with `--brush particle` (the built-in particle: it has no paints) or
  /// `hair` (SVG refused them; PDF drew them so already).
  @Test(arguments: [Brush.particle, .hair])
  func willBrushes(_ brush: Brush) throws {
    let url = VectorOutputTests.root.appendingPathComponent(
      "SampleDocuments/valid/handwriting-opc.will")
    let pages = try VectorOutputTests.pages([UInt8](try Data(contentsOf: url)))
    try Self.expectAlike(pages[0], "handwriting-opc.will, \(brush) brush", brush: brush)
  }

  /// A real particle paint (that of pywillparser's `test.will`, the one shared sample
  /// with a paint; its strokes select none) given to every stroke, through the UIM
  /// conversion (a raster brush) and drawn with it, as `render` draws a UIM file.
  @Test(.enabled(if: ExternalSamples.isAvailable))
  func realPaintAsAUIMRasterBrush() throws {
    let original = try WillDocument(
      parsing: try ExternalSamples.bytes("gjiovi__pywillparser__test.will"))
    try #require(original.paints.count == 1)
    var will = WillDocument(
      strokes: original.strokes.map {
        var stroke = $0
        stroke.paintIndex = 0
        return stroke
      }, pageWidth: 592, pageHeight: 864)
    will.paints = original.paints
    let uim = try UIMDocument(converting: will)
    var losses = ConversionLosses()
    var sources: [Int] = []
    let document = try WillDocument(
      converting: uim, limits: .default, losses: &losses, strokeSources: &sources)
    var page = RenderPage(section: document.sections[0], paints: document.paints)
    let notes = page.shapeStrokes(of: uim, sources: sources)
    #expect(notes.rasterBrushes == ["app://willdoc/will2/paint/0"])
    try #require(page.layers.reduce(0) { $0 + $1.particleStrokes.count } == will.strokes.count)
    try Self.expectAlike(page, "test.will's paint as a UIM raster brush")
  }

  /// A page without particles keeps its vector ink: no image.
  @Test func solidPagesStayVectors() throws {
    var report = RenderReport()
    let svg = try Renderer.renderSVG(
      Self.alphaPage(.sourceOver), options: RenderOptions(scale: Self.scale), report: &report)
    #expect(!report.brushesDrawnAsImage && svg.contains("<path") && !svg.contains("<image"))
  }
}
