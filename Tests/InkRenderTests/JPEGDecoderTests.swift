import InkTestSupport
import Testing

@testable import InkCodec
@testable import InkRender

/// JPEG section images decode through libjpeg-turbo: the right pixels, the size checked
/// before anything is allocated, and every failure a typed error. A build without libjpeg
/// names every JPEG image it leaves out.
@Suite struct JPEGDecoderTests {
  @Test func aBuildWithoutLibjpegNamesTheImageItLeavesOut() throws {
    guard !JPEGDecoder.isAvailable else { return }
    var report = RenderReport()
    let canvas = try Renderer.renderCanvas(
      LayerCompositingTests.imagePage(
        RenderImage(data: Fixtures.greyJPEG, contentType: "image/jpeg", name: "a.jpg", x: 2, y: 3)),
      options: RenderOptions(), report: &report)
    #expect(report.undrawnImages.map(\.name) == ["a.jpg"])
    #expect(report.undrawnImages.first?.reason == JPEGDecoder.unavailableReason)
    // The page's background where the image would be.
    #expect(
      LayerCompositingTests.bytes(canvas, 3, 4) == LayerCompositingTests.bytes(canvas, 30, 30))
  }
}

#if JPEG && os(Linux)
  extension JPEGDecoderTests {
    @Test func decodesTheGreyImage() throws {
      let image = try JPEGDecoder.decode(Fixtures.greyJPEG, maximumPixels: 1 << 20)
      #expect(image.width == 4 && image.height == 2 && !image.hasAlpha)
      #expect(image.pixels == Array([UInt8]([128, 128, 128, 255]).repeated(8)))
    }

    @Test func drawsItOnThePage() throws {
      var report = RenderReport()
      let canvas = try Renderer.renderCanvas(
        LayerCompositingTests.imagePage(
          RenderImage(data: Fixtures.greyJPEG, contentType: "image/jpeg", name: "a.jpg", x: 2, y: 3)
        ),
        options: RenderOptions(), report: &report)
      #expect(report.undrawnImages.isEmpty)
      #expect(LayerCompositingTests.bytes(canvas, 3, 4) == [128, 128, 128, 0xFF])
    }

    /// A header that declares 60,000 × 60,000 pixels is refused before any pixel memory is
    /// asked for; bytes that are not a JPEG, or stop inside one, are errors, not traps.
    @Test func hostileData() throws {
      var huge = Fixtures.greyJPEG
      let sof = try #require(huge.indices.first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
      huge[sof + 5] = 0xEA  // height 60,000
      huge[sof + 6] = 0x60
      huge[sof + 7] = 0xEA  // width 60,000
      huge[sof + 8] = 0x60
      #expect(throws: WillError.self) { try JPEGDecoder.decode(huge, maximumPixels: 1 << 20) }
      do {
        _ = try JPEGDecoder.decode(huge, maximumPixels: 1 << 20)
      } catch {
        #expect(error.kind == .imageTooLarge(width: 60000, height: 60000, maximumPixels: 1 << 20))
      }
      #expect(throws: WillError.self) { try JPEGDecoder.decode([1, 2, 3], maximumPixels: 1 << 20) }
      #expect(throws: WillError.self) { try JPEGDecoder.decode([], maximumPixels: 1 << 20) }
      for length in stride(from: 2, to: Fixtures.greyJPEG.count, by: 7) {
        // Cut anywhere: an error or an image, never a crash.
        _ = try? JPEGDecoder.decode(Array(Fixtures.greyJPEG.prefix(length)), maximumPixels: 1 << 20)
      }
    }
  }

#endif

extension Array {
  fileprivate func repeated(_ count: Int) -> [Element] {
    (0..<count).flatMap { _ in self }
  }
}
