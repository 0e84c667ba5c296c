import CZlib

/// The zip CRC-32 (zlib's), for checking entries and comparing streams without keeping them.
package enum CRC32 {
  /// The CRC-32 of `bytes`.
  package static func checksum(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
  }
}
