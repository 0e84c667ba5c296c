/// A paths stream: `(varint(length) Path[length])*`, with no count, header or terminator. The
/// same bytes form an OPC paths part, a RIFF `INK ` chunk and a raw file.
///
/// ```swift
/// let strokes = try PathsStream(parsing: bytes).strokes
/// let bytes = try PathsStream(strokes: strokes).serialized()
/// ```
///
/// ``InkDecoder`` and ``InkEncoder`` do the same one stroke at a time.
public struct PathsStream: Sendable, Hashable {
  /// The strokes, in stream order.
  public var strokes: [Stroke]

  /// Creates a stream of strokes.
  public init(strokes: [Stroke]) { self.strokes = strokes }

  /// Decodes every stroke of a paths stream.
  /// - Parameters:
  ///   - bytes: The stream.
  ///   - part: The part name to report in errors (`nil` for a bare stream).
  ///   - limits: Bounds on strokes and points.
  /// - Throws: ``WillError`` locating the first bad byte and its stroke.
  public init(parsing bytes: [UInt8], part: String? = nil, limits: DecodingLimits = .default)
    throws(WillError)
  {
    strokes = try InkDecoder.decodeAll(bytes, part: part, limits: limits)
  }

  /// The stream's bytes: each stroke's record, quantised at `precision` (`nil`: each stroke's
  /// own), with its length prefix.
  /// - Throws: ``WillError`` when a stroke cannot be written (a value that is not finite or
  ///   does not fit the record at its precision).
  public func serialized(precision: Int? = nil) throws(WillError) -> [UInt8] {
    var encoder = InkEncoder()
    for stroke in strokes { try encoder.append(stroke, precision: precision) }
    return encoder.bytes
  }

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
