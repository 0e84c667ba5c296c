extension Stroke {
  /// Decodes one record (without its length prefix).
  /// - Parameters:
  ///   - record: The record's bytes.
  ///   - limits: Bounds on the number of points.
  /// - Throws: ``WillError`` with the offset within `record` of the first bad byte.
  public init(parsing record: [UInt8], limits: DecodingLimits = .default) throws(WillError) {
    self = try record.withWireBytes { (buffer) throws(WillError) -> Stroke in
      var reader = WireReader(buffer)
      return try Stroke(parsing: &reader, limits: limits)
    }
  }

  /// Decodes the record that fills `reader`'s readable range, in one pass per channel and
  /// without allocating per point.
  init(parsing reader: inout WireReader, limits: DecodingLimits) throws(WillError) {
    let record = try RecordChannels(parsing: &reader, limits: limits)
    try CheckedAllocation.probe(bytes: record.pointCount * MemoryLayout<InkPoint>.stride)
    var failure: WillError?
    let points = [InkPoint](unsafeUninitializedCapacity: record.pointCount) {
      buffer, initialized in
      var sink = InterleavedPoints(points: buffer)
      failure = record.decodePoints(into: &sink)
      initialized = failure == nil ? record.pointCount : 0
    }
    if let failure { throw failure }
    let widths = [Double](unsafeUninitializedCapacity: record.widthCount) {
      buffer, initialized in
      failure = record.decodeWidths(into: buffer)
      initialized = failure == nil ? record.widthCount : 0
    }
    if let failure { throw failure }
    let colors = [InkColor](unsafeUninitializedCapacity: record.colorCount) {
      buffer, initialized in
      failure = record.decodeColors(into: buffer)
      initialized = failure == nil ? record.colorCount : 0
    }
    if let failure { throw failure }

    self.init(
      points: points, widths: widths, colors: colors, startParameter: record.startParameter,
      endParameter: record.endParameter, blendMode: record.blendMode,
      paintIndex: record.scan.strokePaint, particlesRandomSeed: record.scan.particlesRandomSeed,
      id: record.scan.id, decimalPrecision: record.precision)
    wire.storedFields = record.storedFields
    if !record.scan.unknownFields.isEmpty { record.appendUnknownFields(to: &wire.unknownFields) }
  }
}
