import Foundation
import InkCodec
import InkTestSupport
import Testing

/// tuhi's drawings through the commands: `convert` to WILL 2, UIM and InkML (one file and
/// folders), the pen width from `--tuhi-width`, `render`, `validate`, and a bad field's
/// error line.
@Suite struct TuhiCommandTests {
  /// A Bamboo Slate drawing as tuhi writes it since 2019 (µm, pressure 0…65535): one stroke
  /// across the sensor's full width at half height, from no pressure to full.
  static let slate = """
    {"version": 1, "devicename": "Bamboo Slate", "sessionid": "0f1e-2", \
    "dimensions": [216000, 148000], "timestamp": 1565000000, "strokes": [{"points": [\
    {"toffset": 0, "position": [0, 74000], "pressure": 0.0}, \
    {"toffset": 7, "position": [108000, 74000], "pressure": 32768.0}, \
    {"toffset": 15, "position": [216000, 74000], "pressure": 65536.0}]}]}
    """

  static func drawing(_ text: String, in directory: TemporaryDirectory, name: String) throws
    -> URL
  {
    let url = directory.file(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  @Test func aStrokeAcrossTheSensorSpansItsPhysicalWidthInWILL2() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.drawing(Self.slate, in: directory, name: "slate.json")
    let output = directory.file("note.will")
    let result = try WillDocRunner.run(["convert", input.path, "-o", output.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.split(separator: "\n").map(String.init) == [
        "input    \(input.path) tuhi 1 strokes",
        "dropped  time offsets (toffset) of 3 points",
        "dropped  the drawing's device name, session and timestamp",
        "output   \(output.path) will opc 2 078 bytes 1 strokes",
      ])
    let document = try WillDocument(parsing: try Fixtures.bytes(of: output))
    // 216 × 148 mm at 96 per inch.
    let pixelsPerMicrometre: Double = 96 / 25_400
    #expect(document.sections[0].width == 216_000 * pixelsPerMicrometre)
    #expect(document.sections[0].height == 148_000 * pixelsPerMicrometre)
    let stroke = document.strokes[0]
    #expect(stroke.points.map(\.x) == [0, 408.189, 816.378])
    #expect(stroke.points.map(\.y) == [279.685, 279.685, 279.685])
    // tuhi's SVG pen: 0.2 mm at no pressure, 0.4 at half, 0.6 at full (in 1/96 in).
    #expect(stroke.widths == [0.756, 1.512, 2.268])
  }

  @Test func tuhiWidthSetsThePenAndItsCurve() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.drawing(Self.slate, in: directory, name: "slate.json")
    let output = directory.file("note.will")
    let result = try WillDocRunner.run([
      "convert", input.path, "-o", output.path, "--tuhi-width", "1:3:2",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let document = try WillDocument(parsing: try Fixtures.bytes(of: output))
    // 1 mm + 2 mm × pressure²: 1, 1.5 (at 32768/65535 ≈ ½) and 3 mm.
    let half = 32768.0 / 65535
    let millimetres: [Double] = [1, 1 + 2 * half * half, 3]
    let widths = millimetres.map { (millimetre: Double) -> Double in
      (millimetre * 96 / 25.4 * 1000).rounded() / 1000
    }
    #expect(document.strokes[0].widths == widths)
    let bad = try WillDocRunner.run([
      "convert", input.path, "-o", output.path, "--force", "--tuhi-width", "3:1",
    ])
    #expect(bad.status == 64, "\(bad.stderr)")
  }

  @Test func uimKeepsEachSamplesTimeAndValidates() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.drawing(Self.slate, in: directory, name: "slate.json")
    let output = directory.file("note.uim")
    let result = try WillDocRunner.run(["convert", input.path, "-o", output.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("dropped  the drawing's tuhi session"), "\(result.stdout)")
    #expect(!result.stdout.contains("toffset"), "\(result.stdout)")
    let uim = try UIMDocument(parsing: try Fixtures.bytes(of: output))
    let record = try #require(uim.inputData.sensorData.first)
    #expect(record.timestamp == 1_565_000_000_000)
    #expect(record.channels[3].deltas == [0, 7, 8])
    let validate = try WillDocRunner.run(["validate", output.path])
    #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
  }

  @Test func inkMLAndRenderAndValidateTakeTheDrawing() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.drawing(Self.slate, in: directory, name: "slate.json")
    let inkML = directory.file("note.inkml")
    #expect(try WillDocRunner.run(["convert", input.path, "-o", inkML.path]).status == 0)
    let traces = try InkMLDocument(parsing: try Fixtures.bytes(of: inkML)).traces
    #expect(traces.count == 1)
    let pdf = directory.file("note.pdf")
    let render = try WillDocRunner.run(["render", input.path, "-o", pdf.path])
    #expect(render.status == 0, "\(render.stderr)")
    #expect(try Fixtures.bytes(of: pdf).starts(with: Array("%PDF".utf8)))
    let validate = try WillDocRunner.run(["validate", input.path])
    #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
  }

  @Test func aBadFieldIsOneErrorLineNamingIt() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.drawing(
      "{\"version\": 1, \"dimensions\": [1, 2], \"strokes\": [{\"points\": [{\"position\": [1]}]}]}",
      in: directory, name: "bad.json")
    let result = try WillDocRunner.run([
      "convert", input.path, "-o", directory.file("bad.will").path,
    ])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "willdoc: error: \(input.path): @0x4C: malformed JSON: strokes[0].points[0].position: expected two numbers, found \"]\"\n"
    )
  }

  @Test func aFolderConvertsItsDrawingsAndSkipsOtherJSON() throws {
    let directory = try TemporaryDirectory()
    let folder = directory.file("notes")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("2019"), withIntermediateDirectories: true)
    _ = try Self.drawing(Self.slate, in: directory, name: "notes/2019/1565000000.json")
    _ = try Self.drawing("{\"name\": \"x\"}", in: directory, name: "notes/package.json")
    _ = try Self.drawing(
      "{\"version\": 1, \"dimensions\": [", in: directory, name: "notes/cut.json")
    let out = directory.file("out")
    let result = try WillDocRunner.run([
      "convert", folder.path, "-d", out.path, "--to", "uim", "-q",
    ])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains("3 inputs: 1 converted, 1 failed, 1 skipped"), "\(result.stdout)")
    let converted = out.appendingPathComponent("2019/1565000000.uim")
    let uim = try UIMDocument(parsing: try Fixtures.bytes(of: converted))
    #expect(uim.inputData.sensorData.count == 1)
  }
}
