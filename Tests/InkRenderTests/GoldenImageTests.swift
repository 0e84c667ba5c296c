import Foundation
import InkCodec
import Testing

@testable import InkRender

/// Every section of the project's own sample documents renders as its golden image
/// (`SampleDocuments/golden/*.png`) within 40 dB PSNR. `RECORD_GOLDEN=1 swift test --filter
/// GoldenImage` (or `Tools/bless-golden`) re-records them, and then fails on purpose; review the
/// images before committing.
@Suite struct GoldenImageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let valid = root.appendingPathComponent("SampleDocuments/valid")
  static let golden = root.appendingPathComponent("SampleDocuments/golden")
  static let options = RenderOptions(scale: 0.5)

  static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: valid.path)) ?? []
    // The RIFF and raw copies of the handwriting page hold the same strokes as the OPC one.
    return files.filter { $0.hasSuffix(".will") && !$0.contains("riff") }.sorted()
  }()

  @Test func goldenImagesExist() {
    #expect(Self.names.count >= 8, "SampleDocuments/valid is missing")
  }

  @Test(arguments: names)
  func rendersAsItsGoldenImage(name: String) throws {
    let document = try WillDocument(
      parsing: [UInt8](try Data(contentsOf: Self.valid.appendingPathComponent(name))))
    for (index, section) in document.sections.enumerated() {
      let png = try Renderer.renderPNG(RenderPage(section: section), options: Self.options)
      let goldenURL = Self.golden.appendingPathComponent(
        name.replacingOccurrences(of: ".will", with: "") + "-\(index).png")
      if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil {
        try Data(png).write(to: goldenURL)
        Issue.record(
          "re-recorded \(goldenURL.lastPathComponent): review it, then run again without RECORD_GOLDEN"
        )
        continue
      }
      let expected = try #require(
        PNGReader.decode([UInt8](try Data(contentsOf: goldenURL))), "\(goldenURL.lastPathComponent)"
      )
      let actual = try #require(PNGReader.decode(png))
      try #require(
        actual.width == expected.width && actual.height == expected.height,
        "\(name) section \(index): size")
      let psnr = Self.psnr(actual.rgba, expected.rgba)
      #expect(psnr >= 40, "\(name) section \(index): PSNR \(psnr) dB")
    }
  }

  /// Peak signal-to-noise ratio over all channels, in dB (infinite when identical).
  static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    var sum = 0.0
    for (x, y) in zip(a, b) {
      let d = Double(x) - Double(y)
      sum += d * d
    }
    guard sum > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (sum / Double(a.count)))
  }
}
