import InkCodec
import InkTestSupport
import Testing

/// Hostile-input checks: mutated producer parts never crash the reader, and whatever it
/// accepts is written back and read again unchanged.
@Suite struct XMLMutationTests {
  @Test(arguments: XMLReader.Backend.allCases, [1, 2, 3, 4])
  func mutatedPartsParseOrThrow(backend: XMLReader.Backend, seed: UInt64) throws {
    print("XMLMutationTests seed \(seed)")
    var rng = SeededRandom(seed: seed)
    var accepted = 0
    for _ in 0..<600 {
      let sample = XMLSamples.all.randomElement(using: &rng)!.xml
      let bytes = XMLMutator.mutate(Array(sample.utf8), using: &rng)
      let document: XMLDocument
      do {
        document = try XMLReader.parse(bytes, part: "/m.xml", limits: .default, backend: backend)
      } catch {
        #expect(error.part == "/m.xml")
        continue
      }
      accepted += 1
      #expect(XMLWriter.wellFormednessProblem(in: document) == nil)
      let written = try document.serialized()
      let reread = try XMLReader.parse(written, part: "/m.xml", limits: .default, backend: backend)
      #expect(reread == document, "input: \(String(decoding: bytes, as: UTF8.self))")
    }
    #expect(accepted > 0)
  }
}
