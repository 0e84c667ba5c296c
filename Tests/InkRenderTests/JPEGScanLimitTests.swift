import InkTestFixtures
import InkTestSupport
import Testing

@testable import InkCodec
@testable import InkRender

/// A JPEG's scans are counted against ``RenderLimits/maxImageScans``: an image at the limit is
/// drawn, one past it is named with the limit's error in every output (PNG does not decode
/// it, SVG and PDF do not embed it), and the decoder itself stops at the first scan past its
/// limit however the file is laid out.
@Suite struct JPEGScanLimitTests {
  static let limit = RenderLimits.default.maxImageScans

  static func page(_ jpeg: [UInt8], count: Int = 1) -> RenderPage {
    var page = RenderPage(width: 40, height: 40, layers: [])
    page.images = (0..<count).map { k in
      RenderImage(
        data: jpeg, contentType: "image/jpeg", name: "/media/j.jpg", x: Double(k % 10 * 4),
        width: 4, height: 4)
    }
    return page
  }

  static func expectScanFailure(
    _ report: RenderReport, scans: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(report.undrawnImages.map(\.name) == ["/media/j.jpg"], sourceLocation: sourceLocation)
    #expect(
      report.undrawnImages.first?.error
        == WillError(
          .renderLimitExceeded(.imageScans, value: scans, limit: limit), part: "/media/j.jpg"),
      sourceLocation: sourceLocation)
  }

  @Test(arguments: [1, 2, 7, 100, 1_000])
  func scansAreCountedFromTheMarkers(_ scans: Int) {
    let counted = JPEGScans(JPEGCraft.progressive(width: 40, height: 24, scans: scans))
    #expect(counted.count == scans)
    #expect(counted.componentPasses == scans)
    let baseline = JPEGScans(JPEGCraft.baseline(width: 40, height: 24))
    #expect(baseline.count == 1 && baseline.componentPasses == 1)
    #expect(JPEGScans([0xFF, 0xD8, 0xFF]).count == 0)
    #expect(JPEGScans(Fixtures.greyJPEG).count == 1)
  }

  /// Vector output embeds a JPEG as it is, so it counts the scans itself: one past the limit
  /// is left out and named, the one at the limit is embedded.
  @Test func vectorOutputLeavesOutAJPEGPastTheLimit() throws {
    let past = Self.page(JPEGCraft.progressive(width: 64, height: 64, scans: Self.limit + 1))
    var svgReport = RenderReport()
    let svg = try Renderer.renderSVG(past, options: RenderOptions(), report: &svgReport)
    #expect(!svg.contains("<image"))
    Self.expectScanFailure(svgReport, scans: Self.limit + 1)
    var pdfReport = RenderReport()
    let pdf = PDFWriter.document([
      try Renderer.renderPDFPage(past, options: RenderOptions(), report: &pdfReport)
    ])
    #expect(!String(decoding: pdf, as: UTF8.self).contains("DCTDecode"))
    Self.expectScanFailure(pdfReport, scans: Self.limit + 1)

    let at = Self.page(JPEGCraft.progressive(width: 64, height: 64, scans: Self.limit))
    var report = RenderReport()
    #expect(
      try Renderer.renderSVG(at, options: RenderOptions(), report: &report).contains("<image"))
    _ = try Renderer.renderPDFPage(at, options: RenderOptions(), report: &report)
    #expect(report.undrawnImages.isEmpty)
  }
}

#if JPEG && os(Linux)
  extension JPEGScanLimitTests {
    /// The largest number of scans the limit allows decodes (mid-grey: every coefficient is
    /// zero); one more is refused before the decoder starts, even when a thousand elements
    /// show it.
    @Test func pngOutputDrawsAJPEGAtTheLimitAndNotOnePast() throws {
      let cache = ImageCache()
      var report = RenderReport()
      let canvas = try Renderer.renderCanvas(
        Self.page(JPEGCraft.progressive(width: 64, height: 64, scans: Self.limit), count: 10),
        options: RenderOptions(), report: &report, images: cache)
      #expect(report.undrawnImages.isEmpty)
      #expect(cache.decodeCount == 1)
      #expect(LayerCompositingTests.bytes(canvas, 2, 2) == [128, 128, 128, 0xFF])

      let past = ImageCache()
      var refused = RenderReport()
      _ = try Renderer.renderCanvas(
        Self.page(JPEGCraft.progressive(width: 64, height: 64, scans: Self.limit + 1), count: 1),
        options: RenderOptions(), report: &refused, images: past)
      Self.expectScanFailure(refused, scans: Self.limit + 1)
      var many = RenderReport()
      _ = try Renderer.renderCanvas(
        Self.page(JPEGCraft.progressive(width: 64, height: 64, scans: 1_000), count: 1_000),
        options: RenderOptions(), report: &many, images: past)
      #expect(many.undrawnImages.count == 1_000)
      #expect(past.decodeCount == 2)
    }

    /// The decoder counts the scans it reads (libjpeg's progress monitor) and stops at the
    /// first past its limit, whatever the markers said.
    @Test(arguments: [1, 4, 9])
    func theDecoderStopsAtTheFirstScanPastItsLimit(_ maximumScans: Int) throws {
      let jpeg = JPEGCraft.progressive(width: 64, height: 64, scans: 10)
      #expect(
        throws: WillError(
          .renderLimitExceeded(.imageScans, value: maximumScans + 1, limit: maximumScans))
      ) {
        try JPEGDecoder.decode(jpeg, maximumPixels: 1 << 20, maximumScans: maximumScans)
      }
      let image = try JPEGDecoder.decode(jpeg, maximumPixels: 1 << 20, maximumScans: 10)
      #expect(image.width == 64 && image.height == 64)
      #expect(image.pixels.prefix(4) == [128, 128, 128, 255])
      let baseline = try JPEGDecoder.decode(
        JPEGCraft.baseline(width: 40, height: 24), maximumPixels: 1 << 20, maximumScans: 1)
      #expect(baseline.pixels.allSatisfy { $0 == 128 || $0 == 255 })
    }

    /// Decoding is charged before it starts for every block of every scan: ten scans cost
    /// more than one by nine passes over the blocks.
    @Test func scansAreCharged() throws {
      func work(_ scans: Int) throws -> Int {
        var report = RenderReport()
        _ = try Renderer.renderCanvas(
          Self.page(JPEGCraft.progressive(width: 256, height: 256, scans: scans)),
          options: RenderOptions(), report: &report)
        #expect(report.undrawnImages.isEmpty)
        return report.work
      }
      let blocks = 256 * 256 / 64
      #expect(try work(10) - work(1) >= 9 * blocks * WorkBudget.scanBlockCost)
    }
  }
#endif
