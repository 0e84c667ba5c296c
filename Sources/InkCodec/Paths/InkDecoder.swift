/// Decodes a paths stream one stroke at a time, in the spirit of the WILL SDK's
/// `WCMInkDecoder`: each call to ``next()`` decodes one record, and nothing after it is
/// touched.
///
/// ```swift
/// var decoder = InkDecoder(bytes: stream)
/// while let stroke = try decoder.next() {
///     draw(stroke)
/// }
/// ```
///
/// Errors carry the byte offset within the stream and the index of the record that failed.
public struct InkDecoder: Sendable {
  /// The stream being decoded.
  public let bytes: [UInt8]
  /// The part the stream came from, used in errors.
  public let part: String?
  /// The bounds applied while decoding.
  public let limits: DecodingLimits
  /// The byte offset of the next record's length prefix.
  public private(set) var offset = 0
  /// The number of strokes decoded so far; also the index of the next one.
  public private(set) var strokeIndex = 0
  private var totalPoints = 0

  /// Creates a decoder over a paths stream.
  /// - Parameters:
  ///   - bytes: The stream.
  ///   - part: The part name to report in errors (`nil` for a bare stream).
  ///   - limits: Bounds on strokes and points.
  public init(bytes: [UInt8], part: String? = nil, limits: DecodingLimits = .default) {
    self.bytes = bytes
    self.part = part
    self.limits = limits
  }

  /// Whether every record has been decoded.
  public var isAtEnd: Bool { offset >= bytes.count }

  /// Decodes the next stroke, or returns `nil` at the end of the stream.
  /// - Throws: ``WillError`` locating the first bad byte; the decoder does not advance.
  public mutating func next() throws(WillError) -> Stroke? {
    guard let range = try nextRecordRange() else { return nil }
    var stroke = try bytes.withWireBytes { (buffer) throws(WillError) -> Stroke in
      var reader = WireReader(buffer, range: range)
      do throws(WillError) {
        return try Stroke(parsing: &reader, limits: limits)
      } catch {
        throw error.located(part: part, strokeIndex: strokeIndex)
      }
    }
    stroke.wire.recordRange = offset..<range.upperBound
    try advance(past: range, points: stroke.pointCount)
    return stroke
  }

  /// Decodes the next stroke into `buffer`, reusing its storage, or returns `false` at the
  /// end of the stream. The values equal what ``next()`` returns for the same record.
  /// - Throws: ``WillError`` locating the first bad byte; the decoder does not advance.
  public mutating func next(into buffer: inout StrokeBuffer) throws(WillError) -> Bool {
    guard let range = try nextRecordRange() else { return false }
    try bytes.withWireBytes { (wire) throws(WillError) in
      var reader = WireReader(wire, range: range)
      do throws(WillError) {
        try buffer.decode(&reader, limits: limits)
      } catch {
        throw error.located(part: part, strokeIndex: strokeIndex)
      }
    }
    buffer.recordRange = offset..<range.upperBound
    try advance(past: range, points: buffer.pointCount)
    return true
  }

  /// Checks a decoded record's points against the total-points limit, then moves past it.
  private mutating func advance(past record: Range<Int>, points: Int) throws(WillError) {
    let total = totalPoints + points
    if total > limits.maxTotalPoints {
      throw WillError(
        .limitExceeded(.totalPoints, value: total, limit: limits.maxTotalPoints),
        part: part, offset: record.lowerBound, strokeIndex: strokeIndex)
    }
    totalPoints = total
    offset = record.upperBound
    strokeIndex += 1
  }

  /// Parses the next record without delta decoding it, or returns `nil` at the end.
  public mutating func nextRecord() throws(WillError) -> PathRecord? {
    guard let range = try nextRecordRange() else { return nil }
    let record = try bytes.withWireBytes { (buffer) throws(WillError) -> PathRecord in
      var reader = WireReader(buffer, range: range)
      do throws(WillError) {
        return try PathRecord(parsing: &reader)
      } catch {
        throw error.located(part: part, strokeIndex: strokeIndex)
      }
    }
    offset = range.upperBound
    strokeIndex += 1
    return record
  }

  /// The byte range of the next record's message (after its length prefix), checked against
  /// the stream's end and the stroke limit.
  public func nextRecordRange() throws(WillError) -> Range<Int>? {
    guard offset < bytes.count else { return nil }
    if strokeIndex >= limits.maxStrokes {
      throw WillError(
        .limitExceeded(.strokes, value: strokeIndex + 1, limit: limits.maxStrokes),
        part: part, offset: offset, strokeIndex: strokeIndex)
    }
    return try bytes.withWireBytes { (buffer) throws(WillError) -> Range<Int> in
      var reader = WireReader(buffer, range: offset..<buffer.count)
      do throws(WillError) {
        return try PathsStream.nextRecord(&reader)
      } catch {
        throw error.located(part: part, strokeIndex: strokeIndex)
      }
    }
  }

  /// Decodes every stroke of a paths stream: the stroke limit is checked on the length
  /// prefixes first, then each record as it is decoded.
  /// - Parameters:
  ///   - bytes: The stream.
  ///   - part: The part name to report in errors.
  ///   - limits: Bounds on strokes and points.
  /// - Returns: The strokes in stream order.
  static func decodeAll(
    _ bytes: [UInt8], part: String? = nil, limits: DecodingLimits = .default
  ) throws(WillError) -> [Stroke] {
    var decoder = try InkDecoder(checking: bytes, part: part, limits: limits)
    var strokes: [Stroke] = []
    while let stroke = try decoder.next() { strokes.append(stroke) }
    return strokes
  }

  /// A decoder over a whole stream whose record count was first checked against the stroke
  /// limit (see `checkRecordCount`).
  package init(checking bytes: [UInt8], part: String?, limits: DecodingLimits)
    throws(WillError)
  {
    try Self.checkRecordCount(bytes, part: part, limits: limits)
    self.init(bytes: bytes, part: part, limits: limits)
  }

  /// Walks only the length prefixes, so that a stream of millions of tiny records fails the
  /// stroke limit before any record is decoded. Framing errors are left to the decoder, which
  /// reports them with their stroke index.
  private static func checkRecordCount(_ bytes: [UInt8], part: String?, limits: DecodingLimits)
    throws(WillError)
  {
    guard limits.maxStrokes < bytes.count else { return }  // each record takes at least a byte
    let excess = bytes.withUnsafeBytes { buffer -> Int? in
      var reader = WireReader(buffer)
      var count = 0
      while !reader.isAtEnd {
        let start = reader.position
        guard (try? reader.readLengthDelimited()) != nil else { return nil }
        count += 1
        if count > limits.maxStrokes { return start }
      }
      return nil
    }
    if let excess {
      throw WillError(
        .limitExceeded(.strokes, value: limits.maxStrokes + 1, limit: limits.maxStrokes),
        part: part,
        offset: excess, strokeIndex: limits.maxStrokes)
    }
  }

  /// Parses every record of a paths stream without delta decoding.
  /// - Parameters:
  ///   - bytes: The stream.
  ///   - part: The part name to report in errors.
  ///   - limits: Bounds on the number of records.
  /// - Returns: The records in stream order.
  public static func records(
    _ bytes: [UInt8], part: String? = nil, limits: DecodingLimits = .default
  ) throws(WillError) -> [PathRecord] {
    var decoder = InkDecoder(bytes: bytes, part: part, limits: limits)
    var records: [PathRecord] = []
    while let record = try decoder.nextRecord() { records.append(record) }
    return records
  }
}
