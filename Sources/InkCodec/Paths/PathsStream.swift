/// The framing of a paths stream: `(varint(length) Path[length])*`, with no count, header or
/// terminator. The same bytes form an OPC paths part, a RIFF `INK ` chunk and a raw file.
enum PathsStream {
  /// Reads the next record's length prefix and returns the range of its bytes.
  /// - Throws: ``WillErrorKind/truncated(needed:available:)`` when the record runs past the end.
  static func nextRecord(_ reader: inout WireReader) throws(WillError) -> Range<Int> {
    try reader.readLengthDelimited()
  }

  /// Appends `record` with its length prefix.
  static func append(_ record: PathRecord, to output: inout [UInt8]) {
    let size = record.serializedSize
    WireWriter.append(to: &output, size: Varint.encodedSize(of: UInt64(size)) + size) { writer in
      writer.writeVarint(UInt64(size))
      record.write(to: &writer)
    }
  }
}
