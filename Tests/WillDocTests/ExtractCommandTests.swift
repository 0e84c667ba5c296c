import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// `willdoc extract` writes a part's bytes as they are stored (decompressed), named as
/// `inspect` names them; `--list` lists them.
@Suite struct ExtractCommandTests {
  static let valid = Fixtures.sampleDocuments.appendingPathComponent("valid")

  static func path(_ name: String) -> String { valid.appendingPathComponent(name).path }

  /// Every entry of a package comes out byte for byte, by its name or without its slash in
  /// another case; the paths part is the document's stream.
  @Test func everyPartOfAPackage() throws {
    let bytes = try Fixtures.bytes(of: Self.valid.appendingPathComponent("handwriting-opc.will"))
    let entries = try ZipArchive.read(bytes)
    #expect(entries.count >= 6)
    for entry in entries {
      let exact = try WillDocRunner.run([
        "extract", Self.path("handwriting-opc.will"), "\(entry.name)",
      ])
      #expect(exact.status == 0, "\(entry.name): \(exact.stderr)")
      #expect(exact.stdoutBytes == entry.data, "\(entry.name)")
      let loose = String(entry.name.description.dropFirst()).uppercased()
      let relaxed = try WillDocRunner.run(["extract", Self.path("handwriting-opc.will"), loose])
      #expect(relaxed.stdoutBytes == entry.data, "\(loose)")
    }
    let document = try WillDocument(parsing: bytes)
    let paths = try WillDocRunner.run([
      "extract", Self.path("handwriting-opc.will"), "/sections/media/paths0.protobuf",
    ])
    #expect(paths.stdoutBytes == (try PathsStream(strokes: document.strokes).serialized()))
  }

  /// The chunks of a RIFF file, `INK` without its space; a raw file's one stream.
  @Test func chunksAndStreams() throws {
    let riff = try WillDataFile(
      parsing: try Fixtures.bytes(of: Self.valid.appendingPathComponent("handwriting-riff.will")))
    let inkChunks = riff.chunks.filter(\.isInk)
    let ink = try #require(inkChunks.first)
    let result = try WillDocRunner.run(["extract", Self.path("handwriting-riff.will"), "INK"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutBytes == ink.data)
    let raw = try Fixtures.bytes(of: Self.valid.appendingPathComponent("handwriting.will.bin"))
    let stream = try WillDocRunner.run(["extract", Self.path("handwriting.will.bin"), "(stream)"])
    #expect(stream.stdoutBytes == raw)
  }

  @Test func listsWhatInspectLists() throws {
    let list = try WillDocRunner.run(["extract", "--list", Self.path("handwriting-riff.will")])
    #expect(list.status == 0)
    let lines = list.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("part") == true)
    #expect(
      lines.dropFirst().map { $0.split(separator: " ").first.map(String.init) } == ["HEAD", "INK"])
    let inspect = try WillDocRunner.run([
      "inspect", "--format", "json", Self.path("handwriting-opc.will"),
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(inspect.stdoutBytes)) as? [String: Any])
    let file = try #require((object["files"] as? [[String: Any]])?.first)
    let names = (file["parts"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
    #expect(names.count >= 6)
    let listed = try WillDocRunner.run(["extract", "--list", Self.path("handwriting-opc.will")])
    let listedNames = listed.stdout.split(separator: "\n").dropFirst().compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(listedNames == names)
  }

  /// A part the file lacks names the ones it has; -o writes a file; the input is never
  /// written over.
  @Test func errorsAndOutputs() throws {
    let missing = try WillDocRunner.run(["extract", Self.path("handwriting-riff.will"), "NOPE"])
    #expect(missing.status == 1)
    #expect(missing.stdoutBytes.isEmpty)
    #expect(
      missing.stderr.hasPrefix("willdoc: error: ")
        && missing.stderr.contains("no part named NOPE (the parts: HEAD, INK )"),
      "\(missing.stderr)")
    let directory = try TemporaryDirectory()
    let target = directory.file("section.svg")
    let written = try WillDocRunner.run([
      "extract", Self.path("handwriting-opc.will"), "/sections/section0.svg", "-o", target.path,
    ])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("<?xml"))
    let copy = directory.file("copy.will")
    try FileManager.default.copyItem(at: Self.valid.appendingPathComponent("empty.will"), to: copy)
    let over = try WillDocRunner.run(["extract", copy.path, "/_rels/.rels", "-o", copy.path])
    #expect(over.status == 64, "\(over.stderr)")
    let usage = try WillDocRunner.run(["extract", Self.path("empty.will")])
    #expect(usage.status == 64)
  }
}
