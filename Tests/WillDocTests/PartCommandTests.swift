import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// `willdoc part` writes a part's bytes as they are stored (decompressed), named as
/// `inspect` names them; `--list` lists them. `extract`, its former name, still works.
@Suite struct PartCommandTests {
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
        "part", Self.path("handwriting-opc.will"), "\(entry.name)",
      ])
      #expect(exact.status == 0, "\(entry.name): \(exact.stderr)")
      #expect(exact.stdoutBytes == entry.data, "\(entry.name)")
      let loose = String(entry.name.description.dropFirst()).uppercased()
      let relaxed = try WillDocRunner.run(["part", Self.path("handwriting-opc.will"), loose])
      #expect(relaxed.stdoutBytes == entry.data, "\(loose)")
    }
    let document = try WillDocument(parsing: bytes)
    let paths = try WillDocRunner.run([
      "part", Self.path("handwriting-opc.will"), "/sections/media/paths0.protobuf",
    ])
    #expect(paths.stdoutBytes == (try PathsStream(strokes: document.strokes).serialized()))
  }

  /// The chunks of a RIFF file, `INK` without its space; a raw file's one stream.
  @Test func chunksAndStreams() throws {
    let riff = try WillDataFile(
      parsing: try Fixtures.bytes(of: Self.valid.appendingPathComponent("handwriting-riff.will")))
    let inkChunks = riff.chunks.filter(\.isInk)
    let ink = try #require(inkChunks.first)
    let result = try WillDocRunner.run(["part", Self.path("handwriting-riff.will"), "INK"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutBytes == ink.data)
    let raw = try Fixtures.bytes(of: Self.valid.appendingPathComponent("handwriting.will.bin"))
    let stream = try WillDocRunner.run(["part", Self.path("handwriting.will.bin"), "(stream)"])
    #expect(stream.stdoutBytes == raw)
  }

  @Test func listsWhatInspectLists() throws {
    let list = try WillDocRunner.run(["part", "--list", Self.path("handwriting-riff.will")])
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
    let listed = try WillDocRunner.run(["part", "--list", Self.path("handwriting-opc.will")])
    let listedNames = listed.stdout.split(separator: "\n").dropFirst().compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(listedNames == names)
  }

  /// A part the file lacks names the ones it has; -o writes a file; the input is never
  /// written over.
  @Test func errorsAndOutputs() throws {
    let missing = try WillDocRunner.run(["part", Self.path("handwriting-riff.will"), "NOPE"])
    #expect(missing.status == 1)
    #expect(missing.stdoutBytes.isEmpty)
    #expect(
      missing.stderr.hasPrefix("willdoc: error: ")
        && missing.stderr.contains("no part named NOPE (the parts: HEAD, INK )"),
      "\(missing.stderr)")
    let directory = try TemporaryDirectory()
    let target = directory.file("section.svg")
    let written = try WillDocRunner.run([
      "part", Self.path("handwriting-opc.will"), "/sections/section0.svg", "-o", target.path,
    ])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("<?xml"))
    let copy = directory.file("copy.will")
    try FileManager.default.copyItem(at: Self.valid.appendingPathComponent("empty.will"), to: copy)
    let over = try WillDocRunner.run(["part", copy.path, "/_rels/.rels", "-o", copy.path])
    #expect(over.status == 64, "\(over.stderr)")
    let usage = try WillDocRunner.run(["part", Self.path("empty.will")])
    #expect(usage.status == 64)
  }

  /// A UIM file lists its chunks, HEAD first, each extracted decompressed; an InkML file is one
  /// XML document, never a paths stream.
  @Test func uimChunksAndInkMLDocument() throws {
    let directory = try TemporaryDirectory()
    let uim = directory.file("note.uim")
    let inkml = directory.file("note.inkml")
    for target in [uim, inkml] {
      let converted = try WillDocRunner.run([
        "convert", Self.path("handwriting-opc.will"), "-o", target.path,
      ])
      #expect(converted.status == 0, "\(converted.stderr)")
    }
    let file = try UIMFile(parsing: try Fixtures.bytes(of: uim))
    let list = try WillDocRunner.run(["part", "--list", uim.path])
    #expect(list.status == 0, "\(list.stderr)")
    let rows = list.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: " ").map(String.init)
    }
    #expect(rows.map(\.first) == ["HEAD"] + file.chunks.map(\.id))
    #expect(rows.allSatisfy { $0.last == "chunk" }, "\(list.stdout)")
    for chunk in file.chunks {
      let extracted = try WillDocRunner.run(["part", uim.path, chunk.id])
      #expect(extracted.status == 0, "\(chunk.id): \(extracted.stderr)")
      #expect(extracted.stdoutBytes == chunk.payload, "\(chunk.id)")
    }

    let xml = try WillDocRunner.run(["part", "--list", inkml.path])
    #expect(xml.status == 0, "\(xml.stderr)")
    let xmlRows = xml.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: " ").map(String.init)
    }
    #expect(xmlRows.map(\.first) == ["(document)"])
    #expect(xmlRows.first?.last == "xml")
    let whole = try WillDocRunner.run(["part", inkml.path, "(document)"])
    #expect(whole.stdoutBytes == (try Fixtures.bytes(of: inkml)))
  }

  /// A real UIM file's chunks (skipped when the samples are absent): every chunk extracts as
  /// the container reader decompressed it.
  @Test func realUIMChunks() throws {
    let folder = Fixtures.sharedFolder("uim-samples", variable: "UIM_SAMPLES")
    guard let folder,
      let name = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter({ $0.hasSuffix(".uim") }).sorted().last
    else { return }
    let url = folder.appendingPathComponent(name)
    let file = try UIMFile(parsing: try Fixtures.bytes(of: url))
    let list = try WillDocRunner.run(["part", "--list", url.path])
    #expect(list.status == 0, "\(list.stderr)")
    let names = list.stdout.split(separator: "\n").dropFirst().compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(names == ["HEAD"] + file.chunks.map(\.id))
    let last = try #require(file.chunks.last)
    let extracted = try WillDocRunner.run(["part", url.path, last.id])
    #expect(extracted.stdoutBytes == last.payload)
  }

  /// `extract`, the command's former name, still works and is hidden: `willdoc --help` lists
  /// `part`, so that `pages extract` is the only extract it names.
  @Test func extractIsTheHiddenFormerName() throws {
    let riff = Self.path("handwriting-riff.will")
    let old = try WillDocRunner.run(["extract", riff, "INK"])
    let new = try WillDocRunner.run(["part", riff, "INK"])
    #expect(old.status == 0 && new.status == 0, "\(old.stderr)")
    #expect(!new.stdoutBytes.isEmpty && old.stdoutBytes == new.stdoutBytes)
    let help = try WillDocRunner.run(["--help"])
    #expect(help.stdout.contains("  part "), "\(help.stdout)")
    #expect(!help.stdout.contains("  extract "), "\(help.stdout)")
    let usage = try WillDocRunner.run(["extract", riff])
    #expect(usage.status == 64)
    #expect(usage.stderr.contains("name the part to write"), "\(usage.stderr)")
  }
}
