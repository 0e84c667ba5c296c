import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// Saving never writes an XML part that no reader can parse: a section read at libxml2's size
/// cap is written back at it, and one past the cap is refused with the limit named.
@Suite struct XMLPartCapWritingTests {
  @Test func aSectionAtTheCapIsWrittenBackReadable() throws {
    let url = Fixtures.sampleDocuments.appendingPathComponent("invalid/r-xml-at-limit.will")
    let document = try WillDocument(parsing: try Fixtures.bytes(of: url))
    let saved = try document.serialized()
    let svg = try #require(
      try ZipArchive.read(saved).first { $0.name.description == "/sections/section0.svg" })
    #expect(svg.data.count == XMLPreflight.parserPartCap)
    #expect(try WillDocument(parsing: saved) == document)
  }

  @Test func aSectionPastTheCapIsRefusedNamingTheLimit() throws {
    let text = XMLNode.text(String(repeating: "a", count: XMLPreflight.parserPartCap))
    let desc = UnmodelledNode(.element(XMLElement("desc", attributes: [], children: [text])))
    let document = WillDocument(sections: [Section(nodes: [.unmodelled(desc)])])
    let error = #expect(throws: WillError.self) { try document.serialized() }
    guard case .limitExceeded(.xmlPartBytes, let value, let limit)? = error?.kind else {
      Issue.record("expected the XML part size limit, got \(String(describing: error))")
      return
    }
    #expect(value > limit && limit == XMLPreflight.parserPartCap)
    #expect(error?.part == "/sections/section0.svg")
  }
}
