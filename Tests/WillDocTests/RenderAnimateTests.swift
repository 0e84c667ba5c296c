import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc render --animate`, end to end: the APNG's frames, delays and default image, the
/// options it refuses, and its budget.
struct RenderAnimateTests {
  static let handwriting = Fixtures.packageRoot.appendingPathComponent(
    "SampleDocuments/valid/handwriting-opc.will")

  /// Each chunk's type and data.
  static func chunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8])] {
    func u32(_ o: Int) -> Int { bytes[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
    var result: [(String, [UInt8])] = []
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = u32(offset)
      result.append(
        (
          String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self),
          Array(bytes[(offset + 8)..<(offset + 8 + length)])
        ))
      offset += 12 + length
    }
    return result
  }

  static func u32(_ data: [UInt8], _ o: Int) -> Int {
    data[o..<o + 4].reduce(0) { $0 << 8 | Int($1) }
  }

  @Test func framesDelaysAndTheStillDefaultImage() throws {
    let directory = try TemporaryDirectory()
    let replay = directory.file("replay.png")
    let still = directory.file("still.png")
    let run = try WillDocRunner.run([
      "render", Self.handwriting.path, "--animate", "--duration", "2", "--fps", "5", "-o",
      replay.path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("wrote \(replay.path)  section 0  10 frames, 2 s  "))
    #expect(
      try WillDocRunner.run(["render", Self.handwriting.path, "-o", still.path]).status == 0)
    let chunks = Self.chunks([UInt8](try Data(contentsOf: replay)))
    // acTL and the density before the default image, which is no frame; then fcTL + fdAT
    // per frame.
    let frames: [String] = Array(repeating: ["fcTL", "fdAT"], count: 10).flatMap { $0 }
    let expected: [String] = ["IHDR", "acTL", "pHYs", "IDAT"] + frames + ["IEND"]
    #expect(chunks.map(\.type) == expected)
    let control = try #require(chunks.first { $0.type == "acTL" })
    #expect(Self.u32(control.data, 0) == 10)
    let delays = chunks.filter { $0.type == "fcTL" }.map { chunk in
      Double(Int(chunk.data[20]) << 8 | Int(chunk.data[21]))
        / Double(Int(chunk.data[22]) << 8 | Int(chunk.data[23]))
    }
    #expect(abs(delays.reduce(0, +) - 2) < 1e-9)
    // The default image is the still render, byte for byte.
    let stillChunks = Self.chunks([UInt8](try Data(contentsOf: still)))
    #expect(
      chunks.first { $0.type == "IHDR" }?.data == stillChunks.first { $0.type == "IHDR" }?.data)
    #expect(
      chunks.first { $0.type == "IDAT" }?.data == stillChunks.first { $0.type == "IDAT" }?.data)
  }

  @Test(arguments: [
    (["--fps", "0"], "--fps must be 1…60"),
    (["--duration", "601"], "--duration must be 0.1…600 seconds"),
    (["--brush", "hair"], "--animate draws solid strokes"),
    (["-o", "replay.svg"], "--animate writes an animated PNG"),
  ])
  func refusals(extra: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    let run = try WillDocRunner.run(
      ["render", Self.handwriting.path, "--animate", "-o", directory.file("r.png").path] + extra,
      in: directory.url)
    #expect(run.status == 64)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    let timed = try WillDocRunner.run(
      ["render", Self.handwriting.path, "--fps", "5", "-o", directory.file("s.png").path])
    #expect(timed.status == 64)
    #expect(timed.stderr.contains("add --animate"))
  }

  @Test func tooManyFramesNameTheOption() throws {
    let directory = try TemporaryDirectory()
    let run = try WillDocRunner.run([
      "render", Self.handwriting.path, "--animate", "--duration", "600", "--fps", "60", "-o",
      directory.file("r.png").path,
    ])
    #expect(run.status == 1)
    #expect(run.stderr.contains("(raise it with --max-total-render-work)"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: directory.file("r.png").path))
  }

  @Test func uimTimestampsTimeTheReplay() throws {
    let name = "Wacom-Developer__universal-ink-library__uim_3.1.0_1_Value_of_Ink_1_3.1_delta_.uim"
    guard UIMSamples.names.contains(name) else { return }
    let directory = try TemporaryDirectory()
    // The same strokes without their times: through WILL 2, timed at a steady pen speed.
    let will = directory.file("v.will")
    #expect(
      try WillDocRunner.run(["convert", UIMSamples.url(name).path, "-o", will.path]).status == 0)
    var files: [[(type: String, data: [UInt8])]] = []
    for input in [UIMSamples.url(name).path, will.path] {
      let output = directory.file("r\(files.count).png")
      let run = try WillDocRunner.run([
        "render", input, "--animate", "--duration", "10", "--fps", "2", "-o", output.path,
      ])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("  section 0  20 frames, 10 s  "), "\(run.stdout)")
      files.append(Self.chunks([UInt8](try Data(contentsOf: output))))
    }
    // Different ink along the way: the pen's timestamps against a steady pen speed. (The
    // finished pages differ too: the UIM file's strokes are drawn with its brushes.)
    let frames = files.map { $0.filter { $0.type == "fcTL" }.map(\.data) }
    #expect(frames[0].count == 20 && frames[1].count == 20)
    #expect(frames[0] != frames[1])
  }

  /// The replay's default image (its last frame, as Pillow's test below checks) and the
  /// still render of a UIM file, and the warnings of each, for `input`.
  static func replayAndStill(_ input: String, in directory: TemporaryDirectory) throws -> (
    replay: [UInt8], still: [UInt8], replayWarnings: [String], stillWarnings: [String]
  ) {
    let replay = directory.file("replay.png")
    let still = directory.file("still.png")
    let animate = try WillDocRunner.run([
      "render", input, "--animate", "--duration", "1", "--fps", "4", "-o", replay.path,
    ])
    #expect(animate.status == 0, "\(animate.stderr)")
    let render = try WillDocRunner.run(["render", input, "--section", "0", "-o", still.path])
    #expect(render.status == 0, "\(render.stderr)")
    func warnings(_ text: String) -> [String] {
      text.split(separator: "\n").map(String.init).filter { $0.contains("warning:") }
    }
    return (
      [UInt8](try Data(contentsOf: replay)), [UInt8](try Data(contentsOf: still)),
      warnings(animate.stderr), warnings(render.stderr)
    )
  }

  /// A UIM brush whose shape is a square replays with square ends: the replay's finished
  /// page is the still render, which draws the brush (a WILL 2 circle would leave the ink's
  /// corners bare).
  @Test func aUIMSquareBrushReplaysWithItsShape() throws {
    let directory = try TemporaryDirectory()
    var uim = UIMDocument()
    var square = UIMBrushPrototype(shapeURI: "", size: 0)
    square.coordX = [-1, 1, 1, -1]
    square.coordY = [-1, -1, 1, 1]
    uim.brushes.vectorBrushes = [
      UIMVectorBrush(name: "app://test/vector-brush/Square", prototypes: [square], spacing: 1)
    ]
    var stroke = UIMStroke()
    stroke.splineFormat = .floats
    let xs: [Double] = [20, 20, 35, 50, 65, 80, 80]
    stroke[.x] = xs
    stroke[.y] = xs.map { _ in 50 }
    stroke[.size] = xs.map { _ in 20 }
    stroke.endParameter = 1
    stroke.properties = .value(UIMPathPointProperties(color: Int32(0xFF), size: 20))
    stroke.brushURI = .value("app://test/vector-brush/Square")
    uim.inkData.strokes = [stroke]
    let input = directory.file("square.uim")
    try Data(uim.serialized()).write(to: input)
    let run = try Self.replayAndStill(input.path, in: directory)
    let replay = try #require(Raster(png: run.replay))
    let box = try #require(replay.inkBounds())
    // A square 20 wide at each end: the ink's corners are ink.
    for x in [box.minX + 1, box.maxX - 2] {
      for y in [box.minY + 1, box.maxY - 2] {
        #expect(replay.darkness[y * replay.width + x] > 200, "\(x) \(y)")
      }
    }
    #expect(box.maxX - box.minX == 80 && box.maxY - box.minY == 20, "\(box)")
    #expect(
      Raster.pngChunks(run.replay).first { $0.type == "IDAT" }?.data
        == Raster.pngChunks(run.still).first { $0.type == "IDAT" }?.data)
  }

  /// Every real UIM file: the replay's finished page is its still render, byte for byte,
  /// with the same warnings.
  @Test(.enabled(if: UIMSamples.isAvailable), arguments: UIMSamples.names)
  func uimReplayEndsAsTheStillRender(name: String) throws {
    let directory = try TemporaryDirectory()
    let run = try Self.replayAndStill(UIMSamples.url(name).path, in: directory)
    let same =
      Raster.pngChunks(run.replay).first { $0.type == "IDAT" }?.data
      == Raster.pngChunks(run.still).first { $0.type == "IDAT" }?.data
    #expect(same, "\(name)")
    #expect(run.replayWarnings == run.stillWarnings, "\(name)")
  }

  /// Pillow, an independent APNG reader, sees the frames and delays asked for and composes
  /// the last frame into the still render, pixel for pixel, for an opaque page and for a
  /// transparent one with an eraser.
  @Test(
    .enabled(
      if: ExternalTool.isRequired
        || FileManager.default.fileExists(
          atPath: Fixtures.packageRoot.appendingPathComponent(".venv-pillow/bin/python").path),
      "Pillow is not installed: Tools/apng-check --help creates .venv-pillow (.ci/run does)"),
    arguments: [
      ("handwriting-opc.will", ["--fps", "5"]),
      ("blend-modes.will", ["--fps", "4", "--background", "transparent"]),
    ])
  func pillowReadsTheReplay(_ name: String, _ options: [String]) throws {
    let directory = try TemporaryDirectory()
    let input = Fixtures.packageRoot.appendingPathComponent("SampleDocuments/valid/\(name)").path
    let replay = directory.file("replay.png").path
    let still = directory.file("still.png").path
    let background = Array(options.drop { $0 != "--background" })
    let animate = try WillDocRunner.run(
      ["render", input, "--animate", "--duration", "3", "-o", replay] + options)
    #expect(animate.status == 0, "\(animate.stderr)")
    let render = try WillDocRunner.run(["render", input, "-o", still] + background)
    #expect(render.status == 0, "\(render.stderr)")
    let output = try ExternalTool.run(
      Fixtures.packageRoot.appendingPathComponent("Tools/apng-check").path, [replay, still])
    let report = try #require(
      try JSONSerialization.jsonObject(with: output) as? [String: Any], "\(output)")
    let fps = Double(options[1])!
    let delays = try #require(report["delays"] as? [Double])
    #expect(report["animated"] as? Bool == true)
    #expect(report["frames"] as? Int == Int(3 * fps))
    #expect(abs(delays.reduce(0, +) - 3000) < 1, "\(delays)")
    #expect(report["defaultImageSkipped"] as? Bool == true)
    #expect(report["lastEqualsStill"] as? Bool == true, "\(report)")
  }
}
