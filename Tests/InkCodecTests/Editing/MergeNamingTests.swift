import Testing

@testable import InkCodec

/// Fresh part names in a merge of many copies: the next free number of each name, the same
/// names as probing from 1 gave, found without probing every earlier one.
@Suite struct MergeNamingTests {
  static func page() throws -> WillDocument {
    let strokes = (0..<3).map { index in
      Stroke(
        points: [InkPoint(x: Double(index), y: 1), InkPoint(x: Double(index) + 5, y: 6)],
        widths: [1])
    }
    let document = WillDocument(strokes: strokes, pageWidth: 100, pageHeight: 100)
    return try WillDocument(parsing: document.serialized(container: .opc))
  }

  @Test func copiesTakeTheNextNumbers() throws {
    let page = try Self.page()
    let section = try #require(page.sections[0].partName)
    let merged = try WillDocument(merging: Array(repeating: page, count: 200))
    let names = merged.sections.map(\.partName)
    #expect(names.count == 200)
    #expect(names[0] == section)
    let stem = String(section.dropLast(".svg".count))
    #expect(names[1] == stem + "-1.svg" && names[199] == stem + "-199.svg")
    #expect(Set(names).count == 200)
    let read = try WillDocument(parsing: merged.serialized(container: .opc))
    #expect(read.sections.map(\.partName) == names)
    #expect(read.sections.allSatisfy { $0.strokes == page.sections[0].strokes })
    // A merge of merges goes on numbering after the names already taken.
    let again = try WillDocument(merging: [merged, page, page])
    #expect(again.sections.suffix(2).map(\.partName) == [stem + "-200.svg", stem + "-201.svg"])
  }
}
