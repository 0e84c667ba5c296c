import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc convert` with InkML: the values kept where the target can hold them, every change
/// said with its largest deviation, and the InkML limits named with their options.
@Suite struct InkMLConversionTests {
  static func inkML(_ body: String, in directory: TemporaryDirectory, name: String) throws -> URL {
    let url = directory.file(name)
    try Data("<ink xmlns=\"\(InkMLDocument.namespace)\">\(body)</ink>".utf8).write(to: url)
    return url
  }

  @Test func threeDecimalsStayInWILLAndUIMWithoutAChange() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.inkML(
      "<traceFormat><channel name=\"X\"/><channel name=\"Y\"/><channel name=\"W\"/></traceFormat>"
        + "<trace>1.234 5.678 1, 2.001 3 1</trace>", in: directory, name: "three.inkml")
    for target in ["will", "uim"] {
      let output = directory.file("three.\(target)")
      let result = try WillDocRunner.run(["convert", input.path, "-o", output.path])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!result.stdout.contains("changed"), "\(result.stdout)")
      var losses = ConversionLosses()
      let bytes = try Fixtures.bytes(of: output)
      let document =
        target == "will"
        ? try WillDocument(parsing: bytes)
        : try WillDocument(converting: try UIMDocument(parsing: bytes), losses: &losses)
      #expect(
        document.strokes.map(\.points) == [
          [InkPoint(x: 1.234, y: 5.678), InkPoint(x: 2.001, y: 3)]
        ], "\(target)")
    }
  }

  @Test func aTraceWithoutAWidthGetsOneThatWacomsParserReads() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.inkML(
      "<traceGroup/><traceGroup><trace>10 10, 20 20, 30 25, 40 20</trace></traceGroup>",
      in: directory, name: "bare.inkml")
    let output = directory.file("bare.will")
    let result = try WillDocRunner.run(["convert", input.path, "-o", output.path])
    #expect(result.status == 0, "\(result.stderr)")
    let changed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("changed") }
    #expect(
      changed == [
        "changed  1 traces without a width (no W channel, no brush width) given width 1, the width willdoc draws them at"
      ], "\(result.stdout)")
    let document = try WillDocument(parsing: try Fixtures.bytes(of: output))
    #expect(document.strokes.map(\.constantWidth) == [1])
    let validation = try WillDocRunner.run(["validate", output.path])
    #expect(!validation.stdout.contains("no-width"), "\(validation.stdout)")
    guard Oracle.isAvailable else { return }
    // Wacom's WILL2Parser raises IndexError on a stroke without a width.
    let oracle = try Oracle.read(output)
    let strokes = oracle.sections.flatMap { $0.elements.flatMap { $0.strokes ?? [] } }
    #expect(strokes.map(\.widthCount) == [1])
    #expect(strokes.map(\.width) == [1])
  }

  @Test func roundingPastWILL2IsAChangedLineWithItsDeviation() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.inkML(
      "<traceFormat><channel name=\"X\"/><channel name=\"Y\"/><channel name=\"W\"/></traceFormat>"
        + "<trace>0.123456789 1 1</trace><trace>1.5 2 1</trace>", in: directory, name: "fine.inkml")
    let result = try WillDocRunner.run(
      ["convert", input.path, "-o", directory.file("fine.will").path])
    #expect(result.status == 0, "\(result.stderr)")
    let changed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("changed") }
    #expect(
      changed == [
        "changed  values of 1 traces rounded to WILL 2's fixed-point precision (8 decimals): max deviation 0.000000001"
      ], "\(result.stdout)")
  }

  @Test func aPrecisionThreeNoteGoesToInkMLAndBackUnchanged() throws {
    let directory = try TemporaryDirectory()
    let strokes = [
      Stroke(
        points: [InkPoint(x: 1.234, y: 2.345), InkPoint(x: 3.001, y: 4.999)],
        widths: [0.125, 0.375], decimalPrecision: 3)
    ]
    let note = directory.file("note.will")
    try Data(
      try WillDocument(strokes: strokes, pageWidth: 100, pageHeight: 100).serialized()
    ).write(to: note)
    let inkml = directory.file("note.inkml")
    let out = try WillDocRunner.run(["convert", note.path, "-o", inkml.path])
    #expect(out.status == 0, "\(out.stderr)")
    #expect(!out.stdout.contains("changed"), "\(out.stdout)")
    let back = directory.file("back.will")
    let again = try WillDocRunner.run(["convert", inkml.path, "-o", back.path])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(!again.stdout.contains("changed"), "\(again.stdout)")
    let read = try WillDocument(parsing: try Fixtures.bytes(of: back))
    #expect(read.strokes.map(\.points) == strokes.map(\.points))
    #expect(read.strokes.map(\.widths) == strokes.map(\.widths))
    #expect(read.strokes.map(\.decimalPrecision) == [3])
  }

  @Test func inkMLLimitsNameTheirOptions() throws {
    let directory = try TemporaryDirectory()
    let channels = try Self.inkML(
      "<traceFormat><channel name=\"X\"/><channel name=\"Y\"/><channel name=\"F\"/></traceFormat><trace>1 2 3</trace>",
      in: directory, name: "channels.inkml")
    let brushes = try Self.inkML(
      "<definitions><brush xml:id=\"a\"/><brush xml:id=\"b\"/></definitions><trace>1 2</trace>",
      in: directory, name: "brushes.inkml")
    for (input, option) in [(channels, "--max-channels"), (brushes, "--max-brushes")] {
      let output = directory.file("out.will").path
      let ok = try WillDocRunner.run(["convert", input.path, "-o", output, "--force"])
      #expect(ok.status == 0, "\(ok.stderr)")
      let stopped = try WillDocRunner.run(
        ["convert", input.path, "-o", output, "--force", option, "1"])
      #expect(stopped.status == 1, "\(stopped.stderr)")
      let lines = stopped.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(stopped.stderr)")
      #expect(
        lines.first?.hasPrefix("willdoc: error: \(input.path): limit exceeded") == true,
        "\(stopped.stderr)")
      #expect(lines.first?.hasSuffix("(raise it with \(option))") == true, "\(stopped.stderr)")
    }
  }

  @Test func officeProfileWritesHimetricAndReadsBackAndIsRefusedForOtherTargets() throws {
    let directory = try TemporaryDirectory()
    let input = try Self.inkML(
      "<trace>96 48, 1 0.5</trace>", in: directory, name: "inch.inkml")
    let output = directory.file("office.inkml")
    let result = try WillDocRunner.run(
      ["convert", input.path, "--to", "inkml", "--inkml-profile", "office", "-o", output.path])
    #expect(result.status == 0, "\(result.stderr)")
    let text = String(decoding: try Fixtures.bytes(of: output), as: UTF8.self)
    #expect(text.contains("<inkml:inkSource"), "\(text)")
    #expect(text.contains(">2540 1270, 26.458 13.229</inkml:trace>"), "\(text)")
    // willdoc reads it back to the same page units.
    let back = directory.file("back.will")
    let reread = try WillDocRunner.run(["convert", output.path, "-o", back.path])
    #expect(reread.status == 0, "\(reread.stderr)")
    let document = try WillDocument(parsing: try Fixtures.bytes(of: back))
    let points = try #require(document.strokes.first).points
    #expect(abs(points[0].x - 96) < 0.0001 && abs(points[1].y - 0.5) < 0.0001, "\(points)")
    // The default is today's form; a profile for WILL output is a usage error.
    let plain = try WillDocRunner.run(
      ["convert", input.path, "-o", directory.file("plain.inkml").path])
    #expect(plain.status == 0)
    #expect(
      !String(decoding: try Fixtures.bytes(of: directory.file("plain.inkml")), as: UTF8.self)
        .contains("inkml:"))
    let refused = try WillDocRunner.run(
      ["convert", input.path, "--inkml-profile", "office", "-o", directory.file("x.will").path])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--inkml-profile applies to InkML output"), "\(refused.stderr)")
  }
}

/// `willdoc validate` on InkML: what reading tolerated, under the `inkml-*` codes, before the
/// WILL 2 form's own findings; warnings only, so exit 0 unless `--strict`.
@Suite struct InkMLValidateTests {
  @Test func inkMLFindingsHaveTheirCodesInTextAndJSON() throws {
    let directory = try TemporaryDirectory()
    let input = try InkMLConversionTests.inkML(
      """
      <traceFormat><channel name="X"/><channel name="Y"/><channel name="T"/>\
      <channel name="Tilt"/></traceFormat>\
      <trace brushRef="#gone">1 2 0 0, 3 4 10 0, 5 6 5 0, 7 8</trace>
      """, in: directory, name: "odd.inkml")
    let text = try WillDocRunner.run(["validate", input.path, "--all"])
    #expect(text.status == 0, "\(text.stderr)")
    for code in [
      "inkml-unknown-channel", "inkml-unresolved-reference", "inkml-short-point",
      "inkml-time-decreases",
    ] {
      #expect(text.stdout.contains("warning [\(code)]"), "\(code): \(text.stdout)")
    }
    #expect(text.stdout.contains("trace 0: brushRef \"gone\" names nothing defined before it"))
    let strict = try WillDocRunner.run(["validate", input.path, "--strict"])
    #expect(strict.status == 1)
    let json = try WillDocRunner.run(["validate", input.path, "--format", "json"])
    #expect(json.status == 0)
    #expect(json.stdout.contains("\"inkml-time-decreases\""), "\(json.stdout)")
    let clean = try InkMLConversionTests.inkML(
      "<trace>1 2, 3 4, 5 6, 7 8</trace>", in: directory, name: "clean.inkml")
    let fine = try WillDocRunner.run(["validate", clean.path, "--all"])
    #expect(fine.status == 0)
    #expect(!fine.stdout.contains("inkml-"), "\(fine.stdout)")
  }

  /// InkML that would pass the XML reader's ceiling is not written: the error names the output
  /// and the trace that passed it, and says no option raises the ceiling.
  @Test(arguments: ["standard", "office"])
  func inkMLPastTheReadersCeilingIsRefusedNamingTheOutput(profile: String) throws {
    let directory = try TemporaryDirectory()
    let input = Fixtures.sampleDocuments.appendingPathComponent(
      "invalid/r-shared-paths-at-limit.will")
    let output = directory.file("big.inkml").path
    let result = try WillDocRunner.run(
      ["convert", input.path, "-o", output, "--inkml-profile", profile])
    #expect(result.status == 1, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix("willdoc: error: \(output): (stroke "), "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "limit exceeded: XML part size is 100"), "\(result.stderr)")
    #expect(result.stderr.contains("cannot raise it"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
