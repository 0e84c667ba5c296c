import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc render --max-render-work`, `--max-canvas-pixels` and `--max-image-scans`, end to
/// end.
struct RenderLimitTests {
  static let handwriting = RenderBrushTests.handwriting

  @Test func overTheWorkLimitIsOneErrorLineNamingTheOption() throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("page.png")
    let result = try WillDocRunner.run([
      "render", Self.handwriting.path, "-o", out.path, "--max-render-work", "1000",
    ])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    let line = String(lines.first ?? "")
    #expect(
      line.hasPrefix("willdoc: error: \(Self.handwriting.path): limit exceeded: render work is "))
    #expect(line.hasSuffix(", the limit is 1000 (raise it with --max-render-work)"))
    #expect(!FileManager.default.fileExists(atPath: out.path))
    // Raised, the same page renders.
    let raised = try WillDocRunner.run([
      "render", Self.handwriting.path, "-o", out.path, "--max-render-work", "100000000",
    ])
    #expect(raised.status == 0, "\(raised.stderr)")
  }

  @Test(arguments: ["png", "svg", "json"])
  func everyFormatHonoursTheWorkLimit(_ ext: String) throws {
    let directory = try TemporaryDirectory()
    let result = try WillDocRunner.run([
      "render", Self.handwriting.path, "-o", directory.file("page.\(ext)").path,
      "--max-render-work", "10",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("(raise it with --max-render-work)"))
  }

  @Test func aCanvasOverThePixelLimitIsAnErrorNotASmallerImage() throws {
    let directory = try TemporaryDirectory()
    let result = try WillDocRunner.run([
      "render", Self.handwriting.path, "-o", directory.file("page.png").path, "--scale", "1000",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("limit exceeded: canvas pixels is "))
    #expect(result.stderr.contains("(raise it with --max-canvas-pixels)"))
    let small = try WillDocRunner.run([
      "render", Self.handwriting.path, "-o", directory.file("small.png").path,
      "--max-canvas-pixels", "100",
    ])
    #expect(small.status == 1)
    #expect(small.stderr.contains("the limit is 100 (raise it with --max-canvas-pixels)"))
  }

  /// Pages share one budget besides their own: the sections of a document spend from what
  /// the sections before them left.
  @Test func theSectionsOfOneCommandShareTheTotalWorkLimit() throws {
    let sections = Fixtures.sampleDocuments.appendingPathComponent(
      "valid/sections-transforms.will")
    let directory = try TemporaryDirectory()
    let whole = try WillDocRunner.run(["render", sections.path, "-o", directory.file("a.png").path])
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(whole.stdout.split(separator: "\n").count == 3)
    // Each page alone fits in 20 million units (their canvases take about 8 million each);
    // all three together do not.
    let total = try WillDocRunner.run([
      "render", sections.path, "-o", directory.file("b.png").path,
      "--max-render-work", "20000000", "--max-total-render-work", "20000000",
    ])
    #expect(total.status == 1)
    let lines = total.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.contains("limit exceeded: render work of all pages is ") == true)
    #expect(
      lines.first?.hasSuffix(", the limit is 20000000 (raise it with --max-total-render-work)")
        == true)
    for index in 1...3 {
      let page = try WillDocRunner.run([
        "render", sections.path, "--section", "\(index - 1)", "-o",
        directory.file("c\(index).png").path,
        "--max-render-work", "20000000", "--max-total-render-work", "20000000",
      ])
      #expect(page.status == 0, "section \(index - 1): \(page.stderr)")
    }
  }

  /// A JPEG over the scan limit is left out of every output with one warning naming it and
  /// the option; the page is still written. Raised, the limit lets it into SVG.
  @Test func aJPEGOverTheScanLimitIsNamedWithItsOption() throws {
    let sample = Fixtures.sampleDocuments.appendingPathComponent(
      "invalid/r-jpeg-scans-past-limit.will")
    let directory = try TemporaryDirectory()
    for name in ["page.png", "page.svg", "page.pdf"] {
      let result = try WillDocRunner.run(["render", sample.path, "-o", directory.file(name).path])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(
        result.stderr
          == "willdoc: warning: \(sample.path): image /sections/media/j.jpg is not drawn: limit "
          + "exceeded: JPEG scans is 1000, the limit is 100 (raise it with --max-image-scans)\n",
        "\(name)")
    }
    let raised = try WillDocRunner.run([
      "render", sample.path, "-o", directory.file("raised.svg").path, "--max-image-scans", "1000",
    ])
    #expect(raised.status == 0 && raised.stderr.isEmpty, "\(raised.stderr)")
    let svg = try String(contentsOf: directory.file("raised.svg"), encoding: .utf8)
    #expect(svg.contains("<image id=\"im0\""))
  }

  @Test func theHelpStatesTheDefaults() throws {
    // The drawing limits are under --help-hidden, as the decoding limits are.
    let help = try WillDocRunner.run(["render", "--help-hidden"])
    let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("--max-render-work"))
    #expect(text.contains("(default: \(1 << 30))"))
    #expect(text.contains("--max-canvas-pixels"))
    #expect(text.contains("(default: \(1 << 25))"))
    #expect(text.contains("--max-total-render-work"))
    #expect(text.contains("(default: \(1 << 31))"))
    #expect(text.contains("--max-image-scans"))
    #expect(text.contains("(default: 100)"))
  }

  @Test func negativeLimitsAreUsageErrors() throws {
    let result = try WillDocRunner.run([
      "render", Self.handwriting.path, "-o", "x.png", "--max-render-work", "-1",
    ])
    #expect(result.status == 64)
  }

  @Test func aBrokenPaintNoStrokeUsesIsNeverDecodedNorReported() throws {
    let directory = try TemporaryDirectory()
    var document = SyntheticDocuments.twoStrokes
    var paint = ParticlesPaint()
    paint.shape = [[0x89, 0x50, 0x4E, 0x47, 1, 2, 3]]
    document.paints = [paint]
    let url = try SyntheticDocuments.write(document, to: directory, name: "unused.will")
    let result = try WillDocRunner.run([
      "render", url.path, "-o", directory.file("p.png").path, "--brush", "particle",
    ])
    #expect(result.status == 0)
    #expect(!result.stderr.contains("warning"), "\(result.stderr)")
  }
}
