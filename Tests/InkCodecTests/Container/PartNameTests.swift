import InkCodec
import Testing

@Suite struct PartNameTests {
  /// The error `PartName(_:)` throws, or `nil` when it succeeds.
  private static func initError(_ raw: String) -> WillError? {
    do {
      _ = try PartName(raw)
      return nil
    } catch {
      return error
    }
  }

  /// The error `resolving(_:)` throws from `source`, or `nil` when it succeeds.
  private static func resolutionError(_ target: String, from source: String) throws -> WillError? {
    let part = try PartName(source)
    do {
      _ = try part.resolving(target)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Forms

  @Test(arguments: ["sections/section0.svg", "/sections/section0.svg"])
  func leadingSlashIsOptional(_ raw: String) throws {
    let name = try PartName(raw)
    #expect(name.description == "/sections/section0.svg")
    #expect(name.zipName == "sections/section0.svg")
    #expect("\(name)" == "/sections/section0.svg")
  }

  @Test func zipEntryNamesMustBeRelative() throws {
    #expect(try PartName(zipEntryName: "_rels/.rels") == .packageRelationships)
    let error = #expect(throws: WillError.self) { try PartName(zipEntryName: "/_rels/.rels") }
    #expect(error?.kind == .invalidPartName("/_rels/.rels"))
  }

  @Test(arguments: [
    "[Content_Types].xml", "_rels/.rels", "sections/media/strokes-184262055.protobuf",
    "sections/_rels/section0.svg.rels", "a", "a.b.c", "é/ü.xml", "a%20b.xml", "a/.hidden",
    "a\u{A0}b", "a\u{FDCF}", "a\u{FFFD}", "a\u{1F58A}.svg",
  ])
  func acceptsOrdinaryNames(_ raw: String) throws {
    #expect(try PartName(raw).zipName == raw)
  }

  /// A scalar Swift string literals refuse to spell (the U+FDD0…U+FDEF noncharacters).
  static func scalar(_ value: UInt32) -> String { String(Character(Unicode.Scalar(value)!)) }

  @Test(arguments: [
    "", "/", "//", "//a", "a//b", "a/", "/a/", ".", "..", "./a", "a/./b", "a/..", "../a",
    "a/../b", "a.", "a/b.", "a/.../b", "a\\b", "\\a", "a\u{0}b", "a\u{1}b", "a\u{7F}b", "a\nb",
    "a%2Fb", "a%2fb", "a%5Cb", "a%5c",
    // No IRI (and so no relationship target) can hold C1 controls or noncharacters, and XML
    // cannot carry U+FFFE or U+FFFF at all.
    "a\u{FFFE}b", "a\u{FFFF}", "a\u{85}b", "\u{80}", "a\u{9F}", "a" + Self.scalar(0xFDD0),
    "a" + Self.scalar(0xFDEF),
    "a\u{1FFFE}", "a/\u{10FFFF}.xml",
  ])
  func rejectsUnsafeNames(_ raw: String) {
    let error = Self.initError(raw)
    #expect(error?.kind == .invalidPartName(raw))
    #expect(error?.part == nil)
  }

  @Test func percentEscapesAreKeptAsWritten() throws {
    let escaped = try PartName("/a%41.xml")
    #expect(escaped.description == "/a%41.xml")
    #expect(escaped != (try PartName("/aA.xml")))
  }

  @Test func packageRelationshipsAndContentTypes() {
    #expect(PartName.packageRelationships.description == "/_rels/.rels")
    #expect(PartName.contentTypes.zipName == "[Content_Types].xml")
  }

  // MARK: Comparison

  @Test func comparisonIgnoresASCIICase() throws {
    let lower = try PartName("/sections/section0.svg")
    let upper = try PartName("Sections/SECTION0.svg")
    #expect(lower == upper)
    #expect(lower.hashValue == upper.hashValue)
    #expect(Set([lower, upper]).count == 1)
    #expect(upper.description == "/Sections/SECTION0.svg")
    #expect(upper.normalizedKey == "/sections/section0.svg")
    #expect(!(lower < upper) && !(upper < lower))
  }

  @Test func nonASCIILettersKeepTheirCase() throws {
    #expect(try PartName("/É.xml") != (try PartName("/é.xml")))
    #expect(try PartName("/É.XML").normalizedKey == "/É.xml")
  }

  @Test func orderingFollowsTheNormalizedKey() throws {
    let names = try ["/b.xml", "/C/d.xml", "/A.xml", "/_rels/.rels"].map { raw in
      try PartName(raw)
    }
    #expect(
      names.sorted().map(\.description) == ["/_rels/.rels", "/A.xml", "/b.xml", "/C/d.xml"])
  }

  // MARK: Components

  @Test(arguments: [
    ("/sections/section0.svg", "/sections/", "section0.svg", "svg"),
    ("/_rels/.rels", "/_rels/", ".rels", "rels"),
    ("/[Content_Types].xml", "/", "[Content_Types].xml", "xml"),
    ("/sections/media/Paths.PROTOBUF", "/sections/media/", "Paths.PROTOBUF", "protobuf"),
    ("/README", "/", "README", ""),
    ("/a.b/c", "/a.b/", "c", ""),
    ("/a.tar.gz", "/", "a.tar.gz", "gz"),
  ])
  func components(_ raw: String, directory: String, fileName: String, fileExtension: String)
    throws
  {
    let name = try PartName(raw)
    #expect(name.directory == directory)
    #expect(name.fileName == fileName)
    #expect(name.fileExtension == fileExtension)
  }

  @Test(arguments: [
    ("/sections/section0.svg", "/sections/_rels/section0.svg.rels"),
    ("/a.xml", "/_rels/a.xml.rels"),
    ("/sections/media/paths.protobuf", "/sections/media/_rels/paths.protobuf.rels"),
  ])
  func relationshipsPart(_ raw: String, expected: String) throws {
    #expect(try PartName(raw).relationshipsPart.description == expected)
  }

  // MARK: Resolution

  @Test(arguments: [
    ("/sections/section0.svg", "/sections/media/paths.protobuf", "/sections/media/paths.protobuf"),
    ("/sections/section0.svg", "media/paths.protobuf", "/sections/media/paths.protobuf"),
    ("/sections/section0.svg", "./media/paths.protobuf", "/sections/media/paths.protobuf"),
    ("/sections/section0.svg", "media/./paths.protobuf", "/sections/media/paths.protobuf"),
    ("/sections/section0.svg", "../style/paints.protobuf", "/style/paints.protobuf"),
    ("/sections/section0.svg", "media/../image0.png", "/sections/image0.png"),
    ("/sections/a/b/c.svg", "../../x.xml", "/sections/x.xml"),
    ("/a.xml", "b/c.xml", "/b/c.xml"),
  ])
  func resolvesTargets(source: String, target: String, expected: String) throws {
    #expect(try PartName(source).resolving(target).description == expected)
  }

  @Test(arguments: [
    "../../escape.xml", "../../../x", "", "media/", "media/.", "media/..", ".", "..",
    "media//x", "media\\x", "/abs/../x", "//host/x", "media/x.", "http://example.com/x",
  ])
  func rejectsBadTargets(_ target: String) throws {
    let error = try Self.resolutionError(target, from: "/sections/section0.svg")
    #expect(error?.kind == .invalidPartName(target))
    #expect(error?.part == "/sections/_rels/section0.svg.rels")
  }

  @Test func resolvesPackageTargetsAgainstTheRoot() throws {
    #expect(
      try PartName.resolving(packageTarget: "props/core.xml").description == "/props/core.xml")
    #expect(
      try PartName.resolving(packageTarget: "/sections/section0.svg").description
        == "/sections/section0.svg")
    let error = #expect(throws: WillError.self) {
      try PartName.resolving(packageTarget: "../props/core.xml")
    }
    #expect(error?.kind == .invalidPartName("../props/core.xml"))
    #expect(error?.part == "/_rels/.rels")
  }

  @Test func resolvedNamesCompareWithoutCase() throws {
    let resolved = try PartName("/sections/section0.svg").resolving("MEDIA/Paths.protobuf")
    #expect(resolved == (try PartName("/sections/media/paths.protobuf")))
    #expect(resolved.description == "/sections/MEDIA/Paths.protobuf")
  }
}
