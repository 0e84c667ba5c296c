import Foundation
import InkCodec
import InkTestSupport
import Testing

/// One overwrite policy for every command that writes files: an existing regular file is
/// refused (exit 64, left as it was) unless `--force`; a device such as /dev/null is written
/// to without it; `--help` says so.
@Suite struct OverwritePolicyTests {
  static let document = Fixtures.sampleDocuments.appendingPathComponent(
    "valid/handwriting-opc.will"
  ).path

  /// Each writing command, writing `output`.
  static func commands(_ output: String) -> [[String]] {
    [
      ["convert", document, "-o", output, "--to", "uim"],
      ["reencode", document, "-o", output],
      ["render", document, "-o", output, "--format", "svg"],
      ["salvage", document, "-o", output],
      ["synth", "--strokes", "3", "-o", output],
      ["part", document, "/sections/section0.svg", "-o", output],
    ]
  }

  @Test(arguments: commands("EXISTING"))
  func anExistingFileIsReplacedOnlyWithForce(_ template: [String]) throws {
    let directory = try TemporaryDirectory()
    let existing = directory.file("existing.out")
    let original = Data("an earlier result".utf8)
    try original.write(to: existing)
    let arguments = template.map { $0 == "EXISTING" ? existing.path : $0 }
    let refused = try WillDocRunner.run(arguments)
    #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
    #expect(
      refused.stderr.hasPrefix(
        "willdoc: error: \(existing.path) exists; add --force to replace it\n"),
      "\(refused.stderr)")
    #expect(try Data(contentsOf: existing) == original)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).count == 1)
    let forced = try WillDocRunner.run(arguments + ["--force"])
    #expect(forced.status == 0, "\(arguments): \(forced.stderr)")
    #expect(try Data(contentsOf: existing) != original)
    // A device is written to, not replaced: no --force needed.
    let device = try WillDocRunner.run(template.map { $0 == "EXISTING" ? "/dev/null" : $0 })
    #expect(device.status == 0, "\(template): \(device.stderr)")
  }

  @Test func renderChecksEveryNumberedFileBeforeWritingAny() throws {
    let directory = try TemporaryDirectory()
    let source = Fixtures.sampleDocuments.appendingPathComponent("valid/sections-transforms.will")
    try Data("older".utf8).write(to: directory.file("page-2.svg"))
    let refused = try WillDocRunner.run([
      "render", source.path, "-o", directory.file("page.svg").path,
    ])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("page-2.svg exists; add --force"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: directory.file("page-0.svg").path))
    let forced = try WillDocRunner.run([
      "render", source.path, "-o", directory.file("page.svg").path, "--force",
    ])
    #expect(forced.status == 0, "\(forced.stderr)")
    for number in 0..<3 {
      #expect(FileManager.default.fileExists(atPath: directory.file("page-\(number).svg").path))
    }
  }

  @Test func inPlaceNeedsNoForce() throws {
    let directory = try TemporaryDirectory()
    let url = try SyntheticDocuments.write(
      SyntheticDocuments.twoStrokes, to: directory, name: "doc.will")
    let result = try WillDocRunner.run(["reencode", url.path, "--in-place", "--precision", "1"])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(arguments: ["convert", "reencode", "render", "salvage", "synth", "part"])
  func helpStatesThePolicy(_ command: String) throws {
    let help = try WillDocRunner.run([command, "--help"])
    #expect(help.status == 0)
    let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(text.contains("--force Replace an existing output file."), "\(help.stdout)")
    #expect(text.contains("/dev/null"), "\(command)")
  }
}
