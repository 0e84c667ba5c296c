/// What went wrong in a ``WillError``, with the values that show it.
public enum WillErrorKind: Sendable, Hashable {
  // MARK: Wire format

  /// The data ended before a value was complete.
  case truncated(needed: Int, available: Int)
  /// A varint ran longer than 10 bytes or past 64 bits.
  case malformedVarint
  /// A field tag holds field number 0, a field number past 2^29 − 1, or an invalid wire type.
  case invalidTag(UInt64)
  /// A known field arrived with a wire type it cannot have.
  case unexpectedWireType(field: String, wireType: Int)
  /// A group (wire types 3 and 4) was not closed, or closed twice.
  case unbalancedGroup
  /// A field holds a value outside the range of its type (for example a `uint32` past 2^32 − 1).
  case valueOutOfRange(field: String, value: UInt64)

  // MARK: Path records

  /// The `data` field (x, y pairs) holds an odd number of values.
  case oddCoordinateCount(Int)
  /// A per-point channel holds more values than the stroke has points.
  case channelLengthMismatch(channel: String, points: Int, values: Int)
  /// A running sum of deltas left the `Int32` range.
  case integerOverflow(channel: String)
  /// A `decimalPrecision` this library cannot decode (supported: 0…8).
  case unsupportedPrecision(UInt32)
  /// A stored float (ts or tf) is NaN or infinite.
  case nonFiniteParameter(field: String)
  /// A value given to the encoder is NaN or infinite.
  case nonFiniteValue(channel: String)
  /// A value given to the encoder does not fit `Int32` at the chosen precision.
  case valueTooLarge(channel: String, value: Double, precision: Int)

  // MARK: Limits

  /// A ``DecodingLimits`` bound was exceeded.
  case limitExceeded(DecodingLimits.Limit, value: Int, limit: Int)
  /// A rendering bound (InkRender's `RenderLimits`) was exceeded.
  case renderLimitExceeded(RenderLimit, value: Int, limit: Int)
  /// A buffer whose size the input decides could not be allocated.
  case allocationFailed(bytes: Int)

  // MARK: Containers

  /// The bytes are none of the three WILL containers.
  case notAWillFile
  /// The file holds no bytes at all (code `not-a-will-file`, as any input without WILL data).
  case emptyFile
  /// A RIFF chunk is malformed (its size runs past the end, or the form is not `WILL`).
  case malformedRIFF(String)
  /// The RIFF file has no `INK ` chunk.
  case missingInkChunk
  /// A UIM (`.uim`, WILL 3) file is inconsistent: a bad `HEAD`, a descriptor count that does
  /// not match the chunks, an index past its table, an ink tree whose depths jump, a malformed
  /// identifier or compressed chunk.
  case malformedUIM(String)
  /// JSON text (a tuhi drawing) that breaks JSON's grammar or the shape the reader expects:
  /// the field (`strokes[3].points[17].position`) and what is wrong with it.
  case malformedJSON(field: String, message: String)
  /// libzip reported an error.
  case zip(code: Int32, message: String)
  /// A zip entry's data does not match its CRC-32.
  case checksumMismatch
  /// A part name is unsafe or malformed (`..`, NUL, backslash, empty segment).
  case invalidPartName(String)
  /// Two zip entries have the same part name.
  case duplicatePart(String)
  /// A part that the package structure requires is missing.
  case missingPart(String)
  /// A relationship's target does not exist in the package.
  case unresolvedRelationship(id: String, target: String)
  /// A part has a content type other than the one its relationship requires.
  case wrongContentType(expected: String, found: String?)
  /// An XML part is not well-formed, or uses a DTD or entities.
  case malformedXML(line: Int, message: String)
  /// An SVG or XML attribute holds a value that cannot be parsed.
  case invalidAttribute(name: String, value: String)

  // MARK: Images

  // Only InkRender's PNGDecoder throws these, yet they stay here on purpose: WillError is
  // the one error type apps catch, and InkCodec, below InkRender, cannot name an InkRender
  // type. Carrying a nested InkRender error in one generic case would make every app match
  // two levels deep for the same information; flat cases keep `code` strings and
  // exhaustive switches as they are.

  /// An image (a particle paint's PNG texture) is malformed: a bad signature, chunk, CRC-32,
  /// header value or compressed stream.
  case malformedImage(String)
  /// An image declares more pixels than a decoder accepts (a decompression bomb).
  case imageTooLarge(width: Int, height: Int, maximumPixels: Int)

  // MARK: Other

  /// Valid WILL data that this library does not implement.
  case unsupported(String)
  /// Reading or writing a file failed.
  case io(String)

  /// The broad class of this kind of error.
  public var category: WillError.Category {
    switch self {
    case .limitExceeded, .renderLimitExceeded, .allocationFailed, .imageTooLarge: .limitExceeded
    case .unsupportedPrecision, .unsupported: .unsupported
    case .io: .io
    case .nonFiniteValue, .valueTooLarge: .invalidInput
    default: .format
    }
  }

  /// A sentence a person understands.
  public var message: String {
    switch self {
    case .truncated(let needed, let available):
      "truncated: needed \(needed) bytes, \(available) available"
    case .malformedVarint: "malformed varint: longer than 10 bytes or past 64 bits"
    case .invalidTag(let raw): "invalid field tag 0x\(String(raw, radix: 16))"
    case .unexpectedWireType(let field, let wireType):
      "field \(field) has wire type \(wireType), which it cannot have"
    case .unbalancedGroup: "unbalanced group start/end tags"
    case .valueOutOfRange(let field, let value): "\(field) value \(value) is out of range"
    case .oddCoordinateCount(let count):
      "data holds \(count) values, an odd number: x and y must come in pairs"
    case .channelLengthMismatch(let channel, let points, let values):
      "\(channel) holds \(values) values for \(points) points"
    case .integerOverflow(let channel): "\(channel): running sum of deltas overflows Int32"
    case .unsupportedPrecision(let p): "decimalPrecision \(p) is not supported (0…8)"
    case .nonFiniteParameter(let field): "\(field) is NaN or infinite"
    case .nonFiniteValue(let channel): "\(channel) holds NaN or infinity"
    case .valueTooLarge(let channel, let value, let precision):
      "\(channel) value \(value) does not fit Int32 at decimal precision \(precision)"
    case .limitExceeded(let limit, let value, let max):
      "limit exceeded: \(limit.rawValue) is \(value), the limit is \(max)"
    case .renderLimitExceeded(let limit, let value, let max):
      "limit exceeded: \(limit.rawValue) is \(value), the limit is \(max)"
    case .allocationFailed(let bytes): "out of memory: could not allocate \(bytes) bytes"
    case .notAWillFile: "not a WILL file: no zip, RIFF or paths stream signature"
    case .emptyFile: "not a WILL file: the file is empty (0 bytes)"
    case .malformedRIFF(let why): "malformed RIFF: \(why)"
    case .missingInkChunk: "RIFF file has no INK chunk"
    case .malformedUIM(let why): "malformed UIM: \(why)"
    case .malformedJSON(let field, let message): "malformed JSON: \(field): \(message)"
    case .zip(let code, let message): "zip error \(code): \(message)"
    case .checksumMismatch: "CRC-32 mismatch: the entry's data is corrupt"
    case .invalidPartName(let name): "invalid part name \"\(name)\""
    case .duplicatePart(let name): "duplicate part \"\(name)\""
    case .missingPart(let name): "missing part \(name)"
    case .unresolvedRelationship(let id, let target):
      "relationship \(id) points to \(target), which does not exist"
    case .wrongContentType(let expected, let found):
      "content type is \(found ?? "unknown"), expected \(expected)"
    case .malformedXML(let line, let message): "malformed XML at line \(line): \(message)"
    case .invalidAttribute(let name, let value): "invalid \(name)=\"\(value)\""
    case .malformedImage(let why): "malformed image: \(why)"
    case .imageTooLarge(let width, let height, let maximum):
      "image is \(width) × \(height) pixels, more than the \(maximum) a decoder accepts"
    case .unsupported(let what): "unsupported: \(what)"
    case .io(let what): "I/O error: \(what)"
    }
  }
}
