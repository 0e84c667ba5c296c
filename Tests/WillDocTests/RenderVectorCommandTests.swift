import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc render` to PDF and SVG, run as the built binary.
struct RenderVectorCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static func sample(_ name: String) -> String {
    root.appendingPathComponent("SampleDocuments/valid/\(name)").path
  }

  @Test func everySectionGoesIntoOnePDF() throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("doc.pdf").path
    let result = try WillDocRunner.run([
      "render", Self.sample("sections-transforms.will"), "-o", out,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("wrote \(out)  3 sections"))
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("%PDF-1.7") && text.contains("/Count 3"))
    // The same document gives the same bytes.
    let again = directory.file("again.pdf").path
    #expect(
      try WillDocRunner.run(
        ["render", Self.sample("sections-transforms.will"), "--format", "pdf", "-o", again]
      ).status == 0)
    #expect(bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: again))))
    if ExternalTool.isUsable("qpdf") { try ExternalTool.run("qpdf", ["--check", out]) }
  }

  @Test func pdfToStandardOutputHoldsEverySection() throws {
    let result = try WillDocRunner.run(
      ["render", Self.sample("sections-transforms.will"), "--format", "pdf", "-o", "-"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutBytes.starts(with: Array("%PDF-1.7".utf8)))
  }

  /// SVG computes every blend mode with filters and says nothing; PDF draws a page with the
  /// modes it cannot composite as an image of its ink, and names them.
  @Test func blendModesPDFCannotCompositeAreNamedOnStandardError() throws {
    let directory = try TemporaryDirectory()
    let svg = try WillDocRunner.run(
      ["render", Self.sample("blend-modes.will"), "-o", directory.file("b.svg").path])
    #expect(svg.status == 0 && !svg.stderr.contains("blend mode"), "\(svg.stderr)")
    let pdf = try WillDocRunner.run(
      ["render", Self.sample("blend-modes.will"), "-o", directory.file("b.pdf").path])
    #expect(pdf.status == 0)
    #expect(
      pdf.stderr.contains(
        "blend mode COPY has no PDF equivalent: the page's ink is drawn as an image"))
    #expect(pdf.stderr.contains("blend mode DIRECT_MULTIPLY has no PDF equivalent"))
    #expect(!pdf.stderr.contains("DESTINATION_OUT"))
    #expect(!pdf.stderr.contains("SOURCE_OVER"))
  }

  /// A JPEG section image is drawn in PNG (decoded by libjpeg-turbo) and embedded in SVG;
  /// one libjpeg cannot read is named, and the page is still written.
  @Test func jpegImagesAreDrawnOrNamed() throws {
    let directory = try TemporaryDirectory()
    var document = SyntheticDocuments.twoStrokes
    document.sections[0].nodes.append(
      .group(
        SectionGroup(children: [
          .image(ImageElement(data: Fixtures.greyJPEG, contentType: "image/jpeg"))
        ])))
    let url = try SyntheticDocuments.write(document, to: directory, name: "photo.will")
    let png = try WillDocRunner.run(["render", url.path, "-o", directory.file("p.png").path])
    #expect(png.status == 0 && png.stderr.isEmpty, "\(png.stderr)")
    let svg = try WillDocRunner.run(["render", url.path, "-o", directory.file("p.svg").path])
    #expect(svg.status == 0 && !svg.stderr.contains("blend mode"), "\(svg.stderr)")
    let text = try String(contentsOf: directory.file("p.svg"), encoding: .utf8)
    #expect(text.contains("data:image/jpeg;base64,"))

    let cut: [UInt8] = [
      0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x02, 0x00, 0x04, 0x01, 0x01, 0x11, 0x00,
      0xFF, 0xD9,
    ]
    var broken = SyntheticDocuments.twoStrokes
    broken.sections[0].nodes.append(
      .group(SectionGroup(children: [.image(ImageElement(data: cut, contentType: "image/jpeg"))])))
    let brokenURL = try SyntheticDocuments.write(broken, to: directory, name: "cut.will")
    let named = try WillDocRunner.run([
      "render", brokenURL.path, "-o", directory.file("c.png").path,
    ])
    #expect(named.status == 0, "\(named.stderr)")
    #expect(named.stderr.contains("willdoc: warning: \(brokenURL.path): image /sections/media/"))
    #expect(
      named.stderr.contains("is not drawn: malformed image: JPEG: Invalid JPEG file structure"),
      "\(named.stderr)")
  }

  @Test func centerlineSVGStrokesEachStroke() throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("c.svg").path
    let result = try WillDocRunner.run(
      ["render", Self.sample("constant-width.will"), "-o", out, "--svg-style", "centerline"])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOf: URL(fileURLWithPath: out), encoding: .utf8)
    #expect(text.contains("fill:none;stroke:#000;stroke-linecap:round;stroke-linejoin:round"))
    #expect(text.contains("stroke-width=\"2.5\""))
    #expect(text.contains("stroke-width=\"4\""))
  }

  /// SVG, as PDF, holds a brush's ink as one image: the PNG the canvas makes, embedded.
  @Test func brushesAreDrawnInSVGAndPDFAsAnImage() throws {
    let directory = try TemporaryDirectory()
    let png = directory.file("a.png").path
    let svg = directory.file("a.svg").path
    for out in [png, svg, directory.file("a.pdf").path] {
      let result = try WillDocRunner.run(
        ["render", Self.sample("handwriting-opc.will"), "-o", out, "--brush", "hair"])
      #expect(result.status == 0 && result.stderr.isEmpty, "\(out): \(result.stderr)")
    }
    let text = try String(contentsOf: URL(fileURLWithPath: svg), encoding: .utf8)
    #expect(!text.contains("<path"))
    // The PNG's pixels (592 × 864 at scale 1), over the page's white rectangle.
    let prefix = "<image x=\"0\" y=\"0\" width=\"592\" height=\"864\" preserveAspectRatio=\"none\""
    #expect(
      text.contains(
        "<rect x=\"0\" y=\"0\" width=\"592\" height=\"864\" fill=\"#FFFFFF\"/>\n" + prefix))
    let start = try #require(text.range(of: "data:image/png;base64,"))
    let data = try #require(
      Data(base64Encoded: String(text[start.upperBound...].prefix { $0 != "\"" })))
    let embedded = try #require(Raster(png: [UInt8](data)))
    let drawn = try #require(Raster(png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))))
    #expect(embedded.width == drawn.width && embedded.height == drawn.height)
    #expect(drawn.meanDarkness > 1)
    #expect(abs(embedded.meanDarkness / drawn.meanDarkness - 1) < 0.01)
  }
}

/// `render` of a section that shows no ink says so on standard error, naming the section and
/// why, and `convert --to png --format json` lists it among the `changed` lines.
@Suite struct BlankSectionTests {
  static func document(_ strokes: [Stroke]) -> WillDocument {
    WillDocument(strokes: strokes, pageWidth: 200, pageHeight: 100)
  }

  static let points: [Double] = [10, 10, 20, 15, 30, 30, 40, 30]

  @Test(arguments: [
    ("transparent", "its one stroke is fully transparent or an eraser"),
    ("erasers", "all 2 strokes are fully transparent or erasers"),
    ("outside", "its one stroke lies outside the page"),
  ])
  func renderWarnsOfAPageWithNoInk(_ kind: String, _ why: String) throws {
    let directory = try TemporaryDirectory()
    let strokes: [Stroke]
    switch kind {
    case "transparent":
      strokes = [
        Stroke(
          points: Self.points, layout: .xy, width: 2,
          color: InkColor(red: 0, green: 0, blue: 0, alpha: 0))
      ]
    case "erasers":
      var eraser = Stroke(points: Self.points, layout: .xy, width: 2, color: InkColor(rgba: 0xFF))
      eraser.blendMode = .destinationOut
      strokes = [eraser, eraser]
    default:
      strokes = [
        Stroke(
          points: Self.points.map { $0 + 1000 }, layout: .xy, width: 2,
          color: InkColor(rgba: 0xFF))
      ]
    }
    let url = try SyntheticDocuments.write(
      Self.document(strokes), to: directory, name: "\(kind).will")
    let result = try WillDocRunner.run(["render", url.path, "-o", directory.file("b.png").path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("willdoc: warning: \(url.path): section 0: nothing is drawn: \(why)"),
      "\(result.stderr)")
    let json = try WillDocRunner.run([
      "convert", url.path, "--to", "png", "-d", directory.file("out").path, "--format", "json",
    ])
    #expect(json.status == 0, "\(json.stderr)")
    #expect(json.stdout.contains("section 0: nothing is drawn: \(why)"), "\(json.stdout)")
  }

  @Test func aPageWithInkHasNoSuchWarning() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "ink.will")
    let result = try WillDocRunner.run(["render", url.path, "-o", directory.file("b.png").path])
    #expect(result.status == 0)
    #expect(!result.stderr.contains("nothing is drawn"), "\(result.stderr)")
  }
}
