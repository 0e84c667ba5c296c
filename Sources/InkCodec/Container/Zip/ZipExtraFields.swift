/// The extra fields of one zip header, split as libzip 1.7's `_zip_ef_parse` splits them.
struct ZipExtraFields {
  /// Each field's identifier and where its data lies in the archive, in order.
  private(set) var fields: [(id: UInt16, data: Range<Int>)] = []

  /// Splits the extra field bytes at `range` of `bytes`.
  /// - Throws: ``ZipFailure/inconsistent`` when a field runs past the end, or when what is
  ///   left after the last field is not a little zero padding (Android's zipalign pads
  ///   with up to three zero bytes).
  init(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) throws(ZipFailure) {
    let zip = WireReader(bytes)
    var position = range.lowerBound
    while range.upperBound - position >= 4 {
      let id = zip.getUInt16(at: position, .littleEndian) ?? 0
      let length = Int(zip.getUInt16(at: position + 2, .littleEndian) ?? 0)
      let start = position + 4
      guard range.upperBound - start >= length else { throw .inconsistent }
      fields.append((id, start..<(start + length)))
      position = start + length
    }
    if bytes[position..<range.upperBound].contains(where: { $0 != 0 }) { throw .inconsistent }
  }

  /// The data of the first field with identifier `id`.
  func first(_ id: UInt16) -> Range<Int>? {
    fields.first { $0.id == id }?.data
  }

  /// Reads a field's values in order as libzip's `zip_buffer` does: a read past the end gives
  /// 0 and spoils the cursor, so that ``isAtEnd`` is false.
  struct Cursor {
    let zip: WireReader
    let range: Range<Int>
    private var position: Int
    private var isSpoiled = false

    init(zip: WireReader, range: Range<Int>) {
      self.zip = zip
      self.range = range
      position = range.lowerBound
    }

    /// Whether every byte was read and no read failed.
    var isAtEnd: Bool { !isSpoiled && position == range.upperBound }

    mutating func next64() -> UInt64 { next() }

    mutating func next32() -> UInt32 { next() }

    /// The next little-endian integer, or 0 past the end.
    private mutating func next<T: FixedWidthInteger>() -> T {
      let width = T.bitWidth / 8
      guard !isSpoiled, range.upperBound - position >= width,
        let value: T = zip.getInteger(at: position, .littleEndian)
      else {
        isSpoiled = true
        return 0
      }
      position += width
      return value
    }

    /// Moves on `count` bytes; past the end, spoils the cursor.
    mutating func skip(_ count: Int) {
      if range.upperBound - position < count {
        isSpoiled = true
      } else {
        position += count
        isSpoiled = false
      }
    }
  }
}
