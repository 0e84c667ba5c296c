import InkCodec

/// Text gathered for standard output and handed on in pieces of about 64 KiB: a large report
/// is neither one string in memory nor one write per line.
enum OutputChunks {
  /// The size of a piece, in UTF-8 bytes.
  static let size = 1 << 16

  /// Hands `pending` to `sink` and empties it once it holds a piece's worth.
  static func flushWhenFull(_ pending: inout TextBuffer, to sink: ([UInt8]) -> Void) {
    guard pending.count >= size else { return }
    pending.flush(to: sink)
  }
}
