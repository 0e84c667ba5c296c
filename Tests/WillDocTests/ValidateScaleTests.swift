import Foundation
import InkCodec
import InkTestSupport
import Testing

/// Diagnostics stay readable however many there are: one line per code and part by default,
/// every one with --all (up to --max-diagnostics), counts per code in JSON.
@Suite struct ValidateScaleTests {
  static let strokeCount = 20_000

  /// A raw stream of two-point strokes stored with compositeOperation 0: three warnings each.
  static func floodedFile(in directory: TemporaryDirectory) throws -> URL {
    var stroke = Stroke(points: [InkPoint(x: 1, y: 1), InkPoint(x: 2, y: 2)], widths: [1])
    stroke.blendMode = .clear
    let bytes = try PathsStream(strokes: Array(repeating: stroke, count: strokeCount)).serialized()
    let url = directory.url.appendingPathComponent("flood.will.bin")
    try Data(bytes).write(to: url)
    return url
  }

  @Test func oneLinePerCodeByDefault() throws {
    let directory = try TemporaryDirectory()
    let url = try Self.floodedFile(in: directory)
    let result = try WillDocRunner.run(["validate", url.path])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(result.stdout)")
    #expect(lines[0].hasSuffix(": valid (0 errors, 40000 warnings)"), "\(lines[0])")
    #expect(
      lines.contains {
        $0.hasPrefix("  warning [blend-mode-zero] ×20")
          && $0.contains(" strokes (first: stroke 0 @0x0, stroke 1 @0x")
      }, "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("  warning [too-few-points] ×20") })
  }

  @Test func allListsEachUpToTheMaximum() throws {
    let directory = try TemporaryDirectory()
    let url = try Self.floodedFile(in: directory)
    let result = try WillDocRunner.run(["validate", url.path, "--all", "--max-diagnostics", "50"])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    // The file line, 50 diagnostics, and what was left out.
    #expect(lines.count == 52, "\(result.stdout)")
    #expect(
      lines.last?.hasPrefix("  … ") == true
        && lines.last?.hasSuffix("more (raise --max-diagnostics)") == true)
  }

  @Test func jsonCountsEveryCodeAndSaysWhenItStopped() throws {
    let directory = try TemporaryDirectory()
    let url = try Self.floodedFile(in: directory)
    let result = try WillDocRunner.run([
      "validate", url.path, "--format", "json", "--max-diagnostics", "10",
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
    let file = try #require((object["files"] as? [[String: Any]])?.first)
    #expect((file["diagnostics"] as? [Any])?.count == 10)
    #expect(file["truncated"] as? Bool == true)
    let counts = try #require(file["counts"] as? [String: Int])
    #expect(counts == ["blend-mode-zero": Self.strokeCount, "too-few-points": Self.strokeCount])
    #expect(file["warnings"] as? Int == 2 * Self.strokeCount)
  }
}
