import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `render` and `convert --to png` name what no picture format draws: a stroke's colour
/// changing from point to point, and a UIM file's strokes that its main ink tree leaves out.
struct RenderUnshownTests {
  static let points = [
    InkPoint(x: 10, y: 10), InkPoint(x: 10, y: 10), InkPoint(x: 50, y: 30),
    InkPoint(x: 90, y: 10), InkPoint(x: 90, y: 10),
  ]

  /// Two strokes: one going from red to blue, one black fading out (alpha only).
  static func colouredFile(in directory: TemporaryDirectory) throws -> URL {
    let red = InkColor(red: 255, green: 0, blue: 0)
    let blue = InkColor(red: 0, green: 0, blue: 255)
    var fading = (0..<5).map { _ in InkColor.black }
    for index in fading.indices { fading[index].alpha = UInt8(255 - 40 * index) }
    let strokes = [
      Stroke(points: points, widths: [4], colors: [red, red, blue, blue, blue]),
      Stroke(points: points, widths: [4], colors: fading),
    ]
    var document = WillDocument(container: .opc)
    document.sections = [
      Section(width: 100, height: 40, nodes: [.paths(PathsElement(strokes: strokes))])
    ]
    let url = directory.file("coloured.will")
    try Data(try document.serialized()).write(to: url)
    return url
  }

  static let colourLine =
    "1 strokes whose colour changes along them are drawn in their first colour (their alpha is "
    + "drawn point by point)"

  @Test func renderAndConvertNameAColourThatChangesAlongAStroke() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.colouredFile(in: directory)
    for format in ["png", "svg", "pdf"] {
      let result = try WillDocRunner.run([
        "render", input.path, "-o", directory.file("coloured.\(format)").path,
      ])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stderr.contains("willdoc: warning: \(input.path): \(Self.colourLine)"),
        "\(format): \(result.stderr)")
    }
    let converted = try WillDocRunner.run([
      "convert", input.path, "-o", directory.file("converted.png").path, "--format", "json",
    ])
    #expect(converted.status == 0)
    #expect(converted.stdout.contains(Self.colourLine), "\(converted.stdout)")
    // Alpha alone changing is drawn: no line.
    let alpha = Fixtures.sampleDocuments.appendingPathComponent("valid/per-point-alpha.will")
    let plain = try WillDocRunner.run([
      "render", alpha.path, "-o", directory.file("alpha.png").path,
    ])
    #expect(plain.status == 0)
    #expect(!plain.stderr.contains("colour changes"), "\(plain.stderr)")
  }

  @Test func renderNamesStrokesOutsideTheMainTree() throws {
    let directory = try TemporaryDirectory()
    var uim = UIMDocument()
    var stroke = UIMStroke()
    stroke[.x] = [0, 0, 10, 20, 20]
    stroke[.y] = [0, 0, 5, 10, 10]
    stroke.endParameter = 1
    stroke.properties = .value(UIMPathPointProperties(color: Int32(0xFF), size: 3))
    uim.inkData.strokes = [stroke, stroke, stroke]
    uim.structure.mainTree = UIMInkTree(nodes: [
      UIMNode(depth: 0, content: .none), UIMNode(depth: 1, content: .stroke(1)),
    ])
    let input = directory.file("tree.uim")
    try Data(uim.serialized()).write(to: input)
    let line = "2 strokes outside the main ink tree are not drawn"
    let result = try WillDocRunner.run([
      "render", input.path, "-o", directory.file("tree.png").path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("willdoc: warning: \(input.path): \(line)"), "\(result.stderr)")
    let replay = try WillDocRunner.run([
      "render", input.path, "--animate", "-o", directory.file("replay.png").path,
    ])
    #expect(replay.stderr.contains(line), "\(replay.stderr)")
    // Every stroke in the tree: no line.
    uim.structure.mainTree = UIMInkTree(nodes: [
      UIMNode(depth: 0, content: .none), UIMNode(depth: 1, content: .stroke(0)),
      UIMNode(depth: 1, content: .stroke(1)), UIMNode(depth: 1, content: .stroke(2)),
    ])
    try Data(uim.serialized()).write(to: input)
    let whole = try WillDocRunner.run([
      "render", input.path, "-o", directory.file("whole.png").path,
    ])
    #expect(!whole.stderr.contains("main ink tree"), "\(whole.stderr)")
  }
}
