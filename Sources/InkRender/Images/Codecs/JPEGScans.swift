/// The scans of a JPEG file, counted from its markers without decoding it: how many passes a
/// decoder makes over the image's blocks. A file with too many is refused, and its decoding
/// charged, before the decoder starts.
///
/// The walk follows a decoder's: bytes before a marker that are not `FF` are skipped, fill
/// bytes are skipped, and a scan's entropy-coded data runs to the first `FF` that is neither
/// a stuffed zero nor a restart marker. It stops at the end of the image or at a segment
/// that cannot be read; the decoder counts again as it goes (``JPEGDecoder``), so a walk cut
/// short never lets more scans through.
struct JPEGScans: Sendable, Hashable {
  /// The scans (SOS markers) met.
  private(set) var count = 0
  /// The components of every scan, summed: each is a pass over that component's blocks.
  private(set) var componentPasses = 0

  /// Counts the scans of `data`; none when it does not start with SOI.
  init(_ data: [UInt8]) {
    data.withUnsafeBufferPointer { bytes in
      guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return }
      var i = 2
      while i < bytes.count {
        // The next marker: anything before its FF, and fill bytes, are skipped.
        while i < bytes.count && bytes[i] != 0xFF { i += 1 }
        while i < bytes.count && bytes[i] == 0xFF { i += 1 }
        guard i < bytes.count else { return }
        let marker = bytes[i]
        i += 1
        // A stuffed zero, TEM, a restart marker and SOI have no length; EOI ends the image.
        if marker == 0x00 || marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
        if marker == 0xD9 { return }
        guard i + 2 <= bytes.count else { return }
        let length = Int(bytes[i]) << 8 | Int(bytes[i + 1])
        guard length >= 2 else { return }
        if marker == 0xDA {
          count += 1
          if i + 2 < bytes.count { componentPasses += Int(bytes[i + 2]) }
        }
        i += length
        guard marker == 0xDA else { continue }
        // Entropy-coded data: up to a marker that is not a stuffed zero or a restart.
        while i + 1 < bytes.count {
          if bytes[i] == 0xFF, bytes[i + 1] != 0, !(0xD0...0xD7).contains(bytes[i + 1]) { break }
          i += 1
        }
      }
    }
  }
}
