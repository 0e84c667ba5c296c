import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// `willdoc pages`: list, extract, delete, reorder, rotate, split and merge, and the usage
/// errors of each, on the project's sample documents.
@Suite struct PagesCommandTests {
  static let valid = Fixtures.sampleDocuments.appendingPathComponent("valid")
  static let pages = path("sections-transforms.will")
  static let riff = path("handwriting-riff.will")

  static func path(_ name: String) -> String { valid.appendingPathComponent(name).path }

  static func document(_ path: String) throws -> WillDocument {
    try WillDocument(parsing: try Fixtures.bytes(of: URL(fileURLWithPath: path)))
  }

  /// Expects a usage error: exit 64, one `willdoc: error:` line containing `text`, nothing
  /// on standard output.
  static func expectUsageError(
    _ arguments: [String], _ text: String, in directory: URL? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try WillDocRunner.run(arguments, in: directory)
    #expect(result.status == 64, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    let lines = result.stderr.split(separator: "\n")
    #expect(
      lines.first?.hasPrefix("willdoc: error: ") == true && lines[0].contains(text),
      "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stdoutBytes.isEmpty, sourceLocation: sourceLocation)
  }

  @Test func listShowsEachPageWithItsSizeAndTurn() throws {
    let result = try WillDocRunner.run(["pages", "list", Self.pages])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.split(separator: "\n").map(String.init) == [
        "section  part                    page        orientation  turned  background  paths  strokes",
        "      0  /sections/section0.svg  592 × 864   portrait     other   #FFFFFFFF       1        8",
        "      1  /sections/section1.svg  1188 × 864  landscape    270     #FFFFFFFF       1       13",
        "      2  /sections/section2.svg  864 × 1188  portrait     -       #FFFF00FF       2       13",
      ])
    let json = try WillDocRunner.run(["pages", "list", "--format", "json", Self.pages])
    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
    #expect(object["schema"] as? Int == 1 && object["container"] as? String == "opc")
    let sections = try #require(object["sections"] as? [[String: Any]])
    #expect(sections.map { $0["index"] as? Int } == [0, 1, 2])
    #expect(sections.map { $0["turned"] as? Int } == [nil, 270, 0])
    #expect(sections.map { $0["width"] as? Double } == [592, 1188, 864])
    #expect(sections.map { $0["strokes"] as? Int } == [8, 13, 13])
    let riff = try WillDocRunner.run(["pages", "list", Self.riff])
    #expect(riff.status == 0, "\(riff.stderr)")
    #expect(riff.stdout.split(separator: "\n").count == 2)
  }

  @Test func extractDeleteAndReorderWriteTheChosenPagesInOrder() throws {
    let directory = try TemporaryDirectory()
    let original = try Self.document(Self.pages)
    let cases: [([String], [Int])] = [
      (["extract", Self.pages, "--section", "2,0"], [2, 0]),
      (["extract", Self.pages, "--section", "1-2"], [1, 2]),
      (["delete", Self.pages, "--section", "1"], [0, 2]),
      (["reorder", Self.pages, "--order", "2,0-1"], [2, 0, 1]),
    ]
    for (index, (arguments, order)) in cases.enumerated() {
      let output = directory.file("out\(index).will")
      let result = try WillDocRunner.run(["pages"] + arguments + ["-o", output.path])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout.hasPrefix("wrote \(output.path)  \(order.count) sections  "))
      let written = try Self.document(output.path)
      #expect(written.sections.map(\.strokes) == order.map { original.sections[$0].strokes })
      #expect(written.sections.map(\.pageSize) == order.map { original.sections[$0].pageSize })
      #expect(written.properties == original.properties)
    }
  }

  @Test func rotateTurnsPagesAndItsOppositeTurnsThemBack() throws {
    let directory = try TemporaryDirectory()
    let original = try Self.document(Self.pages)
    let turned = directory.file("turned.will")
    let result = try WillDocRunner.run([
      "pages", "rotate", Self.pages, "--section", "1", "--by", "90", "-o", turned.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let document = try Self.document(turned.path)
    // The landscape page's ink is stored portrait under a quarter turn: turned back, the
    // page is portrait and the ink needs no transform.
    #expect(document.sections[1].pageSize == PageSize(width: 864, height: 1188))
    #expect(document.sections[1].pathsElements.map(\.transform) == [.identity])
    #expect(document.sections[1].strokes == original.sections[1].strokes)
    #expect(document.sections[0] == original.sections[0])
    #expect(document.sections[2] == original.sections[2])
    let back = directory.file("back.will")
    let undo = try WillDocRunner.run([
      "pages", "rotate", turned.path, "--section", "1", "--by", "-90", "-o", back.path,
    ])
    #expect(undo.status == 0, "\(undo.stderr)")
    let restored = try Self.document(back.path)
    #expect(restored.sections[1].pageSize == original.sections[1].pageSize)
    #expect(
      restored.sections[1].pathsElements.map(\.transform)
        == original.sections[1].pathsElements.map(\.transform))
    // Every page by default, in place.
    let copy = directory.file("copy.will")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.pages), to: copy)
    let all = try WillDocRunner.run(["pages", "rotate", copy.path, "--by", "180", "--in-place"])
    #expect(all.status == 0, "\(all.stderr)")
    let upsideDown = try Self.document(copy.path)
    #expect(upsideDown.sections.map(\.pageSize) == original.sections.map(\.pageSize))
    #expect(upsideDown.sections.map(\.strokes) == original.sections.map(\.strokes))
    for (section, before) in zip(upsideDown.sections, original.sections) {
      let page = try #require(before.pageSize)
      let turn = PageRotation.clockwise180.transform(
        x: 0, y: 0, width: page.width, height: page.height)
      #expect(
        section.pathsElements.map(\.transform)
          == before.pathsElements.map { turn.concatenating($0.transform) })
    }
  }

  @Test func splitWritesOnePackagePerPageNumberedFromZero() throws {
    let directory = try TemporaryDirectory()
    let original = try Self.document(Self.pages)
    let folder = directory.file("pages")
    let result = try WillDocRunner.run(["pages", "split", Self.pages, "-d", folder.path])
    #expect(result.status == 0, "\(result.stderr)")
    for index in original.sections.indices {
      let page = try Self.document(
        folder.appendingPathComponent("sections-transforms-\(index).will").path)
      #expect(page.sections == [original.sections[index]])
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 3)
    try Self.expectUsageError(
      ["pages", "split", Self.pages, "-d", folder.path], "sections-transforms-0.will exists")
    let forced = try WillDocRunner.run([
      "pages", "split", Self.pages, "-d", folder.path, "--force", "--prefix", "p",
    ])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("p-2.will").path))
  }

  @Test func mergeJoinsPackagesAndRIFFFilesPageByPage() throws {
    let directory = try TemporaryDirectory()
    let output = directory.file("merged.will")
    let result = try WillDocRunner.run([
      "pages", "merge", Self.pages, Self.riff, Self.path("image.will"), Self.pages, "-o",
      output.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let merged = try Self.document(output.path)
    let pages = try Self.document(Self.pages)
    let riff = try Self.document(Self.riff)
    let image = try Self.document(Self.path("image.will"))
    #expect(
      merged.sections.map(\.strokes)
        == pages.sections.map(\.strokes) + [riff.strokes] + image.sections.map(\.strokes)
        + pages.sections.map(\.strokes))
    #expect(merged.sections[4].images.map(\.data) == image.sections[0].images.map(\.data))
    let names = merged.sections.compactMap(\.partName)
    #expect(Set(names).count == 8)
  }

  @Test func badListsAndSectionsPastTheEndAreUsageErrors() throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("out.will").path
    for (list, text) in [
      ("", "give section numbers"), ("a", "is not a section number"),
      ("1-", "is not a section number"), ("2-1", "runs backwards; write 1-2"),
      ("-1", "is negative"), ("1,,2", "an empty item"), ("-o", "-o is not a section number"),
      ("0,0", "names section 0 twice"),
    ] {
      try Self.expectUsageError(
        ["pages", "extract", Self.pages, "--section", list, "-o", out], "--section \(list)")
      try Self.expectUsageError(
        ["pages", "extract", Self.pages, "--section", list, "-o", out], text)
    }
    try Self.expectUsageError(
      ["pages", "extract", Self.pages, "--section", "0,3", "-o", out],
      "--section 3 is past the last section (the document has 3, counted from 0)")
    try Self.expectUsageError(
      ["pages", "delete", Self.pages, "--section", "5", "-o", out], "--section 5 is past")
    try Self.expectUsageError(
      ["pages", "rotate", Self.pages, "--section", "9", "--by", "90", "-o", out],
      "--section 9 is past")
    try Self.expectUsageError(
      ["pages", "reorder", Self.pages, "--order", "0,1,3", "-o", out], "--order 3 is past")
    try Self.expectUsageError(
      ["pages", "reorder", Self.pages, "--order", "2,0", "-o", out], "leaves out section 1")
    try Self.expectUsageError(
      ["pages", "delete", Self.pages, "--section", "0-2", "-o", out], "names every page")
    try Self.expectUsageError(
      ["pages", "rotate", Self.pages, "--by", "45", "-o", out], "--by 45: give a multiple of 90")
    try Self.expectUsageError(["pages", "merge", Self.pages, "-o", out], "at least two")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func riffAndUIMInputsSayWhatCannotBeDone() throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("out.will").path
    for arguments in [
      ["extract", Self.riff, "--section", "0", "-o", out],
      ["delete", Self.riff, "--section", "0", "-o", out],
      ["reorder", Self.riff, "--order", "0", "-o", out],
      ["rotate", Self.riff, "--by", "90", "-o", out],
      ["split", Self.riff, "-d", directory.file("split").path],
    ] {
      try Self.expectUsageError(
        ["pages"] + arguments,
        "is a RIFF file, which holds one page and no sections, so there are no pages to "
          + arguments[0])
    }
    try Self.expectUsageError(
      ["pages", "rotate", Self.path("handwriting.will.bin"), "--by", "90", "-o", out],
      "is a raw paths stream")
    let uim = directory.file("notes.uim")
    let converted = try WillDocRunner.run(["convert", Self.pages, "-o", uim.path])
    #expect(converted.status == 0, "\(converted.stderr)")
    try Self.expectUsageError(
      ["pages", "list", uim.path], "is a UIM file: willdoc pages works on WILL 2 documents")
    try Self.expectUsageError(
      ["pages", "merge", Self.pages, uim.path, "-o", out], "convert it first")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func outputsAreNeverReplacedWithoutForceNorTheInputWithoutInPlace() throws {
    let directory = try TemporaryDirectory()
    let existing = directory.file("existing.will")
    try Data("keep me".utf8).write(to: existing)
    for arguments in [
      ["extract", Self.pages, "--section", "0"], ["delete", Self.pages, "--section", "0"],
      ["reorder", Self.pages, "--order", "2,1,0"], ["rotate", Self.pages, "--by", "90"],
      ["merge", Self.pages, Self.riff],
    ] {
      try Self.expectUsageError(
        ["pages"] + arguments + ["-o", existing.path], "existing.will exists; add --force")
      #expect(try String(contentsOf: existing, encoding: .utf8) == "keep me")
    }
    let forced = try WillDocRunner.run([
      "pages", "extract", Self.pages, "--section", "0", "-o", existing.path, "--force",
    ])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try Self.document(existing.path).sections.count == 1)
    // A device is written to, not replaced: no --force needed.
    let null = try WillDocRunner.run([
      "pages", "extract", Self.pages, "--section", "0", "-o", "/dev/null",
    ])
    #expect(null.status == 0, "\(null.stderr)")
    let copy = directory.file("copy.will")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.pages), to: copy)
    try Self.expectUsageError(
      ["pages", "delete", copy.path, "--section", "0", "-o", copy.path], "is the input file")
    try Self.expectUsageError(
      ["pages", "merge", copy.path, Self.riff, "-o", copy.path], "is an input file")
    let inPlace = try WillDocRunner.run([
      "pages", "delete", copy.path, "--section", "0", "--in-place",
    ])
    #expect(inPlace.status == 0, "\(inPlace.stderr)")
    #expect(try Self.document(copy.path).sections.count == 2)
    try Self.expectUsageError(
      ["pages", "extract", Self.pages, "--section", "0"], "give the output file")
  }

  @Test func standardInputAndOutputWork() throws {
    let result = try WillDocRunner.run(
      ["pages", "extract", "-", "--section", "1", "-o", "-"],
      stdin: URL(fileURLWithPath: Self.pages))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("wrote -  1 section  13 strokes"))
    let page = try WillDocument(parsing: result.stdoutBytes)
    #expect(page.sections == [try Self.document(Self.pages).sections[1]])
  }
}
