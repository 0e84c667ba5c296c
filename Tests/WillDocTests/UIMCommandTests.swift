import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc convert` between WILL 2 and UIM, and `inspect`, `dump` and `validate` on `.uim`
/// files, run as a user runs them.
@Suite struct UIMCommandTests {
  static func sample(_ name: String) -> URL {
    Fixtures.sampleDocuments.appendingPathComponent("valid/\(name)")
  }

  @Test(arguments: ["sections-transforms.will", "blend-modes.will", "per-point-alpha.will"])
  func convertsToUIMAndBackExactly(name: String) throws {
    let directory = try TemporaryDirectory()
    // No .uim extension: the format comes from --to, and the input is sniffed on the way back.
    let uim = directory.url.appendingPathComponent("note.ink").path
    let back = directory.url.appendingPathComponent("back.will").path
    let there = try WillDocRunner.run(["convert", Self.sample(name).path, "-o", uim, "--to", "uim"])
    #expect(there.status == 0, "\(there.stderr)")
    #expect(there.stdout.contains("output   \(uim) uim"), "\(there.stdout)")
    let again = try WillDocRunner.run(["convert", uim, "-o", back])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(!again.stdout.contains("dropped"), "a UIM willdoc wrote loses nothing: \(again.stdout)")
    let original = try WillDocument(parsing: try Fixtures.bytes(of: Self.sample(name)))
    let converted = try WillDocument(parsing: try Fixtures.bytes(of: URL(fileURLWithPath: back)))
    #expect(converted.strokes == original.strokes)
    #expect(converted.sections.map(\.pageSize) == original.sections.map(\.pageSize))
    #expect(
      converted.sections.map { $0.pathsElements.map(\.transform) }
        == original.sections.map { $0.pathsElements.map(\.transform) })
  }

  @Test func inspectDumpAndValidateAcceptUIM() throws {
    let directory = try TemporaryDirectory()
    let uim = directory.url.appendingPathComponent("note.uim").path
    _ = try WillDocRunner.run(["convert", Self.sample("per-point-alpha.will").path, "-o", uim])
    let strokes = try UIMDocument(parsing: try Fixtures.bytes(of: URL(fileURLWithPath: uim)))
      .inkData.strokes
    let inspect = try WillDocRunner.run(["inspect", uim])
    #expect(inspect.status == 0)
    #expect(inspect.stdout.contains("container  uim 3.1.0"), "\(inspect.stdout)")
    #expect(inspect.stdout.contains("strokes    \(strokes.count) strokes"), "\(inspect.stdout)")
    let validate = try WillDocRunner.run(["validate", uim])
    #expect(validate.status == 0)
    #expect(validate.stdout == "\(uim): valid (0 errors, 0 warnings)\n")
    let dump = try WillDocRunner.run(["dump", "--format", "json", uim])
    #expect(dump.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(dump.stdoutBytes)) as? [String: Any])
    #expect(json["container"] as? String == "uim")
    let listed = try #require(json["strokes"] as? [[String: Any]])
    #expect(listed.count == strokes.count)
    let channels = try #require(listed.first?["channels"] as? [String])
    #expect(Array(channels.prefix(3)) == ["x", "y", "width"])
    #expect(channels.contains("alpha"))
    let points = try #require(listed.first?["points"] as? [[Double]])
    #expect(points.count == strokes[0].pointCount)
    #expect(points.first?.first == strokes[0][.x].first)
  }

  @Test func aDamagedUIMIsUnreadableWithItsChunkNamed() throws {
    let directory = try TemporaryDirectory()
    let uim = directory.url.appendingPathComponent("note.uim")
    _ = try WillDocRunner.run(["convert", Self.sample("blend-modes.will").path, "-o", uim.path])
    var bytes = try Fixtures.bytes(of: uim)
    bytes.removeLast(9)
    try Data(bytes).write(to: uim)
    let validate = try WillDocRunner.run(["validate", uim.path])
    #expect(validate.status == 1, "\(validate.stdout)")  // a UIM file, damaged: invalid
    #expect(validate.stderr.hasPrefix("willdoc: error: \(uim.path): "), "\(validate.stderr)")
  }

  /// The UIM's circle brushes are drawn as their prototypes say, the WILL 2 strokes as true
  /// circles: the same page, as wide, a little lighter. The brush the conversion writes
  /// (``UIMVectorBrush/circle(named:)``, Wacom's) draws points under size 2 with a 4-vertex
  /// "circle", a square inscribed in it, and this page's strokes are about 1.5 wide.
  @Test func renderDrawsAUIMAsItsWILL2Original() throws {
    let directory = try TemporaryDirectory()
    let uim = directory.url.appendingPathComponent("note.uim").path
    _ = try WillDocRunner.run(["convert", Self.sample("blend-modes.will").path, "-o", uim])
    let fromUIM = directory.url.appendingPathComponent("uim.png").path
    let fromWILL = directory.url.appendingPathComponent("will.png").path
    #expect(try WillDocRunner.run(["render", uim, "-o", fromUIM]).status == 0)
    #expect(
      try WillDocRunner.run(["render", Self.sample("blend-modes.will").path, "-o", fromWILL])
        .status == 0)
    let a = try #require(Raster(png: try Fixtures.bytes(of: URL(fileURLWithPath: fromUIM))))
    let b = try #require(Raster(png: try Fixtures.bytes(of: URL(fileURLWithPath: fromWILL))))
    #expect(a.width == b.width && a.height == b.height)
    #expect(a.meanDarkness > 0.2)
    let ratio = a.meanDarkness / b.meanDarkness
    #expect(ratio > 0.8 && ratio < 1.01, "\(a.meanDarkness) \(b.meanDarkness)")
    if let boxA = a.inkBounds(), let boxB = b.inkBounds() {
      for (p, q) in [
        (boxA.minX, boxB.minX), (boxA.minY, boxB.minY), (boxA.maxX, boxB.maxX),
        (boxA.maxY, boxB.maxY),
      ] {
        #expect(abs(p - q) <= 2, "\(boxA) \(boxB)")
      }
    }
  }

  @Test func inkMLGoesOutAndComesBackWithTheSamePoints() throws {
    let directory = try TemporaryDirectory()
    let inkml = directory.url.appendingPathComponent("note.inkml").path
    let back = directory.url.appendingPathComponent("back.will").path
    let out = try WillDocRunner.run(["convert", Self.sample("blend-modes.will").path, "-o", inkml])
    #expect(out.status == 0, "\(out.stderr)")
    #expect(out.stdout.contains("changed  blend modes of"), "\(out.stdout)")
    let text = String(decoding: try Fixtures.bytes(of: URL(fileURLWithPath: inkml)), as: UTF8.self)
    #expect(text.contains("<ink xmlns=\"http://www.w3.org/2003/InkML\">"))
    #expect(text.contains("<channel name=\"W\" type=\"decimal\"/>"))
    let again = try WillDocRunner.run(["convert", inkml, "-o", back])
    #expect(again.status == 0, "\(again.stderr)")
    let original = try WillDocument(
      parsing: try Fixtures.bytes(of: Self.sample("blend-modes.will")))
    let converted = try WillDocument(parsing: try Fixtures.bytes(of: URL(fileURLWithPath: back)))
    #expect(converted.strokes.map(\.points) == original.strokes.map(\.points))
    #expect(converted.sections.map(\.pageSize) == original.sections.map(\.pageSize))
  }

  @Test func salvageRecoversTheStrokesOfACutUIM() throws {
    let directory = try TemporaryDirectory()
    let uim = directory.url.appendingPathComponent("note.uim")
    let out = directory.url.appendingPathComponent("saved.uim").path
    _ = try WillDocRunner.run([
      "convert", Self.sample("sections-transforms.will").path, "-o", uim.path,
    ])
    let bytes = try Fixtures.bytes(of: uim)
    let original = try UIMDocument(parsing: bytes)
    try Data(bytes.prefix(bytes.count / 3)).write(to: uim)
    let result = try WillDocRunner.run(["salvage", uim.path, "-o", out])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.contains("damaged"), "\(result.stdout)")
    #expect(result.stdout.contains("chunk damaged      INKD"), "\(result.stdout)")
    let saved = try UIMDocument(parsing: try Fixtures.bytes(of: URL(fileURLWithPath: out)))
    #expect(!saved.inkData.strokes.isEmpty)
    #expect(
      saved.inkData.strokes.map(\.id)
        == Array(original.inkData.strokes.prefix(saved.inkData.strokes.count)).map(\.id))
  }

  /// A UIM cut inside its HEAD chunk (before its version, or in its chunk descriptors) holds
  /// nothing to salvage: an unreadable input, exit 2, and nothing written.
  @Test func salvageOfAUIMCutInsideItsHeadIsUnreadable() throws {
    let directory = try TemporaryDirectory()
    let uim = directory.url.appendingPathComponent("note.uim")
    _ = try WillDocRunner.run([
      "convert", Self.sample("sections-transforms.will").path, "-o", uim.path,
    ])
    let bytes = try Fixtures.bytes(of: uim)
    for (cut, message) in [(16, "no HEAD chunk"), (30, "the file ends inside its HEAD chunk")] {
      let input = directory.file("cut-\(cut).uim")
      try Data(bytes.prefix(cut)).write(to: input)
      let out = directory.file("saved-\(cut).uim")
      let result = try WillDocRunner.run(["salvage", input.path, "-o", out.path])
      #expect(result.status == 2, "\(cut): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(cut): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: out.path))
    }
  }

  @Test func convertNeedsAFormat() throws {
    let result = try WillDocRunner.run(
      ["convert", Self.sample("blend-modes.will").path, "-o", "/tmp/willdoc-convert-out.txt"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--to will|uim|inkml"))
  }

  @Test(.enabled(if: UIMSamples.isAvailable))
  func aForeignUIMConvertsListingWhatWILL2CannotHold() throws {
    let directory = try TemporaryDirectory()
    let name = try #require(UIMSamples.names.first { $0.contains("special_ink") })
    let output = directory.url.appendingPathComponent("special.will").path
    let result = try WillDocRunner.run(["convert", UIMSamples.url(name).path, "-o", output])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains("dropped  input data (4 sensor data records)"), "\(result.stdout)")
    #expect(result.stdout.contains("dropped  views \"hwr\""))
    #expect(result.stdout.contains("changed  4 strokes stored as floats would be rounded"))
    let document = try WillDocument(parsing: try Fixtures.bytes(of: URL(fileURLWithPath: output)))
    #expect(document.strokes.count == 4)
  }
}
