import Foundation
import InkTestFixtures
import Testing

@testable import InkCodec

/// A part referenced from many places is decoded once, stored once, saved once, and charged
/// once per reference against the limits.
@Suite struct SharedPartsTests {
  static let pathsPart = "/sections/media/p.protobuf"
  static let pathsType = WillRelationshipType.paths

  static let strokes: [Stroke] = [
    Stroke(
      points: (0..<10).map { InkPoint(x: Double($0), y: Double($0) * 2) }, widths: [1.5]),
    Stroke(points: (0..<5).map { InkPoint(x: 100, y: Double($0)) }, widths: [2]),
  ]
  static var strokePoints: Int { strokes.reduce(0) { $0 + $1.pointCount } }

  /// One section including the paths part `references` times (by one relationship id), the
  /// section included `sections` times by the package.
  static func document(references: Int, sections: Int = 1) throws -> [UInt8] {
    try Attack.package(
      sections: [
        Attack.Section(
          body: String(repeating: "<g r:id=\"p\"/>", count: references),
          relationships: [("p", pathsType, pathsPart)])
      ], sectionCopies: sections,
      parts: [(pathsPart, try PathsStream(strokes: strokes).serialized())])
  }

  @Test func aSharedPathsPartIsDecodedOnceAndSharedByEveryElement() throws {
    let document = try WillDocument(parsing: try Self.document(references: 3, sections: 2))
    #expect(document.sections.count == 2)
    let elements = document.sections.flatMap(\.pathsElements).map(\.element)
    #expect(elements.count == 6)
    #expect(elements.allSatisfy { $0.strokes == Self.strokes && $0.partName == Self.pathsPart })
    // Copy-on-write storage: every element holds the same buffer, not a copy.
    let buffers = Set(
      elements.map { $0.strokes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } })
    #expect(buffers.count == 1)
    #expect(document.pointCount == 6 * Self.strokePoints)
  }

  @Test func everyReferenceIsChargedAgainstThePointAndStrokeLimits() throws {
    let bytes = try Self.document(references: 4)
    let points = 4 * Self.strokePoints
    _ = try WillDocument(parsing: bytes, limits: DecodingLimits(maxTotalPoints: points))
    let error = #expect(throws: WillError.self) {
      try WillDocument(parsing: bytes, limits: DecodingLimits(maxTotalPoints: points - 1))
    }
    #expect(error?.kind == .limitExceeded(.totalPoints, value: points, limit: points - 1))
    let strokes = #expect(throws: WillError.self) {
      try WillDocument(parsing: bytes, limits: DecodingLimits(maxStrokes: 7))
    }
    #expect(strokes?.kind == .limitExceeded(.strokes, value: 8, limit: 7))
  }

  @Test func referencesSectionsAndElementsHaveLimitsOfTheirOwn() throws {
    let bytes = try Self.document(references: 5, sections: 3)
    // Per section: <svg> and five <g r:id>; every section copy counts again.
    let read = try WillDocument(
      parsing: bytes, limits: DecodingLimits(maxSections: 3, maxElements: 18, maxReferences: 15))
    #expect(read.sections.count == 3)
    let cases: [(DecodingLimits, DecodingLimits.Limit, Int)] = [
      (DecodingLimits(maxSections: 2), .sections, 3),
      (DecodingLimits(maxElements: 17), .elements, 18),
      (DecodingLimits(maxReferences: 14), .references, 15),
    ]
    for (limits, limit, value) in cases {
      let error = #expect(throws: WillError.self) {
        try WillDocument(parsing: bytes, limits: limits)
      }
      #expect(error?.kind == .limitExceeded(limit, value: value, limit: limits[limit]))
      #expect(error?.part == "/sections/section0.svg")
    }
  }

  @Test func aSharedPartIsSavedOnce() throws {
    let document = try WillDocument(parsing: try Self.document(references: 3, sections: 2))
    let saved = try document.serialized()
    let names = try ZipArchive.read(saved).map(\.name.description)
    #expect(names.filter { $0.hasSuffix(".protobuf") } == [Self.pathsPart])
    #expect(names.filter { $0.hasSuffix(".svg") } == ["/sections/section0.svg"])
    let reread = try WillDocument(parsing: saved)
    #expect(reread == document)
    #expect(reread.sections.flatMap(\.pathsElements).count == 6)
    // Saving again changes nothing: the sharing survives round trips.
    #expect(try reread.serialized() == saved)
  }

  @Test func anEditedCopyOfASharedPartIsSavedAsAPartOfItsOwn() throws {
    var document = try WillDocument(parsing: try Self.document(references: 2))
    guard case .paths(var element) = document.sections[0].nodes[1] else {
      Issue.record("expected a paths element")
      return
    }
    element.strokes.removeLast()
    document.sections[0].nodes[1] = .paths(element)
    let reread = try WillDocument(parsing: try document.serialized())
    let elements = reread.sections[0].pathsElements.map(\.element)
    #expect(elements.map(\.strokes.count) == [2, 1])
    #expect(Set(elements.compactMap(\.partName)).count == 2)
  }

  @Test func theReaderRecordsEachPartAsStored() throws {
    let bytes = try Self.document(references: 1)
    let document = try WillDocument(parsing: bytes)
    let entries = try ZipArchive.read(bytes)
    #expect(document.containerParts.map(\.name) == entries.map(\.name.description))
    #expect(document.containerParts.map(\.size) == entries.map(\.data.count))
    #expect(document.containerParts.map(\.crc32) == entries.map(\.crc32))
    #expect(document.containerParts.allSatisfy { $0.storage == .deflate })
    let riff = try WillDocument(parsing: try document.serialized(container: .riff))
    #expect(riff.containerParts.map(\.name) == ["HEAD", "INK "])
    #expect(riff.containerParts.allSatisfy { $0.storage == .chunk })
    let raw = try WillDocument(parsing: try document.serialized(container: .raw))
    #expect(raw.containerParts.map(\.storage) == [.stream])
  }

  @Test func repeatsOfOneWarningAreSummarised() throws {
    let empty = [UInt8](repeating: 0, count: 250)  // 250 empty records
    let document = try WillDocument(
      parsing: try Attack.package(
        sections: [
          Attack.Section(
            body: "<g r:id=\"p\"/>", relationships: [("p", Self.pathsType, Self.pathsPart)])
        ], parts: [(Self.pathsPart, empty)]))
    let all = document.validate(maximumRepeats: .max)
    #expect(all.filter { $0.code == "no-width" }.count == 250)
    let capped = document.validate(maximumRepeats: 10)
    let noWidth = capped.filter { $0.code == "no-width" }
    #expect(noWidth.count == 11)
    #expect(noWidth.prefix(10).allSatisfy { $0.occurrences == 1 && $0.strokeIndex != nil })
    #expect(noWidth.last?.occurrences == 240 && noWidth.last?.strokeIndex == nil)
    #expect(capped.map(\.occurrences).reduce(0, +) == all.count)
  }

  /// Kept content whose `r:` prefix is not the WILL relationships namespace (unbound, as in a
  /// damaged part) keeps its meaning when saved: the writer binds the namespace to a prefix
  /// the content does not use, so the kept element never becomes an include.
  @Test func keptContentNeverTurnsIntoAnInclude() throws {
    var element = PathsElement(strokes: Self.strokes)
    element.relationshipID = "rId0"
    let kept = UnmodelledNode(
      .element(XMLElement("g", attributes: [XMLAttribute("r:id", "rId0")], children: [])))
    let document = WillDocument(sections: [Section(nodes: [.paths(element), .unmodelled(kept)])])
    let saved = try document.serialized()
    let svg = try #require(
      try ZipArchive.read(saved).first { $0.name.description.hasSuffix(".svg") })
    #expect(String(decoding: svg.data, as: UTF8.self).contains("xmlns:r1="))
    let reread = try WillDocument(parsing: saved)
    #expect(reread.strokes == document.strokes)
    #expect(reread.sections[0].pathsElements.count == 1)
  }
}
