import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc render` and `convert --to` for printing: `--margin`, `--paper`, `--width-scale`,
/// PNG density and JPEG, checked by where the ink lands and how large it is once rasterised
/// (our PNG, `rsvg-convert` for SVG, `pdftoppm` for PDF).
struct RenderPrintTests {
  /// A 200 × 100 page with one black line from (20, 50) to (80, 50), 4 units wide: its ink
  /// runs from x 18 to 82 and y 48 to 52.
  static var line: WillDocument {
    let stroke = Stroke(
      points: [20, 50, 20, 50, 50, 50, 80, 50, 80, 50], layout: .xy, width: 4,
      color: InkColor(red: 0, green: 0, blue: 0))
    return WillDocument(strokes: [stroke], pageWidth: 200, pageHeight: 100)
  }

  static func read(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

  /// Renders `arguments` into `name` in `directory`, expecting success.
  static func render(
    _ input: URL, _ arguments: [String], to name: String, in directory: TemporaryDirectory,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> URL {
    let out = directory.file(name)
    let result = try WillDocRunner.run(["render", input.path] + arguments + ["-o", out.path])
    #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    return out
  }

  /// The picture of `url`, by its extension.
  static func raster(_ url: URL) throws -> Raster? {
    switch url.pathExtension {
    case "png": Raster(png: try read(url))
    case "svg": try Raster.svg(url)
    default: try Raster.pdf(url)
    }
  }

  /// The MediaBox of a PDF's first page.
  static func mediaBox(_ url: URL) throws -> String? {
    let text = String(decoding: try read(url), as: UTF8.self)
    return text.firstRange(of: /\/MediaBox\[[^\]]*\]/).map { String(text[$0]) }
  }

  static func near(
    _ box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?, _ expected: (Int, Int, Int, Int),
    slack: Int = 1
  ) -> Bool {
    guard let box else { return false }
    return abs(box.minX - expected.0) <= slack && abs(box.minY - expected.1) <= slack
      && abs(box.maxX - expected.2) <= slack && abs(box.maxY - expected.3) <= slack
  }

  /// On a 400 × 400 sheet the 200 × 100 page is scaled by 2 and centred (100 units above
  /// and below): the line runs from x 36 to 164 and y 196 to 204, in every format.
  @Test(.enabled(if: ExternalTool.isUsable("pdftoppm") && ExternalTool.isUsable("rsvg-convert")))
  func paperScalesAndCentresThePage() throws {
    let directory = try TemporaryDirectory()
    let input = try SyntheticDocuments.write(Self.line, to: directory, name: "line.will")
    for format in ["png", "svg", "pdf"] {
      let out = try Self.render(
        input, ["--paper", "400x400px"], to: "paper.\(format)", in: directory)
      let picture = try #require(try Self.raster(out), "\(format)")
      #expect(picture.width == 400 && picture.height == 400, "\(format)")
      #expect(
        Self.near(picture.inkBounds(), (36, 196, 164, 204)),
        "\(format): \(String(describing: picture.inkBounds()))")
    }
    #expect(try Self.mediaBox(directory.file("paper.pdf")) == "/MediaBox[0 0 300 300]")
    // A margin of 42 on the 384-unit sheet leaves 300 across: the page is scaled by 1.5.
    let margin = try Self.render(
      input, ["--paper", "4x4in", "--margin", "42"], to: "margin.png", in: directory)
    let picture = try #require(Raster(png: try Self.read(margin)))
    #expect(picture.width == 384 && picture.height == 384)
    // x: 42 + 1.5 × 18 = 69 to 42 + 1.5 × 82 = 165; y: 117 + 1.5 × 48 = 189 to 195.
    #expect(
      Self.near(picture.inkBounds(), (69, 189, 165, 195)),
      "\(String(describing: picture.inkBounds()))")
  }

  /// `--fit ink --margin 20`: the ink's 64 × 4 bounds plus 20 on every side; on a sheet the
  /// ink alone is scaled to fit inside the margin.
  @Test(.enabled(if: ExternalTool.isUsable("pdftoppm")))
  func fitInkTakesTheMargin() throws {
    let directory = try TemporaryDirectory()
    let input = try SyntheticDocuments.write(Self.line, to: directory, name: "line.will")
    let out = try Self.render(
      input, ["--fit", "ink", "--margin", "20"], to: "ink.png", in: directory)
    let picture = try #require(Raster(png: try Self.read(out)))
    #expect(picture.width == 104 && picture.height == 44)
    #expect(Self.near(picture.inkBounds(), (20, 20, 84, 24)))
    let pdf = try Self.render(
      input, ["--fit", "ink", "--margin", "20"], to: "ink.pdf", in: directory)
    #expect(try Self.mediaBox(pdf) == "/MediaBox[0 0 78 33]")
    // On a 164 × 120 sheet with 50 on each side, the 64 × 4 ink fills the 64 across.
    let sheet = try Self.render(
      input, ["--fit", "ink", "--paper", "164x120", "--margin", "50"], to: "sheet.pdf",
      in: directory)
    let raster = try #require(try Raster.pdf(sheet))
    #expect(raster.width == 164 && raster.height == 120)
    #expect(Self.near(raster.inkBounds(), (50, 58, 114, 62)))
  }

  /// A real sample on A4 and A4 landscape: the PDF page is the sheet in points, and the ink
  /// lands where the page's ink lands, scaled by the sheet over the page and centred.
  @Test(.enabled(if: ExternalTool.isUsable("pdftoppm") && ExternalTool.isUsable("pdfinfo")))
  func sampleOnA4LandsWhereItShould() throws {
    let directory = try TemporaryDirectory()
    let input = Fixtures.packageRoot.appendingPathComponent(
      "SampleDocuments/valid/constant-width.will")
    let plain = try Self.render(input, ["--section", "0"], to: "plain.pdf", in: directory)
    let box = try #require(try Self.mediaBox(plain))
    let numbers = box.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap {
      Double($0)
    }
    try #require(numbers.count == 4)
    // Page units: the MediaBox is in points, 0.75 a unit.
    let (pageWidth, pageHeight) = (numbers[2] / 0.75, numbers[3] / 0.75)
    let ink = try #require(try Raster.pdf(plain)?.inkBounds())
    for (paper, size, margin) in [
      ("a4", (210.0, 297.0), 0.0), ("a4-landscape", (297.0, 210.0), 48.0),
    ] {
      let out = try Self.render(
        input, ["--section", "0", "--paper", paper, "--margin", "\(margin)"],
        to: "\(paper).pdf", in: directory)
      let info = String(
        decoding: try ExternalTool.run("pdfinfo", [out.path]), as: UTF8.self)
      let points = paper == "a4" ? "595.276 x 841.89 pts (A4)" : "841.89 x 595.276 pts (A4)"
      #expect(info.contains(points), "\(info)")
      let sheet = (size.0 * 96 / 25.4, size.1 * 96 / 25.4)
      let k = min((sheet.0 - 2 * margin) / pageWidth, (sheet.1 - 2 * margin) / pageHeight)
      let dx = (sheet.0 - pageWidth * k) / 2
      let dy = (sheet.1 - pageHeight * k) / 2
      let printed = try #require(try Raster.pdf(out))
      #expect(printed.width == Int(sheet.0.rounded()) && printed.height == Int(sheet.1.rounded()))
      let expected = (
        Int((dx + Double(ink.minX) * k).rounded()), Int((dy + Double(ink.minY) * k).rounded()),
        Int((dx + Double(ink.maxX) * k).rounded()), Int((dy + Double(ink.maxY) * k).rounded())
      )
      // A pixel of the plain picture is k pixels here.
      #expect(
        Self.near(printed.inkBounds(), expected, slack: Int(k.rounded(.up)) + 1),
        "\(paper): \(String(describing: printed.inkBounds())) vs \(expected)")
    }
  }

  /// A sheet at a resolution: the PNG is the sheet in pixels, and its `pHYs` gives the dpi.
  @Test func paperAtADpiAndTheDensity() throws {
    let directory = try TemporaryDirectory()
    let input = try SyntheticDocuments.write(Self.line, to: directory, name: "line.will")
    for (paper, dpi, size) in [("a4", 300, (2481, 3508)), ("letter", 150, (1275, 1650))] {
      let out = try Self.render(
        input, ["--paper", paper, "--dpi", "\(dpi)"], to: "\(paper).png", in: directory)
      let bytes = try Self.read(out)
      let picture = try #require(Raster(png: bytes))
      #expect(picture.width == size.0 && picture.height == size.1, "\(paper)")
      let density = try #require(Raster.pngDensity(bytes))
      let perMetre = UInt32((Double(dpi) / 0.0254).rounded())
      #expect(density.x == perMetre && density.y == perMetre && density.unit == 1)
      // Read back, the density is the dpi asked for.
      #expect((Double(density.x) * 0.0254).rounded() == Double(dpi))
    }
    let plain = try Self.render(input, [], to: "plain.png", in: directory)
    #expect(Raster.pngDensity(try Self.read(plain))?.x == 3780)
  }

  /// `--width-scale 3` draws the same strokes three times as wide: about three times the
  /// ink, in PNG, SVG and PDF alike, and outline JSON's polygons three times as tall.
  @Test(.enabled(if: ExternalTool.isUsable("pdftoppm") && ExternalTool.isUsable("rsvg-convert")))
  func widthScaleDarkensEveryFormatAlike() throws {
    let directory = try TemporaryDirectory()
    let input = try SyntheticDocuments.write(Self.line, to: directory, name: "line.will")
    var ratios: [String: Double] = [:]
    for format in ["png", "svg", "pdf"] {
      let thin = try #require(
        try Self.raster(try Self.render(input, [], to: "thin.\(format)", in: directory)))
      let wide = try #require(
        try Self.raster(
          try Self.render(input, ["--width-scale", "3"], to: "wide.\(format)", in: directory)))
      ratios[format] = wide.meanDarkness / thin.meanDarkness
      // The same line, 12 units wide: y 44 to 56, x 14 to 86.
      #expect(Self.near(wide.inkBounds(), (14, 44, 86, 56)), "\(format)")
    }
    let png = try #require(ratios["png"])
    // 64 × 4 + caps against 72 × 12 + caps: about 3.
    #expect(png > 2.5 && png < 3.5, "\(ratios)")
    for (format, ratio) in ratios { #expect(abs(ratio - png) < 0.1 * png, "\(format): \(ratios)") }
    let outline = try Self.render(
      input, ["--width-scale", "3"], to: "wide.json", in: directory)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: outline)) as? [String: Any])
    let strokes = try #require(json["strokes"] as? [[String: Any]])
    let ys = strokes.flatMap { ($0["parts"] as? [[String: Any]]) ?? [] }
      .flatMap { ($0["polygons"] as? [[[Double]]]) ?? [] }.flatMap { $0.map { $0[1] } }
    let height = (ys.max() ?? 0) - (ys.min() ?? 0)
    #expect(abs(height - 12) < 0.2, "\(height)")
  }

  /// JPEG: `-o x.jpg`, the JFIF density from `--dpi`, the size from the scale, `--quality`,
  /// and the same picture as the PNG (InkRender's tests compare the pixels).
  @Test func jpegOutput() throws {
    let directory = try TemporaryDirectory()
    let input = try SyntheticDocuments.write(Self.line, to: directory, name: "line.will")
    let out = try Self.render(input, ["--dpi", "192"], to: "line.jpg", in: directory)
    let bytes = try Self.read(out)
    #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF, 0xE0]))
    // APP0: length, "JFIF\0", version, units (1: dots per inch), X and Y density.
    #expect(Array(bytes[6..<11]) == Array("JFIF\0".utf8))
    #expect(bytes[13] == 1 && Array(bytes[14..<18]) == [0, 192, 0, 192])
    // The frame header (SOF0): height then width, 400 × 200 at scale 2.
    let sof = try #require(
      (0..<(bytes.count - 9)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    #expect(Array(bytes[(sof + 5)..<(sof + 9)]) == [0, 200, 1, 144])
    let low = try Self.render(
      input, ["--dpi", "192", "--quality", "5", "--format", "jpeg"], to: "low.jpeg", in: directory)
    #expect(try Self.read(low).count < bytes.count)
    for bad in [["--quality", "0"], ["--quality", "101"]] {
      let result = try WillDocRunner.run(
        ["render", input.path, "-o", directory.file("bad.jpg").path] + bad)
      #expect(result.status == 64 && result.stderr.contains("--quality must be 1…100"))
    }
  }

  /// Bad print options are usage errors naming the option.
  @Test func badOptionsAreUsageErrors() throws {
    let directory = try TemporaryDirectory()
    let input = try SyntheticDocuments.write(Self.line, to: directory, name: "line.will")
    for (arguments, message) in [
      (["--width-scale", "0"], "--width-scale must be above 0 and at most 100"),
      (["--width-scale", "101"], "--width-scale must be above 0 and at most 100"),
      (["--paper", "a5"], "--paper must be a4, letter"),
      (["--paper", "0x10cm"], "--paper must be a4, letter"),
      (["--margin", "-1"], "--margin must be at least 0"),
      (["--paper", "100x100", "--margin", "50"], "--margin 50 leaves no room on the paper"),
    ] {
      let result = try WillDocRunner.run(
        ["render", input.path, "-o", directory.file("x.png").path] + arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
  }

  /// `convert -d DIR --to pdf --paper a4`: every PDF on A4; `--to jpeg` writes `.jpg` files.
  @Test func convertBatchPrintsOnPaper() throws {
    let directory = try TemporaryDirectory()
    let folder = directory.file("in")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    _ = try SyntheticDocuments.write(Self.line, to: directory, name: "in/a.will")
    _ = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "in/b.will")
    let result = try WillDocRunner.run([
      "convert", folder.path, "-d", directory.file("pdf").path, "--to", "pdf", "--paper", "a4",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    for name in ["a.pdf", "b.pdf"] {
      #expect(
        try Self.mediaBox(directory.file("pdf/\(name)")) == "/MediaBox[0 0 595.276 841.89]")
    }
    let jpeg = try WillDocRunner.run([
      "convert", folder.path, "-d", directory.file("jpeg").path, "--to", "jpeg",
      "--width-scale", "2",
    ])
    #expect(jpeg.status == 0, "\(jpeg.stderr)")
    for name in ["a.jpg", "b.jpg"] {
      #expect(try Self.read(directory.file("jpeg/\(name)")).starts(with: [0xFF, 0xD8]))
    }
  }
}
