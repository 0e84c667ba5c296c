import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `render` and `convert --to png` name what a UIM file's drawing leaves out, as `convert`
/// names what a conversion drops: on standard error, and as `changed` in the JSON summary.
struct UIMRenderWarningTests {
  /// One stroke whose brush's only shape is a URI no SDK defines.
  static func starBrushFile(in directory: TemporaryDirectory) throws -> URL {
    var uim = UIMDocument()
    uim.brushes.vectorBrushes = [
      UIMVectorBrush(
        name: "app://test/vector-brush/Star",
        prototypes: [UIMBrushPrototype(shapeURI: "will://brush/3.0/shape/Star", size: 0)],
        spacing: 1)
    ]
    var stroke = UIMStroke()
    stroke[.x] = [0, 0, 10, 20, 20]
    stroke[.y] = [0, 0, 5, 10, 10]
    stroke.endParameter = 1
    stroke.properties = .value(UIMPathPointProperties(color: Int32(0xFF), size: 3))
    stroke.brushURI = .value("app://test/vector-brush/Star")
    uim.inkData.strokes = [stroke]
    let url = directory.file("star.uim")
    try Data(uim.serialized()).write(to: url)
    return url
  }

  static let line =
    "brush shapes that cannot be read are drawn as circles: will://brush/3.0/shape/Star"

  @Test func renderNamesAShapeItCannotDraw() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.starBrushFile(in: directory)
    for format in ["png", "svg", "pdf"] {
      let result = try WillDocRunner.run([
        "render", input.path, "-o", directory.file("star.\(format)").path,
      ])
      #expect(result.status == 0)
      #expect(result.stderr.contains("willdoc: warning: \(input.path): \(Self.line)"), "\(format)")
    }
  }

  @Test func aReplayNamesItAsTheStillRenderDoes() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.starBrushFile(in: directory)
    let result = try WillDocRunner.run([
      "render", input.path, "--animate", "-o", directory.file("star.png").path,
    ])
    #expect(result.status == 0)
    #expect(result.stderr.contains("willdoc: warning: \(input.path): \(Self.line)"))
  }

  @Test func convertListsItAsChanged() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.starBrushFile(in: directory)
    let result = try WillDocRunner.run([
      "convert", input.path, "-o", directory.file("star.png").path, "--format", "json",
    ])
    #expect(result.status == 0)
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let files = try #require(summary["files"] as? [[String: Any]])
    #expect(files.first?["changed"] as? [String] == [Self.line])
  }

  /// An 8-bit RGBA PNG of `rgba` (rows unfiltered).
  static func png(rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
    func u32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      return u32(data.count) + body + u32(Int(CRC32.checksum(body)))
    }
    var rows: [UInt8] = []
    for y in 0..<height { rows += [0] + rgba[(y * width * 4)..<((y + 1) * width * 4)] }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      + chunk("IHDR", u32(width) + u32(height) + [8, 6, 0, 0, 0])
      + chunk("IDAT", Zlib.compress(rows)) + chunk("IEND", [])
  }

  /// One stroke drawn with a raster brush whose particle is a ring (its texture a PNG).
  static func rasterBrushFile(in directory: TemporaryDirectory) throws -> URL {
    let raster = RingParticleBrush.brush { Self.png(rgba: $0, width: $1, height: $2) }
    var uim = UIMDocument()
    uim.brushes.rasterBrushes = [raster]
    var stroke = UIMStroke()
    let xs: [Double] = [20, 20, 35, 50, 65, 80, 80]
    stroke[.x] = xs
    stroke[.y] = xs.map { _ in 50 }
    stroke[.size] = xs.map { _ in 10 }
    stroke.endParameter = 1
    stroke.properties = .value(UIMPathPointProperties(color: Int32(0xFF), size: 10))
    stroke.brushURI = .value(raster.name)
    uim.inkData.strokes = [stroke]
    let url = directory.file("ring.uim")
    try Data(uim.serialized()).write(to: url)
    return url
  }

  /// SVG and PDF draw a raster brush's particles as PNG does, the page's ink as an image,
  /// and say so (they drew the strokes solid, and said that); PNG says nothing; outline JSON
  /// still draws them solid.
  @Test func rasterBrushesAreNamedWithHowTheyAreDrawn() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.rasterBrushFile(in: directory)
    let brush = "app://test/raster-brush/Ring"
    for format in ["png", "svg", "pdf", "json"] {
      let out = directory.file("ring.\(format)")
      let result = try WillDocRunner.run(["render", input.path, "-o", out.path])
      #expect(result.status == 0, "\(format): \(result.stderr)")
      #expect(!result.stderr.contains("solid") || format == "json", "\(format): \(result.stderr)")
      switch format {
      case "svg", "pdf":
        #expect(
          result.stderr.contains(
            "willdoc: warning: \(input.path): raster brushes have no \(format.uppercased()) "
              + "equivalent: the page's ink is drawn as an image at the render scale: \(brush)"),
          "\(result.stderr)")
      case "json":
        #expect(
          result.stderr.contains(
            "raster brushes are drawn as solid strokes (outline JSON holds outlines; PNG, JPEG, "
              + "SVG and PDF draw their particles): \(brush)"), "\(result.stderr)")
      default:
        #expect(!result.stderr.contains("raster"), "\(result.stderr)")
      }
    }
    let svg = try String(contentsOf: directory.file("ring.svg"), encoding: .utf8)
    #expect(svg.contains("data:image/png;base64,") && !svg.contains("<path"))
  }

  @Test func convertListsTheRasterBrushNoteAsChanged() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.rasterBrushFile(in: directory)
    let result = try WillDocRunner.run([
      "convert", input.path, "-o", directory.file("ring.svg").path, "--format", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let files = try #require(summary["files"] as? [[String: Any]])
    #expect(
      files.first?["changed"] as? [String] == [
        "raster brushes have no SVG equivalent: the page's ink is drawn as an image at the "
          + "render scale: app://test/raster-brush/Ring"
      ])
  }
}
