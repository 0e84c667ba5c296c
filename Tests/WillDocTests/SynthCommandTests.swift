import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc synth`: deterministic synthetic notes that every reader accepts.
@Suite struct SynthCommandTests {
  func synth(_ arguments: [String], in directory: TemporaryDirectory) throws -> [UInt8] {
    let result = try WillDocRunner.run(["synth"] + arguments, in: directory.url)
    #expect(result.status == 0, "\(result.stderr)")
    let output = arguments[arguments.firstIndex(of: "-o")! + 1]
    return try Fixtures.bytes(of: directory.url.appendingPathComponent(output))
  }

  @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOthers() throws {
    let directory = try TemporaryDirectory()
    let first = try synth(["--seed", "11", "--strokes", "120", "-o", "a.will"], in: directory)
    let again = try synth(["--seed", "11", "--strokes", "120", "-o", "b.will"], in: directory)
    let other = try synth(["--seed", "12", "--strokes", "120", "-o", "c.will"], in: directory)
    #expect(first == again)
    #expect(first != other)
    let document = try WillDocument(parsing: first)
    #expect(document.strokes.count == 120)
    #expect(document.container == .opc)
    #expect(document.properties.application == "willdoc synth")
  }

  @Test(arguments: [ContainerKind.opc, .riff, .raw])
  func generatedFilesValidate(container: ContainerKind) throws {
    let directory = try TemporaryDirectory()
    let name = "notes.\(container.rawValue)"
    let bytes = try synth(
      ["--seed", "3", "--strokes", "400", "--container", container.rawValue, "-o", name],
      in: directory)
    let validate = try WillDocRunner.run(["validate", "--strict", name], in: directory.url)
    #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
    let document = try WillDocument(parsing: bytes)
    #expect(document.container == container)
    #expect(document.strokes.count == 400)
    // Some words are cut by the eraser: fragments with ts/tf inside their end segments.
    #expect(document.strokes.contains { $0.startParameter > 0 || $0.endParameter < 1 })
  }

  @Test func precisionAndPagesFollowTheOptions() throws {
    let directory = try TemporaryDirectory()
    let bytes = try synth(
      ["--strokes", "1500", "--precision", "3", "-o", "long.will"], in: directory)
    let document = try WillDocument(parsing: bytes)
    #expect(document.strokes.allSatisfy { $0.decimalPrecision == 3 })
    #expect(document.sections.count > 1)
    for section in document.sections {
      for stroke in section.strokes {
        let box = try #require(stroke.bounds)
        #expect(box.maxX <= 592 && box.maxY <= 864 && box.minX >= 0 && box.minY >= 0)
      }
    }
  }

  @Test func refusesToReplaceAFileUnlessForced() throws {
    let directory = try TemporaryDirectory()
    _ = try synth(["--strokes", "5", "-o", "x.will"], in: directory)
    let refused = try WillDocRunner.run(
      ["synth", "--strokes", "5", "-o", "x.will"], in: directory.url)
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--force"))
    let forced = try WillDocRunner.run(
      ["synth", "--strokes", "5", "--force", "-o", "x.will"], in: directory.url)
    #expect(forced.status == 0)
    let bad = try WillDocRunner.run(
      ["synth", "--precision", "9", "-o", "y.will"], in: directory.url)
    #expect(bad.status == 64)
  }

  /// Precision 7 cannot hold the page's coordinates in Int32: refused with the reason, before
  /// any work; precision 0 says that widths became whole numbers.
  @Test func precisionsThePageCannotHoldAreRefused() throws {
    let directory = try TemporaryDirectory()
    for (precision, largest) in [(7, "214.75"), (8, "21.47")] {
      let refused = try WillDocRunner.run(
        ["synth", "--precision", "\(precision)", "-o", "p.will"], in: directory.url)
      #expect(refused.status == 64)
      #expect(
        refused.stderr.hasPrefix(
          "willdoc: error: --precision \(precision) stores values up to \(largest), less than "
            + "the 592 x 864 page: give 0...6"), "\(refused.stderr)")
    }
    let whole = try WillDocRunner.run(
      ["synth", "--precision", "0", "--strokes", "3", "-o", "p.will"], in: directory.url)
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(whole.stdout.contains("precision 0: coordinates and widths stored as whole numbers"))
    let help = try WillDocRunner.run(["synth", "--help"])
    let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("precision 7 holds at most 214.7"), "\(help.stdout)")
    #expect(text.contains("refused, not clamped"))
  }

  @Test(.enabled(if: Oracle.isAvailable, "../shared/tools/oracle is absent"))
  func theOracleReadsTheSameStrokes() throws {
    let directory = try TemporaryDirectory()
    for container in ["opc", "riff"] {
      let name = "oracle.\(container)"
      let bytes = try synth(
        ["--seed", "5", "--strokes", "150", "--container", container, "-o", name], in: directory)
      let oracle = try Oracle.read(directory.url.appendingPathComponent(name))
      try OracleComparison.expect(
        try WillDocument(parsing: bytes).strokes, equal: oracle.allStrokes, sample: name)
    }
  }
}
