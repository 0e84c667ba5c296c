import Foundation
import InkCodec
import InkTestSupport
import Testing

/// InkML as datasets write it, read directly by `inspect`, `validate`, `dump`, `render` and
/// `diff` (through its WILL 2 form, what that changes on standard error).
@Suite struct InkMLRealSampleTests {
  static let sample = "ImadocSen-OnDB__words_writer40_sentence2.inkml"

  @Test(.enabled(if: InkMLSamples.isAvailable)) func inspectNamesStrokesAndAssumptions() throws {
    let path = InkMLSamples.url(Self.sample).path
    let result = try WillDocRunner.run(["inspect", path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("21 strokes"), "\(result.stdout)")
    #expect(
      result.stderr.contains(
        "changed  X and Y of 21 traces in units \"ink\" with no resolution taken as HIMETRIC"),
      "\(result.stderr)")
    #expect(result.stderr.contains("dropped  10 InkML annotations"), "\(result.stderr)")
    #expect(result.stderr.contains("dropped  7 nested trace groups"), "\(result.stderr)")
    for command in ["validate", "dump"] {
      let run = try WillDocRunner.run([command, path])
      #expect(run.status == 0, "\(command): \(run.stderr)")
    }
  }

  @Test(.enabled(if: InkMLSamples.isAvailable)) func renderDrawsTheLineAtTrueSize() throws {
    let directory = try TemporaryDirectory()
    let output = directory.file("line.png")
    let result = try WillDocRunner.run(
      ["render", InkMLSamples.url(Self.sample).path, "-o", output.path])
    #expect(result.status == 0, "\(result.stderr)")
    let bytes = try Fixtures.bytes(of: output)
    // PNG IHDR: width and height, big-endian, at bytes 16 and 20. The line is about 20 cm by
    // 1.5 cm: some 760 by 55 page units, drawn at one pixel each with a margin.
    func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect((700...850).contains(word(16)), "width \(word(16))")
    #expect((40...120).contains(word(20)), "height \(word(20))")
  }

  @Test(.enabled(if: InkMLSamples.isAvailable)) func diffOfTheSampleWithItsWILL2Form() throws {
    let directory = try TemporaryDirectory()
    let path = InkMLSamples.url(Self.sample).path
    let will = directory.file("line.will")
    let convert = try WillDocRunner.run(["convert", path, "-o", will.path])
    #expect(convert.status == 0, "\(convert.stderr)")
    let same = try WillDocRunner.run(["diff", path, will.path])
    #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
    let other = try WillDocRunner.run(
      ["diff", path, InkMLSamples.url("ImadocSen-OnDB__sentences_writer21_sentence3.inkml").path])
    #expect(other.status == 1, "\(other.stdout)\(other.stderr)")
  }

  @Test func namespaceLessAndPrefixedRootsAreInkML() throws {
    let directory = try TemporaryDirectory()
    let files = [
      "<?xml version=\"1.0\"?>\n<!-- a dataset -->\n<ink><trace>1 2, 3 4</trace></ink>",
      "<inkml:ink xmlns:inkml=\"\(InkMLDocument.namespace)\"><inkml:trace>1 2, 3 4</inkml:trace></inkml:ink>",
    ]
    for (index, text) in files.enumerated() {
      let url = directory.file("root\(index).xml")
      try Data(text.utf8).write(to: url)
      for command in ["inspect", "validate", "dump"] {
        let result = try WillDocRunner.run([command, url.path])
        #expect(result.status == 0, "\(index) \(command): \(result.stderr)")
      }
      let inspect = try WillDocRunner.run(["inspect", url.path])
      #expect(inspect.stdout.contains("1 stroke"), "\(inspect.stdout)")
    }
  }
}
