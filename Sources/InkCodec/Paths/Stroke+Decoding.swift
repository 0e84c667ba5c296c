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
    let base = reader.base
    let scan = try PathFieldScan(parsing: &reader)

    let storedPrecision = scan.decimalPrecision ?? UInt32(FixedPoint.defaultPrecision)
    guard storedPrecision <= UInt32(FixedPoint.supportedPrecisions.upperBound) else {
      throw WillError(.unsupportedPrecision(storedPrecision), offset: scan.decimalPrecisionOffset)
    }
    let precision = Int(storedPrecision)
    let scale = FixedPoint.scales[precision]

    let ts = Float(bitPattern: scan.startParameter ?? Float(0).bitPattern)
    let tf = Float(bitPattern: scan.endParameter ?? Float(1).bitPattern)
    guard ts.isFinite else { throw WillError(.nonFiniteParameter(field: "startParameter")) }
    guard tf.isFinite else { throw WillError(.nonFiniteParameter(field: "endParameter")) }

    let valueCount = try scan.data.count(in: base)
    guard valueCount % 2 == 0 else {
      throw WillError(.oddCoordinateCount(valueCount), offset: scan.data.tagOffset)
    }
    let pointCount = valueCount / 2
    try limits.check(.pointsPerStroke, pointCount, offset: scan.data.tagOffset)
    let widthCount = try scan.strokeWidth.count(in: base)
    if widthCount > 1 && widthCount > pointCount {
      throw WillError(
        .channelLengthMismatch(channel: "strokeWidth", points: pointCount, values: widthCount),
        offset: scan.strokeWidth.tagOffset)
    }
    let colorCount = try scan.strokeColor.count(in: base)
    if colorCount > 1 && colorCount > pointCount {
      throw WillError(
        .channelLengthMismatch(channel: "strokeColor", points: pointCount, values: colorCount),
        offset: scan.strokeColor.tagOffset)
    }

    try CheckedAllocation.probe(bytes: pointCount * MemoryLayout<InkPoint>.stride)
    var failure: WillError?
    let points = [InkPoint](unsafeUninitializedCapacity: pointCount) { buffer, initialized in
      var x: Int64 = 0
      var y: Int64 = 0
      var index = 0
      if let run = scan.data.singleRun {
        // The common case, one packed chunk: read x and y together, no per-value closure.
        var position = run.lowerBound
        while index < pointCount {
          let start = position
          guard let rawX = VarintRuns.readValue(base, &position) else {
            failure = scan.data.outOfRange(base, at: start, field: "data")
            break
          }
          let middle = position
          guard let rawY = VarintRuns.readValue(base, &position) else {
            failure = scan.data.outOfRange(base, at: middle, field: "data")
            break
          }
          x &+= Int64(ZigZag.decoded(rawX))
          y &+= Int64(ZigZag.decoded(rawY))
          guard x == Int64(Int32(truncatingIfNeeded: x)) else {
            failure = WillError(.integerOverflow(channel: "data"), offset: start)
            break
          }
          guard y == Int64(Int32(truncatingIfNeeded: y)) else {
            failure = WillError(.integerOverflow(channel: "data"), offset: middle)
            break
          }
          buffer[index] = InkPoint(x: Double(x) / scale, y: Double(y) / scale)
          index &+= 1
        }
        initialized = failure == nil ? pointCount : 0
        return
      }
      var isY = false
      failure = scan.data.forEachValue(in: base, field: "data") { raw, _ in
        let delta = Int64(ZigZag.decoded(raw))
        if isY {
          y &+= delta
          guard y == Int64(Int32(truncatingIfNeeded: y)) else { return false }
          buffer[index] = InkPoint(x: Double(x) / scale, y: Double(y) / scale)
          index &+= 1
        } else {
          x &+= delta
          guard x == Int64(Int32(truncatingIfNeeded: x)) else { return false }
        }
        isY.toggle()
        return true
      }
      initialized = failure == nil ? pointCount : 0
    }
    if let failure { throw failure }

    let widths = [Double](unsafeUninitializedCapacity: widthCount) { buffer, initialized in
      var width: Int64 = 0
      var index = 0
      failure = scan.strokeWidth.forEachValue(in: base, field: "strokeWidth") { raw, _ in
        width &+= Int64(ZigZag.decoded(raw))
        guard width == Int64(Int32(truncatingIfNeeded: width)) else { return false }
        buffer[index] = Double(width) / scale
        index &+= 1
        return true
      }
      initialized = failure == nil ? widthCount : 0
    }
    if let failure { throw failure }

    let colors = [InkColor](unsafeUninitializedCapacity: colorCount) { buffer, initialized in
      var color: Int32 = 0
      var index = 0
      // Colours are RGBA bit patterns: their deltas wrap around, as universal-ink-library sums them.
      failure = scan.strokeColor.forEachValue(in: base, field: "strokeColor") { raw, _ in
        color &+= ZigZag.decoded(raw)
        buffer[index] = InkColor(rgba: UInt32(bitPattern: color))
        index &+= 1
        return true
      }
      initialized = failure == nil ? colorCount : 0
    }
    if let failure { throw failure }

    self.init(
      points: points, widths: widths, colors: colors, startParameter: ts, endParameter: tf,
      blendMode: BlendMode(rawValue: Int64(bitPattern: scan.compositeOperation ?? 2)),
      paintIndex: scan.strokePaint, particlesRandomSeed: scan.particlesRandomSeed, id: scan.id,
      decimalPrecision: precision)
    var stored: StoredFields = []
    if scan.startParameter != nil { stored.insert(.startParameter) }
    if scan.endParameter != nil { stored.insert(.endParameter) }
    if scan.decimalPrecision != nil { stored.insert(.decimalPrecision) }
    if scan.compositeOperation != nil { stored.insert(.compositeOperation) }
    wire.storedFields = stored
    if !scan.unknownFields.isEmpty {
      wire.unknownFields = scan.unknownFields.flatMap {
        Array(UnsafeRawBufferPointer(rebasing: base[$0]))
      }
    }
  }
}
