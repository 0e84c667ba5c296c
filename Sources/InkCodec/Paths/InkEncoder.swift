/// Encodes strokes into a paths stream, in the spirit of the WILL SDK's `WCMInkEncoder`:
/// call ``append(_:precision:)`` for each stroke, then take ``bytes``.
///
/// ```swift
/// var encoder = InkEncoder()
/// for stroke in strokes {
///     try encoder.append(stroke, precision: 2)
/// }
/// let stream = encoder.bytes   // an OPC paths part, a RIFF INK chunk, or a raw .will.bin
/// ```
public struct InkEncoder: Sendable {
  /// The stream so far.
  public private(set) var bytes: [UInt8] = []
  /// The number of strokes encoded.
  public private(set) var strokeCount = 0
  /// Reused between strokes so that encoding allocates only when a stroke is the longest yet.
  private var scratch = PathRecord()

  /// Creates an empty encoder.
  public init() {}

  /// Appends one stroke.
  /// - Parameters:
  ///   - stroke: The stroke.
  ///   - precision: The decimal precision, 0…8; `nil` uses the stroke's own
  ///     ``Stroke/decimalPrecision``, so a decoded stroke re-encodes to its original bytes.
  /// - Throws: ``WillError`` for NaN, infinity, or values that do not fit `Int32` at the
  ///   precision; the stream is unchanged.
  /// - Precondition: `precision` is in 0…8.
  public mutating func append(_ stroke: Stroke, precision: Int? = nil) throws(WillError) {
    do throws(WillError) {
      try scratch.assign(from: stroke, precision: precision)
    } catch {
      throw error.located(part: nil, strokeIndex: strokeCount)
    }
    PathsStream.append(scratch, to: &bytes)
    strokeCount += 1
  }

  /// Appends one record as it is.
  public mutating func append(_ record: PathRecord) {
    PathsStream.append(record, to: &bytes)
    strokeCount += 1
  }
}
