import Testing

@testable import willdoc

/// InkML is told by its root element; anything that cannot start with markup is refused at its
/// first byte.
@Suite struct InkMLSnifferTests {
  @Test(arguments: [
    "<ink xmlns=\"http://www.w3.org/2003/InkML\"/>", "<ink>", "  \r\n\t<inkml:ink>",
    "\u{FEFF}<ink>", "\u{FEFF} \u{FEFF}<ink>", "\u{A0}<ink>", "\u{0B}\u{0C}<ink>",
    "<?xml version=\"1.0\"?>\n<!-- a note -->\n<!DOCTYPE ink>\n<ink>",
  ])
  func inkML(_ text: String) {
    #expect(InkMLSniffer.sniff(Array(text.utf8)))
  }

  @Test(arguments: [
    "", "PK\u{3}\u{4}", "  x<ink>", "<svg>", "<?xml version=\"1.0\"?><inkling>", "\u{A0}x",
    "RIFF", "{\"ink\": 1}",
  ])
  func notInkML(_ text: String) {
    #expect(!InkMLSniffer.sniff(Array(text.utf8)))
  }

  /// A zip package (binary past its first bytes, invalid as UTF-8) is not InkML.
  @Test func aZipPackage() {
    let bytes: [UInt8] =
      [0x50, 0x4B, 0x03, 0x04] + (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 151) }
    #expect(!InkMLSniffer.sniff(bytes))
  }
}
