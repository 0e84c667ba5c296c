import InkTestSupport
import Testing

@testable import InkCodec
@testable import InkRender

/// Printing a page: ``RenderPage/placed(on:margin:defaultWidth:)`` scales and centres it on a
/// sheet, ``RenderPage/widthScale`` widens every stroke (and is charged for the area it
/// covers), PNG carries its density in `pHYs`, and JPEG is the PNG's picture over white.
struct PrintLayoutTests {
  /// A 200 × 100 page with one black line from (20, 50) to (80, 50), 4 units wide.
  static var line: RenderPage {
    let stroke = Stroke(
      points: [20, 50, 20, 50, 50, 50, 80, 50, 80, 50], layout: .xy, width: 4,
      color: InkColor(red: 0, green: 0, blue: 0))
    return RenderPage(width: 200, height: 100, layers: [RenderLayer(strokes: [stroke])])
  }

  /// The pixels whose alpha is over half: left, top, one past right and bottom.
  static func inkBounds(_ png: [UInt8]) -> [Int]? {
    guard let image = PNGReader.decode(png) else { return nil }
    var box: [Int]?
    for y in 0..<image.height {
      for x in 0..<image.width where image.rgba[(y * image.width + x) * 4 + 3] > 128 {
        box =
          box.map { [min($0[0], x), min($0[1], y), max($0[2], x + 1), max($0[3], y + 1)] }
          ?? [x, y, x + 1, y + 1]
      }
    }
    return box
  }

  @Test func placedOnASheetIsScaledAndCentred() throws {
    let placed = Self.line.placed(on: PaperSize(width: 400, height: 400))
    let frame = Renderer.frame(of: placed)
    #expect(frame == PageFrame(x: 0, y: 0, width: 400, height: 400))
    // Scale 2, 100 units above and below: x 36…164, y 196…204.
    #expect(Self.inkBounds(try Renderer.renderPNG(placed)) == [36, 196, 164, 204])
    // A margin of 100: scale 1, the page at (100, 150).
    let margin = Self.line.placed(on: PaperSize(width: 400, height: 400), margin: 100)
    #expect(Self.inkBounds(try Renderer.renderPNG(margin)) == [118, 198, 182, 202])
  }

  @Test func inkFittedPagesUseTheirMarginOnTheSheet() throws {
    var page = Self.line
    page.fit = .ink
    page.margin = 16
    // The ink, 64 × 4, fills 200 − 2 × 16 across: scale 168 / 64 = 2.625.
    let placed = page.placed(on: PaperSize(width: 200, height: 200))
    let box = try #require(Self.inkBounds(try Renderer.renderPNG(placed)))
    #expect(box[0] == 16 && box[2] == 184)
    #expect(abs((box[1] + box[3]) - 200) <= 1 && abs(box[3] - box[1] - 10) <= 1)
    // A declared page takes no margin unless asked.
    #expect(
      Self.inkBounds(
        try Renderer.renderPNG(Self.line.placed(on: PaperSize(width: 200, height: 100))))
        == [18, 48, 82, 52])
  }

  @Test func landscapeAndNamedSheets() {
    #expect(abs(PaperSize.a4.width * 0.75 - 595.2756) < 1e-3)
    #expect(PaperSize.letter == PaperSize(width: 816, height: 1056))
    #expect(PaperSize.letter.landscape == PaperSize(width: 1056, height: 816))
    // A sheet that is no sheet leaves the page as it is.
    #expect(Self.line.placed(on: PaperSize(width: 0, height: .nan)) == Self.line)
  }

  @Test func widthScaleWidensEveryStrokeAndTheFittedPage() throws {
    var page = Self.line
    page.widthScale = 3
    #expect(Self.inkBounds(try Renderer.renderPNG(page)) == [14, 44, 86, 56])
    page.fit = .ink
    #expect(Renderer.frame(of: page) == PageFrame(x: 6, y: 36, width: 88, height: 28))
    for bad in [0, -1, .nan, .infinity] {
      page.widthScale = bad
      for output in 0..<4 {
        let error = #expect(throws: WillError.self) {
          switch output {
          case 0: _ = try Renderer.renderPNG(page)
          case 1: _ = try Renderer.renderSVG(page)
          case 2: _ = try Renderer.renderPDF(page)
          default: _ = try Renderer.renderOutlineJSON(page)
          }
        }
        guard case .unsupported = error?.kind else {
          Issue.record("output \(output), width scale \(bad): \(String(describing: error))")
          continue
        }
      }
    }
  }

  /// Wider strokes cover more pixels, and the work charged grows with them: a limit the
  /// thin line fits under stops the wide one.
  @Test func widerStrokesCostMoreWork() throws {
    var thin = RenderReport()
    _ = try Renderer.renderPNG(Self.line, options: RenderOptions(scale: 4), report: &thin)
    var page = Self.line
    page.widthScale = 50
    var wide = RenderReport()
    _ = try Renderer.renderPNG(page, options: RenderOptions(scale: 4), report: &wide)
    // The canvas costs the same; the ink covers 50 times the area.
    let canvas = 800 * 400 * WorkBudget.canvasPixelCost
    #expect(wide.work - canvas > 10 * (thin.work - canvas), "\(thin.work) \(wide.work)")
    var options = RenderOptions(scale: 4)
    options.limits.maxWork = thin.work + (wide.work - thin.work) / 2
    #expect(throws: WillError.self) { try Renderer.renderPNG(page, options: options) }
    _ = try Renderer.renderPNG(Self.line, options: options)
  }

  @Test func pngCarriesItsDensity() throws {
    #expect(PNGWriter.pixelsPerMetre(scale: 1) == 3780)
    #expect(PNGWriter.pixelsPerMetre(scale: 300.0 / 96) == 11811)
    let png = try Renderer.renderPNG(Self.line, options: RenderOptions(scale: 2))
    // Right after IHDR: pHYs, 9 bytes, 7559 pixels a metre both ways (192 dpi), unit 1.
    let chunk = Array(png[33..<(33 + 21)])
    #expect(Array(chunk[0..<8]) == [0, 0, 0, 9] + Array("pHYs".utf8))
    #expect(Array(chunk[8..<17]) == [0, 0, 0x1D, 0x87, 0, 0, 0x1D, 0x87, 1])
    #expect(PNGReader.decode(png) != nil)
  }

  @Test func jpegNeedsLibjpeg() throws {
    guard !Renderer.writesJPEG else { return }
    var report = RenderReport()
    let error = #expect(throws: WillError.self) {
      try Renderer.renderJPEG(Self.line, options: RenderOptions(), report: &report)
    }
    guard case .unsupported = error?.kind else {
      Issue.record("\(String(describing: error))")
      return
    }
  }
}

#if JPEG && os(Linux)
  extension PrintLayoutTests {
    /// The JPEG, decoded, is the PNG over white within JPEG's error; its JFIF density is the
    /// scale's dpi.
    @Test func jpegIsThePNGOverWhite() throws {
      var page = Self.line
      page.background = nil
      var options = RenderOptions(scale: 2)
      options.jpegQuality = 95
      var report = RenderReport()
      let jpeg = try Renderer.renderJPEG(page, options: options, report: &report)
      #expect(Array(jpeg[13..<18]) == [1, 0, 192, 0, 192])
      let decoded = try JPEGDecoder.decode(jpeg, maximumPixels: 1 << 20)
      let png = try #require(PNGReader.decode(try Renderer.renderPNG(page, options: options)))
      #expect(decoded.width == png.width && decoded.height == png.height)
      var total = 0
      var worst = 0
      for i in 0..<(png.width * png.height) {
        let alpha = Int(png.rgba[i * 4 + 3])
        for c in 0..<3 {
          let over = (Int(png.rgba[i * 4 + c]) * alpha + 255 * (255 - alpha) + 127) / 255
          let difference = abs(over - Int(decoded.pixels[i * 4 + c]))
          total += difference
          worst = max(worst, difference)
        }
      }
      let mean = Double(total) / Double(png.width * png.height * 3)
      #expect(mean < 1 && worst < 64, "mean \(mean), worst \(worst)")
      // The transparent page is white: the corner, and the ink black.
      #expect(Array(decoded.pixels[0..<3]).allSatisfy { $0 >= 250 })
      let middle = (100 * png.width + 100) * 4
      #expect(Array(decoded.pixels[middle..<(middle + 3)]).allSatisfy { $0 <= 8 })
    }
  }
#endif
