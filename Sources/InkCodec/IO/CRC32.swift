/// The CRC-32 of zip and PNG (ISO-HDLC, zlib's): the project's only one, for checking zip
/// entries and PNG chunks and comparing streams without keeping them.
package enum CRC32 {
  /// The CRC-32 of `bytes`, or of the bytes checksummed so far followed by `bytes` when
  /// `crc` is their CRC-32 (PNG checksums a chunk's type and data as one run).
  /// - Parameters:
  ///   - bytes: The data.
  ///   - crc: The CRC-32 of what came before, 0 (the CRC-32 of nothing) to start.
  /// - Returns: The CRC-32 of everything so far.
  package static func checksum(_ bytes: some Collection<UInt8>, continuing crc: UInt32 = 0)
    -> UInt32
  {
    if let result = bytes.withContiguousStorageIfAvailable({
      Zlib.crc32(UnsafeRawBufferPointer($0), continuing: crc)
    }) {
      return result
    }
    return Array(bytes).withUnsafeBytes { Zlib.crc32($0, continuing: crc) }
  }

  /// The CRC-32 of the bytes in `bytes`, continuing from `crc`, as
  /// ``checksum(_:continuing:)-(some Collection<UInt8>,_)`` without copying raw memory.
  package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0)
    -> UInt32
  {
    Zlib.crc32(bytes, continuing: crc)
  }

  /// The CRC-32 of `count` zero bytes, in O(log count), without allocating them: what a
  /// crafted zip of a gigabyte of zeros declares.
  /// - Precondition: `count` is not negative.
  package static func checksumOfZeros(count: Int) -> UInt32 {
    precondition(count >= 0, "a byte count cannot be negative")
    // Feeding a zero byte multiplies the CRC register by x^8; crc32_combine multiplies its
    // first argument by x^(8·count). The register starts as all ones and is inverted at the end.
    return ~Zlib.crc32Combine(0xFFFF_FFFF, 0, count: count)
  }
}
