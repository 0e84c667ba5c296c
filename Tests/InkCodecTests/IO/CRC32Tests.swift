import InkCodec
import Testing

/// The one CRC-32: zip entries, PNG chunks (running form) and crafted zips of zeros all use it.
@Suite struct CRC32Tests {
  /// The catalogue check value of CRC-32/ISO-HDLC, and values any zip tool reports.
  @Test(arguments: [
    ("", 0x0000_0000 as UInt32),
    ("a", 0xE8B7_BE43),
    ("123456789", 0xCBF4_3926),
    ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
  ])
  func knownVectors(text: String, expected: UInt32) {
    #expect(CRC32.checksum(Array(text.utf8)) == expected)
  }

  /// PNG checksums a chunk's type, then its data: continuing from the first part's CRC gives
  /// the CRC of the whole, at every split point.
  @Test func runningFormEqualsOneShot() {
    let bytes = Array("IHDR".utf8) + (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let whole = CRC32.checksum(bytes)
    var splits = 0
    for split in 0...bytes.count {
      let first = CRC32.checksum(bytes[..<split])
      #expect(CRC32.checksum(bytes[split...], continuing: first) == whole, "split \(split)")
      splits += 1
    }
    #expect(splits == 305)
  }

  /// A slice, an array and a non-contiguous collection of the same bytes agree.
  @Test func everyCollectionGivesTheSameChecksum() {
    let bytes = Array("123456789".utf8)
    #expect(CRC32.checksum(bytes[...]) == 0xCBF4_3926)
    #expect(CRC32.checksum(bytes.reversed().reversed()) == 0xCBF4_3926)
  }

  /// The O(log n) checksum of zeros equals checksumming the zeros, at sizes around every
  /// power of two the squaring walks through.
  @Test(arguments: [0, 1, 2, 3, 7, 8, 255, 256, 1000, 4096, 65_537, 258_004])
  func checksumOfZerosEqualsChecksummingZeros(count: Int) {
    #expect(
      CRC32.checksumOfZeros(count: count)
        == CRC32.checksum([UInt8](repeating: 0, count: count)))
  }

  /// A gigabyte of zeros, as the zip-bomb sample declares it (Python’s `zlib.crc32` over
  /// 2^30 zero bytes gives 0x5B64C2B0).
  @Test func checksumOfAGigabyteOfZeros() {
    #expect(CRC32.checksumOfZeros(count: 1 << 30) == 0x5B64_C2B0)
  }
}
