import Foundation
import InkTestSupport
import Testing

/// `willdoc diff A B`: exit 0 for the same strokes in any containers, 1 with what differs, 2
/// when an input cannot be read.
@Suite struct DiffCommandTests {
  static let valid = Fixtures.sampleDocuments.appendingPathComponent("valid")

  static func path(_ name: String) -> String { valid.appendingPathComponent(name).path }

  @Test func theSameStrokesInTwoContainers() throws {
    let result = try WillDocRunner.run([
      "diff", Self.path("handwriting-opc.will"), Self.path("handwriting-riff.will"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("strokes  80 the same, 0 changed, 0 removed, 0 added"))
    #expect(result.stdout.hasSuffix("the same strokes\n"))
  }

  /// A flattened copy moves points by less than half a unit of its precision: the same within
  /// that tolerance, changed without it.
  @Test func toleranceDecides() throws {
    let directory = try TemporaryDirectory()
    let flat = directory.file("flat.will")
    let written = try WillDocRunner.run([
      "reencode", Self.path("sections-transforms.will"), "--flatten", "--container", "riff", "-o",
      flat.path,
    ])
    try #require(written.status == 0, "\(written.stderr)")
    let tolerant = try WillDocRunner.run([
      "diff", Self.path("sections-transforms.will"), flat.path, "--tolerance", "0.01",
    ])
    #expect(tolerant.status == 0, "\(tolerant.stdout)")
    let strict = try WillDocRunner.run([
      "diff", Self.path("sections-transforms.will"), flat.path, "--format", "json",
    ])
    #expect(strict.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(strict.stdoutBytes)) as? [String: Any])
    #expect(object["equal"] as? Bool == false)
    let counts = try #require(object["counts"] as? [String: Int])
    #expect(counts["changed"]! > 0 && counts["removed"] == 0 && counts["added"] == 0)
    let first = try #require((object["changed"] as? [[String: Any]])?.first)
    #expect((first["fields"] as? [String])?.contains("points") == true)
    #expect((first["largestPointError"] as? Double).map { $0 > 0 && $0 < 0.01 } == true)
  }

  /// A document and its UIM conversion have the same strokes.
  @Test func aDocumentAndItsUIM() throws {
    let directory = try TemporaryDirectory()
    let uim = directory.file("notes.uim")
    let converted = try WillDocRunner.run([
      "convert", Self.path("handwriting-opc.will"), "-o", uim.path,
    ])
    try #require(converted.status == 0, "\(converted.stderr)")
    let result = try WillDocRunner.run(["diff", Self.path("handwriting-opc.will"), uim.path])
    #expect(result.status == 0, "\(result.stdout)")
  }

  @Test func differentDocumentsAndErrors() throws {
    let different = try WillDocRunner.run([
      "diff", Self.path("handwriting-opc.will"), Self.path("constant-width.will"),
    ])
    #expect(different.status == 1)
    #expect(different.stdout.hasSuffix("different\n"), "\(different.stdout)")
    let unreadable = try WillDocRunner.run([
      "diff", Self.path("handwriting-opc.will"), "/nonexistent/file.will",
    ])
    #expect(unreadable.status == 2, "\(unreadable.stderr)")
    #expect(unreadable.stderr.hasPrefix("willdoc: error: /nonexistent/file.will"))
    let usage = try WillDocRunner.run([
      "diff", Self.path("handwriting-opc.will"), Self.path("empty.will"), "--tolerance", "-1",
    ])
    #expect(usage.status == 64)
  }

  /// A damaged input (or a missing one) makes the answer unknown, never "different": exit 2,
  /// the failure named on standard error and, with `--format json`, in the report's `error`.
  /// The second input is not read once the first has failed.
  @Test(arguments: ["x-truncated-zip.will", "x-bad-crc.will", "x-record-length-2pow32.will"])
  func aDamagedInputIsUnreadable(name: String) throws {
    let damaged = Fixtures.sampleDocuments.appendingPathComponent("invalid/\(name)").path
    let text = try WillDocRunner.run(["diff", Self.path("handwriting-opc.will"), damaged])
    #expect(text.status == 2, "\(text.stdout)")
    #expect(text.stdout.isEmpty)
    #expect(text.stderr.hasPrefix("willdoc: error: \(damaged): "), "\(text.stderr)")

    let json = try WillDocRunner.run([
      "diff", damaged, "/nonexistent/file.will", "--format", "json",
    ])
    #expect(json.status == 2, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
    #expect(object["equal"] is NSNull)
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["file"] as? String == damaged)
    #expect((error["code"] as? String).map { !$0.isEmpty && $0 != "io-error" } == true)
    #expect((error["message"] as? String)?.isEmpty == false)
    #expect(json.stderr.split(separator: "\n").count == 1, "\(json.stderr)")

    let missing = try WillDocRunner.run([
      "diff", Self.path("handwriting-opc.will"), "/nonexistent/file.will", "--format", "json",
    ])
    #expect(missing.status == 2)
    let second = try #require(
      try JSONSerialization.jsonObject(with: Data(missing.stdoutBytes)) as? [String: Any])
    #expect((second["error"] as? [String: Any])?["code"] as? String == "io-error")
  }
}
