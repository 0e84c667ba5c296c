import InkCodec
import InkTestSupport
import Testing

/// Hostile-input checks: mutated producer parts never crash the reader, and whatever it
/// accepts is written back and read again unchanged.
@Suite struct XMLMutationTests {
  private static let tokens: [[UInt8]] =
    [
      "<", ">", "/", "?", "!", "&", ";", "\"", "'", "=", " ", "\n", "\r", "<?x?>", "<?", "?>",
      "<!--", "-->", "<![CDATA[", "]]>", "<!DOCTYPE a>", "&amp;", "&#10;", "&#xD;", "&lt;",
      "xmlns:r=\"\"", "r:", "<g>", "</g>", "<g/>", "\u{FEFF}", "é",
    ].map { Array($0.utf8) } + [[0x00], [0xFF], [0xC3]]

  private static func mutate(_ input: [UInt8], using rng: inout SeededRandom) -> [UInt8] {
    var bytes = input
    for _ in 0...Int.random(in: 0...3, using: &rng) {
      let index = Int.random(in: 0...bytes.count, using: &rng)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0 where index < bytes.count:
        bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...8, using: &rng)))
      case 1 where index < bytes.count:
        bytes[index] = UInt8.random(in: 0x20...0x7E, using: &rng)
      default:
        bytes.insert(contentsOf: tokens.randomElement(using: &rng)!, at: index)
      }
    }
    return bytes
  }

  @Test(arguments: [1, 2, 3, 4])
  func mutatedPartsParseOrThrow(seed: UInt64) throws {
    print("XMLMutationTests seed \(seed)")
    var rng = SeededRandom(seed: seed)
    var accepted = 0
    for _ in 0..<600 {
      let sample = XMLSamples.all.randomElement(using: &rng)!.xml
      let bytes = Self.mutate(Array(sample.utf8), using: &rng)
      let document: XMLDocument
      do {
        document = try XMLDocument(parsing: bytes, part: "/m.xml", limits: .default)
      } catch {
        #expect(error.part == "/m.xml")
        continue
      }
      accepted += 1
      #expect(XMLWriter.wellFormednessProblem(in: document) == nil)
      let written = try document.serialized()
      let reread = try XMLDocument(parsing: written, part: "/m.xml", limits: .default)
      #expect(reread == document, "input: \(String(decoding: bytes, as: UTF8.self))")
    }
    #expect(accepted > 0)
  }
}
