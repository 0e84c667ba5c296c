import Foundation
import InkCodec
import InkTestSupport
import Testing

/// No value in any field of a UIM file traps: seeded documents whose every field holds an
/// extreme (``HostileUIM``) are written, read, validated, converted to WILL 2, InkML and back
/// to UIM, and compared with themselves; each step either works or throws a ``WillError``.
@Suite("UIM with extreme values in every field")
struct UIMHostileFieldTests {
  @Test("every step works or throws a WillError", arguments: 0..<8)
  func everyStep(batch: UInt64) throws {
    var converted = 0
    for seed in (batch * 50)..<(batch * 50 + 50) {
      let bytes = try HostileUIM.document(seed: seed).serialized()
      let uim = try UIMDocument(parsing: bytes)
      _ = uim.validate()
      _ = try uim.serialized()
      var losses = ConversionLosses()
      let document: WillDocument
      do {
        document = try WillDocument(converting: uim, losses: &losses)
      } catch {
        continue  // a typed error: values WILL 2 cannot hold
      }
      converted += 1
      #expect(
        DocumentDifference(comparing: document, with: document).isEqual, "seed \(seed)")
      _ = InkMLDocument(converting: document)
      _ = InkMLDocument.losses(converting: document)
      if let written = try? document.serialized() {
        _ = try WillDocument(parsing: written)
      }
      _ = try? UIMDocument(converting: document).serialized()
    }
    // Most documents convert, so that the later steps see extreme values too.
    #expect(converted >= 10, "\(converted) of 50 converted")
  }
}
