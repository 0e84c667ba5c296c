import InkCodec
import InkTestSupport
import Testing

/// The portable parser held to the libxml2 backend, part by part: the same document, or the
/// same error (the same kind, the same limit, the same line, the same words but for
/// libxml2's error code).
///
/// Runs where both backends are built (the default profile on Linux), over the producers'
/// shapes, the real samples' XML parts and InkML files, this project's packages and hostile
/// samples, seeded mutations of all of those, and seeded well-formed parts.
@Suite(.enabled(if: XMLReader.Backend.allCases.count > 1, "no other backend is built"))
struct XMLBackendDifferentialTests {
  /// The backend the portable parser is held to: libxml2, when this build has it.
  static let reference = XMLReader.Backend.allCases.first { $0 != .portable }

  /// What a backend makes of a part, in the terms both share.
  enum Reading: Equatable {
    case document(XMLDocument)
    case failure(WillErrorKind, part: String?)
  }

  /// What `backend` makes of `bytes`.
  static func reading(
    _ bytes: [UInt8], limits: DecodingLimits = .default, backend: XMLReader.Backend
  ) -> Reading {
    do {
      return .document(try XMLReader.parse(bytes, part: "/d.xml", limits: limits, backend: backend))
    } catch {
      guard case .malformedXML(let line, let text) = error.kind else {
        return .failure(error.kind, part: error.part)
      }
      // libxml2's own failure ("internal error") is a plain syntax error to the portable
      // parser.
      let words = message(text, from: .portable)
      let shared = words == "libxml2 internal error or resource limit" ? "not well-formed" : words
      return .failure(.malformedXML(line: line, message: shared), part: error.part)
    }
  }

  /// Expects both backends to read `bytes` alike; whether the part was a document.
  @discardableResult
  static func expectSameReading(
    _ bytes: [UInt8], _ name: @autoclosure () -> String, limits: DecodingLimits = .default,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    guard let reference else { return false }
    let expected = reading(bytes, limits: limits, backend: reference)
    let actual = reading(bytes, limits: limits, backend: .portable)
    if actual != expected {
      let shown = String(decoding: bytes.prefix(2_000), as: UTF8.self)
      Issue.record(
        "\(name()): libxml2 \(expected), portable \(actual)\n\(shown.debugDescription)",
        sourceLocation: sourceLocation)
    }
    if case .document = expected { return true }
    return false
  }

  // MARK: Corpus

  @Test(arguments: XMLCorpus.fixtures)
  func fixtures(part: XMLCorpus.Part) {
    #expect(Self.expectSameReading(part.bytes, part.name))
  }

  @Test(
    .enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"),
    arguments: XMLCorpus.realParts)
  func realParts(part: XMLCorpus.Part) {
    #expect(Self.expectSameReading(part.bytes, part.name))
  }

  @Test(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
  func realPartsAreThere() {
    // 3 OPC packages of 4 to 7 XML parts, and the InkML files when their folder is there.
    #expect(XMLCorpus.realParts.count >= 15)
    if XMLCorpus.inkMLFolder != nil {
      #expect(XMLCorpus.realParts.contains { $0.name.hasSuffix(".inkml") })
    }
  }

  @Test(arguments: XMLCorpus.sampleParts)
  func sampleParts(part: XMLCorpus.Part) {
    Self.expectSameReading(part.bytes, part.name)
  }

  @Test func hostileSamplesAreThere() {
    let names = XMLCorpus.sampleParts.map(\.name)
    for sample in ["x-xml-entity-expansion", "x-xml-external-entity", "r-xml-long-name"] {
      #expect(names.contains { $0.contains(sample) }, "\(sample)")
    }
  }

  // MARK: Mutations

  /// Ten mutations of every part per seed; parts over 4 KB mostly through an excerpt (their
  /// head and a slice), and parts over 1 MB only so, to keep the test quick.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func mutatedParts(seed: UInt64) {
    print("XMLBackendDifferentialTests.mutatedParts seed \(seed)")
    var random = SeededRandom(seed: seed)
    for part in XMLCorpus.fixtures + XMLCorpus.realParts + XMLCorpus.sampleParts {
      for round in 0..<10 {
        var bytes = part.bytes
        if bytes.count > 4_096 && (round > 1 || bytes.count > 1_000_000) {
          let start = Int.random(in: 0..<(bytes.count - 2_048), using: &random)
          bytes = Array(bytes.prefix(512) + bytes[start..<(start + 1_536)])
        }
        let mutated = XMLMutator.mutate(bytes, using: &random)
        Self.expectSameReading(mutated, "\(part.name), seed \(seed) round \(round)")
      }
    }
  }

  /// Every prefix of a part: each construct cut short at every byte.
  @Test func truncations() {
    let part = Array(
      ("<?xml version=\"1.0\"?><!-- c --><?p d?><a xmlns:p=\"u\" p:b=\"&amp;&#x41;\">t&lt;"
        + "<![CDATA[x]]><b/>\r\n<c d='1'>é</c></a><!--e-->").utf8)
    for count in 0...part.count {
      Self.expectSameReading(Array(part.prefix(count)), "first \(count) bytes")
    }
  }

  // MARK: Generated parts

  /// 150 seeded well-formed parts per seed, each also read after two mutations.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func generatedParts(seed: UInt64) {
    print("XMLBackendDifferentialTests.generatedParts seed \(seed)")
    var generator = XMLDocumentGenerator(seed: seed)
    var random = SeededRandom(seed: seed)
    var accepted = 0
    for index in 0..<150 {
      let bytes = generator.next()
      if Self.expectSameReading(bytes, "generated part \(index), seed \(seed)") { accepted += 1 }
      for round in 0..<2 {
        let mutated = XMLMutator.mutate(bytes, using: &random)
        Self.expectSameReading(mutated, "generated part \(index) round \(round), seed \(seed)")
      }
    }
    // Most generated parts are documents (a few bind the same prefix twice, or use `K` twice).
    #expect(accepted > 100)
  }

  /// Generated parts under tight limits: the same limit error, or the same document.
  @Test func tightLimits() {
    var generator = XMLDocumentGenerator(seed: 7)
    let limits = DecodingLimits(maxXMLDepth: 3, maxXMLAttributes: 2, maxXMLNameBytes: 3)
    for index in 0..<200 {
      Self.expectSameReading(generator.next(), "generated part \(index)", limits: limits)
    }
  }

  // MARK: Edges

  /// Parts at libxml2's edges: its limits, its buffer sizes and its quirks.
  @Test(arguments: [
    // Fewer than four bytes, or five before a processing instruction.
    "<a>", "<a", " <a", "<?a>", "<?ab", "<a/>",
    // Unended CDATA sections: passed on 300 bytes at a time, once.
    "<a>\n<![CDATA[" + String(repeating: "x", count: 299),
    "<a>\n<![CDATA[" + String(repeating: "\nx", count: 200),
    "<a>\n<![CDATA[\u{1}" + String(repeating: "x", count: 400),
    "<a>\n<![CDATA[" + String(repeating: "x", count: 150) + "\u{1}"
      + String(repeating: "x", count: 400),
    // Hex character references: past ten digits a letter is refused, for a while.
    "<a>&#x00000000041;&#x000000000a;</a>", "<a>&#x0000000000a;</a>",
    "<a>&#x000000000000000000000a;</a>", "<a>&#99999999999999999999;</a>",
    // Canonically equivalent attribute names: one attribute, as a dictionary keeps them.
    "<a K=\"1\" \u{212A}=\"2\"/>", "<a \u{212A}=\"2\" K=\"1\" z=\"3\"/>",
    "<a e\u{301}=\"1\" é=\"2\"/>",
    // Namespace declarations.
    "<a xmlns:xml=\"http://www.w3.org/XML/1998/namespace\" b=\"1\"/>",
    "<a xmlns:p=\"u\" xmlns:q=\"u\" p:x=\"1\" q:x=\"2\"/>", "<a xmlns=\"u\" b=\"1\" xmlns=\"v\"/>",
    // A line feed left unread at the end.
    "<a>\n<b>\n", "<a>\n<b>\r\n", "<a/>\n<", "<a/>\r\n",
    // Qualified names libxml2 takes, and end tags that must repeat them.
    "<a:1></a:1>", "<:a></:a >", "<a:b:></a:b:>", "<a:b:c></a:b:c\n>", "<a:b></a:b:c>",
  ])
  func edges(xml: String) {
    Self.expectSameReading(Array(xml.utf8), xml)
  }

  @Test func hugeAndDeepParts() {
    let nameCap = 50_000
    let parts: [(String, [UInt8])] = [
      (
        "a long entity name",
        Array(("<a>&" + String(repeating: "n", count: nameCap + 1) + ";</a>").utf8)
      ),
      (
        "257 levels",
        Array((String(repeating: "<g>", count: 257) + String(repeating: "</g>", count: 257)).utf8)
      ),
      (
        "257 levels, the last tag malformed",
        Array((String(repeating: "<g>", count: 256) + "<g a='1' a='2'>").utf8)
      ),
      (
        "1,025 attributes, then one repeated",
        Array(
          ("<a " + (0...1_024).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + " a0=\"x\"/>")
            .utf8)
      ),
      (
        "1,025 attributes, then a bad value",
        Array(
          ("<a " + (0...1_024).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + " b=\"<\"/>")
            .utf8)
      ),
      (
        "1,000 namespace declarations",
        Array(("<a " + (0..<1_000).map { "xmlns:p\($0)=\"u\"" }.joined(separator: " ") + "/>").utf8)
      ),
    ]
    for (name, bytes) in parts {
      Self.expectSameReading(bytes, name)
    }
  }
}
