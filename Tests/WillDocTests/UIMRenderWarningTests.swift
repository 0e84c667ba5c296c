import Foundation
import InkCodec
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
}
