import Foundation
import InkCodec
import InkTestSupport
import Testing

/// Pictures in bulk: `convert IN… -d DIR --to png|svg|pdf` as the document conversions batch
/// (folders walked, a bad input reported once, the summary, exit status, `--skip-existing`),
/// numbered files that sort in section order, and `render IN… -o book.pdf` with a bookmark
/// per input.
@Suite struct BatchPictureTests {
  static let valid = Fixtures.sampleDocuments.appendingPathComponent("valid")
  static let sections = valid.appendingPathComponent("sections-transforms.will").path

  /// A folder of the valid samples and one truncated note.
  static func notes(in directory: TemporaryDirectory) throws -> (folder: URL, broken: URL) {
    let folder = directory.file("notes")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["handwriting-opc.will", "handwriting-riff.will", "sections-transforms.will"] {
      try FileManager.default.copyItem(
        at: valid.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    let whole = try Fixtures.bytes(of: valid.appendingPathComponent("handwriting-opc.will"))
    let broken = folder.appendingPathComponent("broken.will")
    try Data(whole.prefix(whole.count / 2)).write(to: broken)
    return (folder, broken)
  }

  @Test(arguments: ["png", "svg", "pdf"])
  func aFolderOfNotesToPictures(_ format: String) throws {
    let directory = try TemporaryDirectory()
    let (folder, broken) = try Self.notes(in: directory)
    let out = directory.file("out")
    let result = try WillDocRunner.run([
      "convert", folder.path, "-d", out.path, "--to", format, "-j", "2",
    ])
    #expect(result.status == 1, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.last == "4 inputs: 3 converted, 1 failed, 0 skipped", "\(result.stdout)")
    // The failure's reason once, on standard error; the summary names its code.
    let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("willdoc: error:") }
    #expect(errors.count == 1 && errors[0].hasPrefix("willdoc: error: \(broken.path): "))
    #expect(lines.contains { $0.hasPrefix("failed     \(broken.path)  (") }, "\(result.stdout)")
    // A file per section for PNG and SVG, one PDF per note; nothing for the broken one.
    let expected =
      format == "pdf"
      ? ["handwriting-opc.pdf", "handwriting-riff.pdf", "sections-transforms.pdf"]
      : [
        "handwriting-opc", "handwriting-riff", "sections-transforms-0", "sections-transforms-1",
        "sections-transforms-2",
      ].map { "\($0).\(format)" }
    let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(written == expected)
    for name in written {
      let path = out.appendingPathComponent(name).path
      switch format {
      case "png":
        let bytes = try Fixtures.bytes(of: URL(fileURLWithPath: path))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
      case "svg":
        if ExternalTool.isUsable("rsvg-convert") {
          try ExternalTool.run("rsvg-convert", ["-o", directory.file("check.png").path, path])
        }
      default:
        if ExternalTool.isUsable("qpdf") { try ExternalTool.run("qpdf", ["--check", path]) }
      }
    }
    // The same pictures as render draws them.
    let rendered = directory.file("rendered.\(format)")
    let render = try WillDocRunner.run([
      "render", folder.appendingPathComponent("handwriting-opc.will").path, "-o", rendered.path,
    ])
    #expect(render.status == 0, "\(render.stderr)")
    #expect(
      try Data(contentsOf: rendered)
        == Data(contentsOf: out.appendingPathComponent("handwriting-opc.\(format)")))
  }

  /// A second run with --skip-existing skips every input whose outputs are there, and writes
  /// nothing; a removed output is made again.
  @Test func skipExistingResumesABatch() throws {
    let directory = try TemporaryDirectory()
    let (folder, broken) = try Self.notes(in: directory)
    try FileManager.default.removeItem(at: broken)
    let out = directory.file("out")
    let first = try WillDocRunner.run(["convert", folder.path, "-d", out.path, "--to", "png"])
    #expect(first.status == 0, "\(first.stderr)")
    let again = try WillDocRunner.run(["convert", folder.path, "-d", out.path, "--to", "png"])
    #expect(again.status == 1, "without --skip-existing every output is refused")
    try FileManager.default.removeItem(at: out.appendingPathComponent("sections-transforms-1.png"))
    let resumed = try WillDocRunner.run([
      "convert", folder.path, "-d", out.path, "--to", "png", "--skip-existing", "--format",
      "json",
    ])
    #expect(resumed.status == 1, "\(resumed.stdout)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(resumed.stdout.utf8)) as? [String: Any])
    let files = try #require(summary["files"] as? [[String: Any]])
    #expect(
      files.map { $0["status"] as? String } == ["skipped", "skipped", "failed"], "\(resumed.stdout)"
    )
    #expect(
      files.map { ($0["error"] as? [String: String])?["code"] } == [
        "skipped-existing", "skipped-existing", "output-exists",
      ])
    #expect(
      files[1]["outputs"] as? [String] == [out.appendingPathComponent("handwriting-riff.png").path])
    // A note with some outputs missing is drawn again: with --force, all of it.
    let forced = try WillDocRunner.run([
      "convert", folder.path, "-d", out.path, "--to", "png", "--skip-existing", "--force", "-q",
    ])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(forced.stdout == "3 inputs: 1 converted, 0 failed, 2 skipped\n")
    #expect(
      FileManager.default.fileExists(
        atPath: out.appendingPathComponent("sections-transforms-1.png").path))
  }

  /// Past ten sections the numbers are zero-padded, so that names sort in section order.
  @Test func numbersArePaddedToSortInOrder() throws {
    let directory = try TemporaryDirectory()
    let merged = directory.file("twelve.will").path
    let merge = try WillDocRunner.run(
      ["pages", "merge", Self.sections, Self.sections, Self.sections, Self.sections, "-o", merged])
    #expect(merge.status == 0, "\(merge.stderr)")
    let render = try WillDocRunner.run(["render", merged, "-o", directory.file("p.svg").path])
    #expect(render.status == 0, "\(render.stderr)")
    let convert = try WillDocRunner.run([
      "convert", merged, "-d", directory.file("out").path, "--to", "svg", "-q",
    ])
    #expect(convert.status == 0, "\(convert.stderr)")
    let numbered = (0..<12).map { String(format: "%02d", $0) }
    let rendered = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      .filter { $0.hasPrefix("p-") }.sorted()
    #expect(rendered == numbered.map { "p-\($0).svg" })
    let converted = try FileManager.default.contentsOfDirectory(
      atPath: directory.file("out").path
    ).sorted()
    #expect(converted == numbered.map { "twelve-\($0).svg" })
  }

  /// Several documents go into one PDF, in the order given, each section a page of its own
  /// size, with a bookmark per document that opens its first page.
  @Test func severalDocumentsMakeOneBook() throws {
    let directory = try TemporaryDirectory()
    let inputs = ["handwriting-opc.will", "sections-transforms.will", "handwriting-riff.will"]
      .map { Self.valid.appendingPathComponent($0).path }
    let book = directory.file("book.pdf").path
    let result = try WillDocRunner.run(["render"] + inputs + ["-o", book])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("wrote \(book)  5 pages from 3 documents"), "\(result.stdout)")
    // Each document alone, for the page sizes.
    var sizes: [[Double]] = []
    for input in inputs {
      let single = directory.file("single.pdf").path
      let one = try WillDocRunner.run(["render", input, "-o", single, "--force"])
      #expect(one.status == 0, "\(one.stderr)")
      sizes += try Self.pageSizes(single)
    }
    #expect(try Self.pageSizes(book) == sizes)
    guard ExternalTool.isUsable("qpdf") else { return }
    try ExternalTool.run("qpdf", ["--check", book])
    let json = try JSONSerialization.jsonObject(
      with: try ExternalTool.run("qpdf", ["--json", "--json-key=outlines", book]))
    let outlines = try #require((json as? [String: Any])?["outlines"] as? [[String: Any]])
    #expect(
      outlines.map { $0["title"] as? String }
        == ["handwriting-opc.will", "sections-transforms.will", "handwriting-riff.will"])
    #expect(outlines.map { $0["destpageposfrom1"] as? Int } == [1, 2, 5])
  }

  /// Other formats take one document: several are a usage error that names the way.
  @Test func severalDocumentsNeedAPDF() throws {
    let result = try WillDocRunner.run([
      "render", Self.sections, Self.sections, "-o", "/tmp/never.png",
    ])
    #expect(result.status == 64)
    #expect(result.stderr.contains("convert IN… -d DIR --to png"), "\(result.stderr)")
  }

  /// Every page's MediaBox width and height, in order, read from the PDF's text.
  static func pageSizes(_ path: String) throws -> [[Double]] {
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    var sizes: [[Double]] = []
    var rest = text[...]
    while let range = rest.range(of: "/MediaBox[") {
      let numbers = rest[range.upperBound...].prefix { $0 != "]" }
        .split(separator: " ").compactMap { Double($0) }
      sizes.append(Array(numbers.suffix(2)))
      rest = rest[range.upperBound...]
    }
    return sizes
  }
}
