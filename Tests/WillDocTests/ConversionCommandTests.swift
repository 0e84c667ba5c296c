import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc reencode --container` keeps what the target holds, refuses what would change the
/// drawing, and reports exactly what it dropped.
@Suite struct ConversionCommandTests {
  static func sample(_ name: String) -> String {
    Fixtures.sampleDocuments.appendingPathComponent("valid/\(name)").path
  }

  @Test func aPackageWhoseDrawingWouldChangeIsRefusedNamingWhy() throws {
    let directory = try TemporaryDirectory()
    let output = directory.url.appendingPathComponent("out.will").path
    for container in ["riff", "raw"] {
      let refused = try WillDocRunner.run(
        [
          "reencode", Self.sample("sections-transforms.will"), "-o", output, "--container",
          container,
        ])
      #expect(refused.status == 1)
      #expect(!FileManager.default.fileExists(atPath: output), "nothing written")
      let lines = refused.stderr.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasSuffix("file cannot hold this drawing:") == true, "\(refused.stderr)")
      #expect(
        lines.contains(
          "  the ink of 3 pages (sections 0, 1, 2) would land on one another; pick one page"))
      #expect(
        lines.contains {
          $0.hasPrefix("  section 1's transform matrix(0 -1 1 0 0 864) would be dropped")
        })
      #expect(refused.stdout.isEmpty)
    }
    let image = try WillDocRunner.run(
      ["reencode", Self.sample("image.will"), "-o", output, "--container", "riff"])
    #expect(image.status == 1)
    #expect(
      image.stderr.contains("  the image would vanish\n  (use --drop-images)"), "\(image.stderr)")
  }

  @Test func oneFlattenedPageConvertsAndTheReportSaysWhatWasDropped() throws {
    let directory = try TemporaryDirectory()
    let output = directory.url.appendingPathComponent("page.will")
    let source = try WillDocument(
      parsing: try Fixtures.bytes(of: URL(fileURLWithPath: Self.sample("sections-transforms.will")))
    )
    let result = try WillDocRunner.run([
      "reencode", Self.sample("sections-transforms.will"), "-o", output.path, "--container",
      "riff", "--section", "1", "--flatten",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let page = source.sections[1]
    #expect(
      lines.contains("strokes kept     \(page.strokes.count) of \(source.strokes.count)"),
      "\(result.stdout)")
    #expect(lines.contains("                 section 1 kept, 2 other sections dropped"))
    #expect(
      lines.contains(
        "                 flattened: transforms baked into \(page.strokes.count) strokes"))
    #expect(
      lines.filter { $0.hasPrefix("dropped ") } == [
        "dropped          the page size 1188×864", "dropped          the background #FFFFFF",
        "dropped          document properties (title, application, app version)",
      ])
    #expect(
      lines.contains { $0.hasPrefix("re-quantised     at the strokes' precision (2): max error") })
    // The landscape page's ink, stored portrait, now lies where the page showed it.
    let written = try WillDocument(contentsOf: output)
    #expect(written.container == .riff)
    let transform = page.pathsElements[0].transform
    for (stroke, original) in zip(written.strokes, page.strokes) {
      let mapped = transform.apply(x: original.points[0].x, y: original.points[0].y)
      #expect(
        abs(stroke.points[0].x - mapped.x) <= 0.005 && abs(stroke.points[0].y - mapped.y) <= 0.005)
    }

    let missing = try WillDocRunner.run([
      "reencode", Self.sample("sections-transforms.will"), "-o", output.path, "--section", "3",
      "--force",
    ])
    #expect(missing.status == 1)
    #expect(
      missing.stderr.contains("there is no section 3: the document has 3"), "\(missing.stderr)")
    let negative = try WillDocRunner.run([
      "reencode", Self.sample("sections-transforms.will"), "-o", output.path, "--section", "-1",
    ])
    #expect(negative.status == 64, "\(negative.stderr)")
  }

  /// Precision 0 rounds widths too, and the report says so.
  @Test func precisionZeroSaysWidthsBecomeWhole() throws {
    let directory = try TemporaryDirectory()
    let output = directory.url.appendingPathComponent("whole.will")
    let result = try WillDocRunner.run([
      "reencode", Self.sample("handwriting-opc.will"), "-o", output.path, "--precision", "0",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains("precision 0: coordinates and widths are whole numbers"),
      "\(result.stdout)")
    let written = try WillDocument(contentsOf: output)
    #expect(written.strokes.allSatisfy { $0.widths.allSatisfy { $0 == $0.rounded() } })
  }

  @Test func onlyMetadataLostIsConvertedAndListed() throws {
    let directory = try TemporaryDirectory()
    let output = directory.url.appendingPathComponent("note.bin").path
    let result = try WillDocRunner.run(
      ["reencode", Self.sample("handwriting-opc.will"), "-o", output, "--container", "raw"])
    #expect(result.status == 0, "\(result.stderr)")
    let dropped = result.stdout.split(separator: "\n").filter { $0.hasPrefix("dropped ") }
    #expect(dropped.first == "dropped          the page size 592×864", "\(result.stdout)")
    #expect(result.stdout.contains("paths streams    byte-identical (1 of 1)"), "\(result.stdout)")
    #expect(result.stdout.contains("points moved     0 (max error 0)"))
  }

  @Test func aStreamBecomesAPackageAndComesBackByteForByte() throws {
    let directory = try TemporaryDirectory()
    let package = directory.url.appendingPathComponent("note.will").path
    let back = directory.url.appendingPathComponent("back.will").path
    let source = Self.sample("handwriting-riff.will")
    let toPackage = try WillDocRunner.run(["reencode", source, "-o", package, "--container", "opc"])
    #expect(toPackage.status == 0, "\(toPackage.stderr)")
    #expect(!toPackage.stdout.contains("dropped"), "nothing a package cannot hold")
    #expect(toPackage.stdout.contains("paths streams    byte-identical (1 of 1)"))
    let toRIFF = try WillDocRunner.run(["reencode", package, "-o", back, "--container", "riff"])
    #expect(toRIFF.status == 0, "\(toRIFF.stderr)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: back))
        == Data(contentsOf: URL(fileURLWithPath: source)))
  }

  @Test func everyInkChunkOfARIFFFileIsShownAndKept() throws {
    let directory = try TemporaryDirectory()
    let strokes = (0..<7).map { index in
      Stroke(points: (0..<4).map { InkPoint(x: Double($0 + index), y: 2) }, widths: [1])
    }
    let bytes = WillDataFile(chunks: [
      RIFFChunk(id: "HEAD", data: [1, 0, 0], padByte: 1),
      RIFFChunk(id: "INK ", data: try PathsStream(strokes: Array(strokes[0..<3])).serialized()),
      RIFFChunk(id: "INK ", data: try PathsStream(strokes: Array(strokes[3...])).serialized()),
    ]).serialized()
    let input = directory.url.appendingPathComponent("two.will")
    try Data(bytes).write(to: input)
    let inspect = try WillDocRunner.run(["inspect", input.path])
    #expect(inspect.stdout.contains("7 strokes"), "\(inspect.stdout)")
    #expect(inspect.stdout.contains("INK #2"), "\(inspect.stdout)")
    let output = directory.url.appendingPathComponent("copy.will")
    let copy = try WillDocRunner.run(["reencode", input.path, "-o", output.path])
    #expect(copy.status == 0, "\(copy.stderr)")
    #expect(copy.stdout.contains("paths streams    byte-identical (2 of 2)"), "\(copy.stdout)")
    #expect([UInt8](try Data(contentsOf: output)) == bytes)
  }
}
