/// One `WacomInkFormat.Path` message exactly as stored: field presence, the wire integers
/// before delta decoding, and unknown fields as raw bytes.
///
/// This is the lossless layer. Parsing a record and serialising it gives back the same bytes
/// for every record written in protobuf's canonical form (ascending fields, packed repeated
/// fields, minimal varints), which is how every known producer writes. A record in another
/// form is read correctly and re-written canonically, with unknown fields after the known ones.
///
/// Most code wants ``Stroke``, the decoded values; `willdoc dump --raw` shows these integers.
public struct PathRecord: Sendable, Hashable, Codable {
  /// Field 1, `startParameter` (ts), or `nil` when absent (proto2 default 0).
  public var startParameter: Float?
  /// Field 2, `endParameter` (tf), or `nil` when absent (proto2 default 1).
  public var endParameter: Float?
  /// Field 3, `decimalPrecision`, or `nil` when absent (proto2 default 2).
  public var decimalPrecision: UInt32?
  /// Field 4, `data`: zigzag-decoded `sint32` values, x0, y0, then per-channel deltas.
  public var data: [Int32]
  /// Field 5, `strokeWidth`: one absolute value, or an absolute value then deltas.
  public var strokeWidth: [Int32]
  /// Field 6, `strokeColor`: RGBA integers, the first absolute and the rest wrapping deltas.
  public var strokeColor: [Int32]
  /// Field 7, `strokePaint`: the index of a particle paint.
  public var strokePaint: UInt32?
  /// Field 8, `strokeParticlesRandomSeed`.
  public var strokeParticlesRandomSeed: UInt32?
  /// Field 9, `compositeOperation`, as the number on the wire (an `int32` enum, kept as the
  /// sign-extended 64-bit varint value).
  public var compositeOperation: Int64?
  /// Field 100, `id`.
  public var id: UInt32?
  /// Unknown fields, tag and value, as they were read; written back after the known fields.
  public var unknownFields: [UInt8]

  /// Creates a record; every field defaults to absent or empty.
  public init(
    startParameter: Float? = nil, endParameter: Float? = nil, decimalPrecision: UInt32? = nil,
    data: [Int32] = [], strokeWidth: [Int32] = [], strokeColor: [Int32] = [],
    strokePaint: UInt32? = nil, strokeParticlesRandomSeed: UInt32? = nil,
    compositeOperation: Int64? = nil, id: UInt32? = nil, unknownFields: [UInt8] = []
  ) {
    self.startParameter = startParameter
    self.endParameter = endParameter
    self.decimalPrecision = decimalPrecision
    self.data = data
    self.strokeWidth = strokeWidth
    self.strokeColor = strokeColor
    self.strokePaint = strokePaint
    self.strokeParticlesRandomSeed = strokeParticlesRandomSeed
    self.compositeOperation = compositeOperation
    self.id = id
    self.unknownFields = unknownFields
  }
}
