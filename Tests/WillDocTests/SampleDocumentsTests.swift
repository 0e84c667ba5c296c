import Foundation
import InkCodec
import InkTestSupport
import Testing

/// The project's generated documents in `SampleDocuments/` (skipped while they are absent).
@Suite(
  .enabled(
    if: FileManager.default.fileExists(atPath: Fixtures.sampleDocuments.path),
    "SampleDocuments/ is absent"))
struct SampleDocumentsTests {
  static func files(_ folder: String) -> [String] {
    let url = Fixtures.sampleDocuments.appendingPathComponent(folder)
    return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
      .filter { !$0.hasPrefix(".") }.sorted()
  }

  /// `golden/manifest.txt` lines for invalid files: `x-name.will code part[@offset]`.
  static let invalidCodes: [String: String] = {
    let url = Fixtures.sampleDocuments.appendingPathComponent("golden/manifest.txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
    var codes: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 2 else { continue }
      let name = String(fields[0]).replacingOccurrences(of: "invalid/", with: "")
        .trimmingCharacters(in: CharacterSet(charactersIn: ":"))
      codes[name] = String(fields[1])
    }
    return codes
  }()

  /// The cases below come from the folders and the manifest, which read as empty when
  /// missing: each must hold every case.
  @Test func everyListHoldsEveryCase() {
    #expect(Self.files("valid").count >= 11, "\(Self.files("valid"))")
    let damaged = Self.files("invalid").filter { $0.hasPrefix("x-") }
    #expect(damaged.count >= 19, "\(damaged)")
    #expect(Set(Self.invalidCodes.keys) == Set(damaged), "golden/manifest.txt against invalid/")
  }

  @Test(arguments: files("valid"))
  func validDocumentsPassEveryCommand(_ name: String) throws {
    let directory = Fixtures.sampleDocuments.appendingPathComponent("valid")
    let inspect = try WillDocRunner.run(["inspect", name], in: directory)
    #expect(inspect.status == 0, "\(inspect.stderr)")
    let validate = try WillDocRunner.run(["validate", name], in: directory)
    #expect(validate.status == 0, "\(validate.stdout)")
    let dump = try WillDocRunner.run(["dump", "--format", "json", name], in: directory)
    #expect(dump.status == 0)
    try DumpSchema.check(try DumpSchema.parse(dump.stdoutBytes))
    let scratch = try TemporaryDirectory()
    let copy = scratch.file("copy")
    let reencode = try WillDocRunner.run(["reencode", name, "-o", copy.path], in: directory)
    #expect(reencode.status == 0, "\(reencode.stderr)")
    let original = try WillDocument(
      parsing: try Fixtures.bytes(of: directory.appendingPathComponent(name)))
    let written = try WillDocument(parsing: [UInt8](try Data(contentsOf: copy)))
    #expect(written.strokes == original.strokes)
  }

  @Test(arguments: files("invalid").filter { $0.hasPrefix("x-") })
  func invalidDocumentsFailWithTheirCode(_ name: String) throws {
    let directory = Fixtures.sampleDocuments.appendingPathComponent("invalid")
    let result = try WillDocRunner.run(["validate", "--format", "json", name], in: directory)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
    let file = try #require((object["files"] as? [[String: Any]])?.first)
    let code = (file["diagnostics"] as? [[String: Any]])?.first?["code"] as? String
    let expected = try #require(Self.invalidCodes[name], "\(name) is not in golden/manifest.txt")
    #expect(code == expected, "\(name)")
    let unreadable = code == "not-a-will-file" || code == "io-error"
    #expect(result.status == (unreadable ? 2 : 1), "\(name): \(result.stderr)")
    #expect(result.stderr.hasPrefix("willdoc: error: \(name): "), "\(name): \(result.stderr)")
    #expect(!result.stderr.contains("Fatal error"))
  }
}
