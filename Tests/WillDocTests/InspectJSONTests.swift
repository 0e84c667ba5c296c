import Foundation
import InkCodec
import InkTestSupport
import Testing

/// `willdoc inspect --format json`: the documented schema, the same numbers as the model, and
/// an unreadable file reported in place with every key present.
@Suite struct InspectJSONTests {
  static let keys = [
    "name", "status", "error", "size", "container", "properties", "strokes", "points", "bounds",
    "precisions", "widths", "colors", "blendModes", "trimmed", "paints", "warnings", "sections",
    "parts",
  ]

  @Test func everyFileInTheDocumentedShape() throws {
    let directory = try TemporaryDirectory()
    let names = ["handwriting-opc.will", "sections-transforms.will", "handwriting-riff.will"]
    let paths = names.map { Fixtures.sampleDocuments.appendingPathComponent("valid/\($0)").path }
    let broken = directory.url.appendingPathComponent("notes.txt")
    try Data("not ink".utf8).write(to: broken)
    let result = try WillDocRunner.run(["inspect", "--format", "json"] + paths + [broken.path])
    #expect(result.status == 2, "an unreadable file: exit 2")
    #expect(result.stderr.contains("willdoc: error: \(broken.path)"), "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(files.count == 4)
    // Keys in the documented order (JSONSerialization loses order: check the text).
    let text = result.stdout
    var position = text.startIndex
    for key in Self.keys {
      let found = try #require(
        text.range(of: "\"\(key)\":", range: position..<text.endIndex), "\(key)")
      position = found.upperBound
    }
    for (path, file) in zip(paths, files) {
      let document = try WillDocument(contentsOf: URL(fileURLWithPath: path))
      #expect(file["status"] as? String == "ok")
      #expect(file["strokes"] as? Int == document.strokes.count, "\(path)")
      #expect(file["points"] as? Int == document.pointCount, "\(path)")
      #expect(file["container"] as? String == document.container.rawValue)
      #expect((file["sections"] as? [Any])?.count == document.sections.count)
      #expect((file["parts"] as? [Any])?.count == document.containerParts.count)
      #expect(file["warnings"] as? Int == document.validate().map(\.occurrences).reduce(0, +))
    }
    let failed = files[3]
    #expect(failed["status"] as? String == "error")
    #expect((failed["error"] as? [String: Any])?["code"] as? String == "not-a-will-file")
    for key in Self.keys.dropFirst(3) { #expect(failed[key] is NSNull, "\(key) is null") }
    let total = try #require(object["total"] as? [String: Any])
    #expect(total["files"] as? Int == 4 && total["failed"] as? Int == 1)
  }

  /// A UIM file is summarised in its WILL 2 form, with its own warnings and no parts.
  @Test(.enabled(if: UIMSamples.isAvailable)) func uimFiles() throws {
    let paths = UIMSamples.names.map { UIMSamples.directory!.appendingPathComponent($0).path }
    #expect(paths.count >= 8)
    let result = try WillDocRunner.run(["inspect", "--format", "json"] + paths)
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(files.count == paths.count)
    for (path, file) in zip(paths, files) {
      let uim = try UIMDocument(parsing: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
      #expect(file["container"] as? String == "uim", "\(path)")
      #expect(file["strokes"] as? Int == uim.inkData.strokes.count, "\(path)")
      #expect(file["points"] as? Int == uim.pointCount, "\(path)")
      #expect(file["parts"] is NSNull, "\(path)")
    }
  }

  @Test func quietIsForText() throws {
    let path = Fixtures.sampleDocuments.appendingPathComponent("valid/empty.will").path
    let result = try WillDocRunner.run(["inspect", "--format", "json", "--quiet", path])
    #expect(result.status == 64)
  }
}
