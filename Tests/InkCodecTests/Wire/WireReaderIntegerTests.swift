import InkCodec
import Testing

/// The byte cursor every container shares (RIFF, salvage's zip reading, PNG): both byte
/// orders, reads that move nothing when they fail, and gets that stay inside the window.
@Suite struct WireReaderIntegerTests {
  static let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06]

  @Test func readsBothByteOrders() throws {
    try Self.bytes.withWireBytes { (raw) throws(WillError) in
      var reader = WireReader(raw)
      #expect(try reader.readUInt16(.littleEndian) == 0x0201)
      #expect(try reader.readUInt32(.bigEndian) == 0x0304_0506)
      #expect(reader.isAtEnd)
      var again = WireReader(raw)
      #expect(try again.readUInt32(.littleEndian) == 0x0403_0201)
      #expect(try again.readUInt16(.bigEndian) == 0x0506)
    }
  }

  @Test func aFailedReadMovesNothing() throws {
    try Self.bytes.withWireBytes { (raw) throws(WillError) in
      var reader = WireReader(raw, range: 1..<4)
      #expect(try reader.readUInt16(.littleEndian) == 0x0302)
      #expect(throws: WillError(.truncated(needed: 4, available: 1), offset: 3)) {
        try reader.readUInt32(.littleEndian)
      }
      #expect(throws: WillError(.truncated(needed: 2, available: 1), offset: 3)) {
        try reader.readBytes(count: 2)
      }
      #expect(reader.position == 3)
      #expect(try reader.readBytes(count: 1) == [0x04])
      #expect(try reader.readBytes(count: 0) == [])
    }
  }

  /// Gets read at absolute offsets, only inside `start..<end`, and never move the reader.
  @Test func getsStayInsideTheWindow() throws {
    Self.bytes.withUnsafeBytes { raw in
      let reader = WireReader(raw, range: 1..<5)
      #expect(reader.getUInt32(at: 1, .littleEndian) == 0x0504_0302)
      #expect(reader.getUInt16(at: 3, .bigEndian) == 0x0405)
      #expect(reader.getUInt16(at: 0, .littleEndian) == nil)  // before the window
      #expect(reader.getUInt16(at: 4, .littleEndian) == nil)  // runs past the end
      #expect(reader.getUInt32(at: 2, .littleEndian) == nil)
      #expect(reader.getUInt32(at: Int.max - 1, .littleEndian) == nil)
      #expect(reader.getUInt16(at: -1, .littleEndian) == nil)
      #expect(reader.getBytes(at: 2, count: 3) == [0x03, 0x04, 0x05])
      #expect(reader.getBytes(at: 2, count: 4) == nil)
      #expect(reader.getBytes(at: 5, count: 0) == [])
      #expect(reader.getBytes(at: 2, count: -1) == nil)
      #expect(reader.position == 1)
    }
  }
}
