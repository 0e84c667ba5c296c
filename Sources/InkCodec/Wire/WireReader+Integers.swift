/// The order of a fixed-width integer's bytes.
package enum ByteOrder: Sendable {
  /// Least significant byte first: protobuf fixed fields, zip, RIFF.
  case littleEndian
  /// Most significant byte first: PNG.
  case bigEndian
}

/// Fixed-width integers and raw bytes, for every container read without libzip or protobuf:
/// RIFF chunks, damaged zips read by salvage, PNG chunks.
///
/// `read…` consumes and throws ``WillErrorKind/truncated(needed:available:)`` at the current
/// position, moving nothing; `get…(at:)` reads at an absolute offset without moving, and
/// returns `nil` unless every byte lies within `start..<end`.
extension WireReader {
  /// Reads a `UInt16`.
  package mutating func readUInt16(_ order: ByteOrder) throws(WillError) -> UInt16 {
    try readInteger(order)
  }

  /// Reads a `UInt32`.
  package mutating func readUInt32(_ order: ByteOrder) throws(WillError) -> UInt32 {
    try readInteger(order)
  }

  /// Reads `count` bytes.
  /// - Precondition: `count` is not negative.
  package mutating func readBytes(count: Int) throws(WillError) -> [UInt8] {
    bytes(in: try readRange(count: count))
  }

  /// The `UInt16` at `offset`, or `nil` when it does not lie within the readable bytes.
  package func getUInt16(at offset: Int, _ order: ByteOrder) -> UInt16? {
    getInteger(at: offset, order)
  }

  /// The `UInt32` at `offset`, or `nil` when it does not lie within the readable bytes.
  package func getUInt32(at offset: Int, _ order: ByteOrder) -> UInt32? {
    getInteger(at: offset, order)
  }

  /// The `UInt64` at `offset`, or `nil` when it does not lie within the readable bytes.
  package func getUInt64(at offset: Int, _ order: ByteOrder) -> UInt64? {
    getInteger(at: offset, order)
  }

  /// The `count` bytes at `offset`, or `nil` when they do not lie within the readable bytes.
  package func getBytes(at offset: Int, count: Int) -> [UInt8]? {
    guard offset >= start, count >= 0, count <= end - offset else { return nil }
    return bytes(in: offset..<(offset + count))
  }

  /// The integer at `offset`, or `nil` when it does not lie within the readable bytes.
  func getInteger<T: FixedWidthInteger>(at offset: Int, _ order: ByteOrder) -> T? {
    guard offset >= start, T.bitWidth / 8 <= end - offset else { return nil }
    let raw = base.loadUnaligned(fromByteOffset: offset, as: T.self)
    return order == .littleEndian ? T(littleEndian: raw) : T(bigEndian: raw)
  }
}
