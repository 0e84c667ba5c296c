import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc render --brush solid|particle|hair`, end to end.
struct RenderBrushTests {
  static let handwriting = Fixtures.packageRoot.appendingPathComponent(
    "SampleDocuments/valid/handwriting-opc.will")

  static func render(
    _ input: URL, _ extra: [String], in directory: TemporaryDirectory, as name: String
  )
    throws -> (WillDocRunner.Result, [UInt8])
  {
    let out = directory.file(name)
    let result = try WillDocRunner.run(["render", input.path, "-o", out.path] + extra)
    let bytes = (try? Data(contentsOf: out)).map { [UInt8]($0) } ?? []
    return (result, bytes)
  }

  @Test func everyBrushDrawsTheSamePageTheSameWayEveryRun() throws {
    let directory = try TemporaryDirectory()
    let (plain, solidDefault) = try Self.render(Self.handwriting, [], in: directory, as: "d.png")
    #expect(plain.status == 0, "\(plain.stderr)")
    var images: [String: [UInt8]] = [:]
    for brush in ["solid", "particle", "hair"] {
      let (first, a) = try Self.render(
        Self.handwriting, ["--brush", brush, "--scale", "1.5"], in: directory, as: "\(brush)-a.png")
      let (second, b) = try Self.render(
        Self.handwriting, ["--brush", brush, "--scale", "1.5"], in: directory, as: "\(brush)-b.png")
      #expect(first.status == 0 && second.status == 0, "\(brush): \(first.stderr)")
      #expect(first.stdout.contains("wrote"))
      #expect(a.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(brush)")
      #expect(a == b, "\(brush) is not deterministic")
      images[brush] = a
    }
    #expect(images["particle"] != images["solid"])
    #expect(images["hair"] != images["solid"])
    #expect(images["hair"] != images["particle"])
    let (_, solid) = try Self.render(
      Self.handwriting, ["--brush", "solid"], in: directory, as: "s.png")
    #expect(solid == solidDefault)
  }

  /// Outline JSON holds outlines: a brush that draws pixels is refused.
  @Test func nonSolidBrushesAreRefusedForOutlines() throws {
    let directory = try TemporaryDirectory()
    let (result, bytes) = try Self.render(
      Self.handwriting, ["--brush", "hair"], in: directory, as: "page.json")
    #expect(result.status == 64)
    #expect(result.stderr.contains("--brush hair draws pixels"))
    #expect(bytes.isEmpty)
  }

  @Test func anUnknownBrushIsAUsageError() throws {
    let directory = try TemporaryDirectory()
    let (result, _) = try Self.render(
      Self.handwriting, ["--brush", "crayon"], in: directory, as: "page.png")
    #expect(result.status == 64)
  }

  @Test func aPaintThatCannotBeDecodedIsReportedAndDrawnSolid() throws {
    let directory = try TemporaryDirectory()
    var document = SyntheticDocuments.twoStrokes
    var paint = ParticlesPaint()
    paint.shape = [[0x89, 0x50, 0x4E, 0x47, 1, 2, 3]]
    document.paints = [paint]
    document.updateStrokes { $0.paintIndex = 0 }
    let url = try SyntheticDocuments.write(document, to: directory, name: "paint.will")
    let (particle, a) = try Self.render(url, ["--brush", "particle"], in: directory, as: "p.png")
    #expect(particle.status == 0)
    #expect(particle.stderr.contains("warning"))
    #expect(particle.stderr.contains("paint 0: malformed image: no PNG signature"))
    let (_, b) = try Self.render(url, ["--brush", "solid"], in: directory, as: "s.png")
    #expect(a == b)
  }
}
