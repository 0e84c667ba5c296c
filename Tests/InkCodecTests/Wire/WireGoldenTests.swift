import InkTestSupport
import Testing

@testable import InkCodec

@Suite struct VarintTests {
  static let goldens: [(UInt64, [UInt8])] = [
    (0, [0x00]),
    (1, [0x01]),
    (127, [0x7F]),
    (128, [0x80, 0x01]),
    (300, [0xAC, 0x02]),
    (UInt64(UInt32.max), [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
    (UInt64.max, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
  ]

  @Test(arguments: goldens)
  func goldenVarints(value: UInt64, bytes: [UInt8]) throws {
    #expect(Varint.encodedSize(of: value) == bytes.count)
    let written = WireWriter.withBuffer(size: bytes.count) { $0.writeVarint(value) }
    #expect(written == bytes)
    let read = try bytes.withWireBytes { (buffer) throws(WillError) -> UInt64 in
      var reader = WireReader(buffer)
      let value = try reader.readVarint()
      #expect(reader.isAtEnd)
      return value
    }
    #expect(read == value)
  }

  @Test func encodedSizeMatchesBytesWritten() {
    var random = SeededRandom(seed: 7)
    for _ in 0..<10_000 {
      let value = random.next() >> (random.next() % 64)
      let size = Varint.encodedSize(of: value)
      let written = WireWriter.withBuffer(size: size) { $0.writeVarint(value) }
      #expect(written.count == size)
      #expect(
        Varint.encodedSize(of: UInt32(truncatingIfNeeded: value))
          == Varint.encodedSize(of: UInt64(UInt32(truncatingIfNeeded: value))))
    }
  }

  @Test func rejectsElevenByteVarint() {
    let bytes: [UInt8] = Array(repeating: 0x80, count: 10) + [0x01]
    #expect(throws: WillError(.malformedVarint, offset: 0)) {
      try bytes.withWireBytes { (buffer) throws(WillError) in
        var reader = WireReader(buffer)
        _ = try reader.readVarint()
      }
    }
  }

  @Test func rejectsTenthByteAboveOne() {
    let bytes: [UInt8] = Array(repeating: 0xFF, count: 9) + [0x02]
    #expect(throws: WillError(.malformedVarint, offset: 0)) {
      try bytes.withWireBytes { (buffer) throws(WillError) in
        var reader = WireReader(buffer)
        _ = try reader.readVarint()
      }
    }
  }

  @Test func truncatedVarintLeavesPositionUnchanged() throws {
    let bytes: [UInt8] = [0x05, 0x80, 0x80]
    try bytes.withWireBytes { (buffer) throws(WillError) in
      var reader = WireReader(buffer)
      #expect(try reader.readVarint() == 5)
      #expect(throws: WillError(.truncated(needed: 3, available: 2), offset: 1)) {
        try reader.readVarint()
      }
      #expect(reader.position == 1)
    }
  }

  @Test func lengthPastTheEndIsTruncated() {
    let bytes: [UInt8] = [0x10, 0x01, 0x02]
    #expect(throws: WillError(.truncated(needed: 16, available: 2), offset: 0)) {
      try bytes.withWireBytes { (buffer) throws(WillError) in
        var reader = WireReader(buffer)
        _ = try reader.readLengthDelimited()
      }
    }
  }
}

@Suite struct ZigZagTests {
  static let goldens: [(Int32, UInt32)] = [
    (0, 0), (-1, 1), (1, 2), (-2, 3), (2_147_483_647, 4_294_967_294),
    (-2_147_483_648, 4_294_967_295),
  ]

  @Test(arguments: goldens)
  func golden32(value: Int32, encoded: UInt32) {
    #expect(ZigZag.encoded(value) == encoded)
    #expect(ZigZag.decoded(encoded) == value)
  }

  @Test func roundTripsInt64Boundaries() {
    for value in [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max - 1, Int64.max] {
      #expect(ZigZag.decoded(ZigZag.encoded(value)) == value)
    }
    var random = SeededRandom(seed: 11)
    for _ in 0..<10_000 {
      let value = Int64(bitPattern: random.next())
      #expect(ZigZag.decoded(ZigZag.encoded(value)) == value)
      let narrow = Int32(truncatingIfNeeded: value)
      #expect(ZigZag.decoded(ZigZag.encoded(narrow)) == narrow)
    }
  }
}

@Suite struct FieldTagTests {
  @Test func decodesTags() {
    #expect(FieldTag(rawValue: 0x0D) == FieldTag(fieldNumber: 1, wireType: .fixed32))
    #expect(FieldTag(rawValue: 0x22) == FieldTag(fieldNumber: 4, wireType: .lengthDelimited))
    #expect(FieldTag(rawValue: 0x320) == FieldTag(fieldNumber: 100, wireType: .varint))
    #expect(FieldTag(rawValue: 0x07) == nil)  // field 0
    #expect(FieldTag(rawValue: 0x0E) == nil)  // wire type 6
    #expect(FieldTag(rawValue: UInt64(1) << 32 | 0) == nil)  // field number past 2^29 - 1
  }

  @Test func skipsNestedGroups() throws {
    // field 14 start group { field 1 varint 1, field 15 start group { } end 15 } end 14, then 0x08 0x05
    let bytes: [UInt8] = [0x73, 0x08, 0x01, 0x7B, 0x7C, 0x74, 0x08, 0x05]
    try bytes.withWireBytes { (buffer) throws(WillError) in
      var reader = WireReader(buffer)
      let tag = try reader.readTag()
      let range = try reader.skipValue(of: tag)
      #expect(range == 1..<6)
      #expect(try reader.readTag() == FieldTag(fieldNumber: 1, wireType: .varint))
      #expect(try reader.readVarint() == 5)
    }
  }

  @Test func strayEndGroupIsAnError() {
    let bytes: [UInt8] = [0x0C]
    #expect(throws: WillError(.unbalancedGroup, offset: 1)) {
      try bytes.withWireBytes { (buffer) throws(WillError) in
        var reader = WireReader(buffer)
        let tag = try reader.readTag()
        _ = try reader.skipValue(of: tag)
      }
    }
  }
}
