import Foundation
import InkTestSupport
import Testing

@testable import InkCodec

/// `UIMFile.sniff` accepts exactly the files that start with `RIFF`, any four size bytes and
/// `UINK`, whatever collection holds them.
@Suite struct UIMSniffTests {
  static let header: [UInt8] = Array("RIFF".utf8) + [0x10, 0x20, 0x30, 0x40] + Array("UINK".utf8)

  /// The rule, spelled out as plainly as possible.
  static func expected(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 12 && Array(bytes[0..<4]) == Array("RIFF".utf8)
      && Array(bytes[8..<12]) == Array("UINK".utf8)
  }

  @Test func everyChangeToTheHeader() {
    #expect(UIMFile.sniff(Self.header))
    #expect(UIMFile.sniff(Self.header + [0, 1, 2]))
    for length in 0..<12 { #expect(!UIMFile.sniff(Self.header.prefix(length))) }
    // Each byte in turn set to every value: only the size bytes may change.
    for position in 0..<12 {
      for value in UInt8.min...UInt8.max {
        var bytes = Self.header
        bytes[position] = value
        #expect(UIMFile.sniff(bytes) == Self.expected(bytes), "\(position) = \(value)")
        #expect(UIMFile.sniff(bytes[...]) == Self.expected(bytes), "\(position) = \(value)")
      }
    }
  }

  @Test func anyCollection() throws {
    #expect(UIMFile.sniff(Data(Self.header)))
    #expect(UIMFile.sniff(([0xFF] + Self.header).dropFirst()))
    #expect(!UIMFile.sniff(Array("RIFF\0\0\0\0WAVE".utf8)))
    let written = try UIMDocument(
      converting: WillDocument(strokes: [], pageWidth: 100, pageHeight: 100)
    ).serialized()
    #expect(UIMFile.sniff(written))
  }
}
