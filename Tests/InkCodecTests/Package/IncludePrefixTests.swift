import Foundation
import InkTestFixtures
import Testing

@testable import InkCodec

/// Saving writes each include (`p:id`) with a prefix that names the WILL relationships
/// namespace where the element stands, even when a group or the element itself rebinds the
/// root's prefix: the saved file reads back with the same includes, and nothing traps.
@Suite struct IncludePrefixTests {
  static let will = "http://schemas.willfileformat.org/2015/relationships"
  static let pathsPart = "/sections/media/p.protobuf"
  static let strokes = [
    Stroke(points: (0..<6).map { InkPoint(x: Double($0), y: 1) }, widths: [1])
  ]

  static func document(_ body: String) throws -> WillDocument {
    try WillDocument(
      parsing: try Attack.package(
        sections: [
          Attack.Section(
            body: body, relationships: [("p", WillRelationshipType.paths, pathsPart)])
        ], parts: [(pathsPart, try PathsStream(strokes: strokes).serialized())]))
  }

  static func roundTrip(_ document: WillDocument, includes: Int) throws {
    let saved = try document.serialized()
    let reread = try WillDocument(parsing: saved)
    #expect(reread.sections[0].pathsElements.count == includes)
    #expect(reread.strokes == document.strokes)
    #expect(try reread.serialized() == saved)
  }

  @Test(arguments: [
    // A group rebinds r; the include declares its own prefix.
    "<g xmlns:r=\"urn:other\"><g xmlns:w=\"\(will)\" w:id=\"p\"/></g>",
    // The include rebinds r itself, keeps an r:id of the other namespace, and uses w.
    "<g xmlns:r=\"urn:other\" r:id=\"kept\" xmlns:w=\"\(will)\" w:id=\"p\"/>",
    // Both at once, twice.
    "<g xmlns:r=\"urn:a\"><g xmlns:r=\"urn:b\" r:id=\"x\" xmlns:q=\"\(will)\" q:id=\"p\"/></g><g r:id=\"p\"/>",
    // One namespace under two prefixes at once.
    "<g xmlns:a=\"\(will)\" xmlns:b=\"\(will)\"><g a:id=\"p\"/><g b:id=\"p\"/></g>",
    // Kept content uses the rebound r; the include beside it uses another prefix.
    "<g xmlns:r=\"urn:other\"><text r:note=\"1\">hi</text><g xmlns:w=\"\(will)\" w:id=\"p\"/></g>",
    // The default namespace undeclared and redeclared around an include.
    "<g xmlns=\"\"><desc>plain</desc></g><g xmlns=\"http://www.w3.org/2000/svg\"><g r:id=\"p\"/></g>",
    // Deep rebinding chain: r changes meaning at every level, back to WILL at the bottom.
    "<g xmlns:r=\"urn:1\"><g xmlns:r=\"urn:2\"><g xmlns:r=\"\(will)\"><g r:id=\"p\"/></g></g></g>",
    // A prefix that looks like r (r1, the writer's first fresh name) already in use.
    "<g xmlns:r1=\"urn:taken\" r1:x=\"1\"><g xmlns:r=\"urn:other\"><g xmlns:w=\"\(will)\" w:id=\"p\"/></g></g>",
  ])
  func rebindingsReadBackTheSameIncludes(body: String) throws {
    let document = try Self.document(body)
    let expected = body.components(separatedBy: ":id=\"p\"").count - 1
    #expect(document.sections[0].pathsElements.count == expected)
    try Self.roundTrip(document, includes: expected)
  }

  /// A group rebinds `r`: the root binds the namespace to a prefix nothing else uses, or, when
  /// the root already binds `r` to it, the include declares a fresh prefix of its own.
  @Test(arguments: [false, true])
  func anIncludeWhereNoPrefixNamesTheNamespaceDeclaresOne(rootBindsR: Bool) throws {
    var group = SectionGroup(children: [.paths(PathsElement(strokes: Self.strokes))])
    group.attributes = [XMLAttribute("xmlns:r", "urn:other")]
    var section = Section(nodes: [.group(group)])
    if rootBindsR { section.svgAttributes = [XMLAttribute("xmlns:r", Self.will)] }
    let saved = try WillDocument(sections: [section]).serialized()
    let svg = try #require(
      try ZipArchive.read(saved).first { $0.name.description.hasSuffix(".svg") })
    let text = String(decoding: svg.data, as: UTF8.self)
    #expect(
      text.contains(
        rootBindsR
          ? "<g xmlns:r1=\"\(Self.will)\" r1:id=\"rId0\"/>"
          : "xmlns:r1=\"\(Self.will)\"><g xmlns:r=\"urn:other\"><g r1:id=\"rId0\"/>"),
      "\(text)")
    try Self.roundTrip(try WillDocument(parsing: saved), includes: 1)
  }
}
