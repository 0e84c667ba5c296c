/// One `Path` record's fields found and checked, ready to decode its channels into any
/// storage: a ``Stroke``'s own arrays, or a ``StrokeBuffer`` reused from record to record.
///
/// Counting comes first (values present in the bytes, never a declared count), so storage
/// is sized once and every channel decodes straight into it.
struct RecordChannels {
  let scan: PathFieldScan
  let base: UnsafeRawBufferPointer
  let precision: Int
  let scale: Double
  let startParameter: Float
  let endParameter: Float
  let pointCount: Int
  let widthCount: Int
  let colorCount: Int

  /// Scans the record that fills `reader`'s readable range and checks what can be checked
  /// before decoding: precision, ts/tf, and the channels' lengths under `limits`.
  init(parsing reader: inout WireReader, limits: DecodingLimits) throws(WillError) {
    base = reader.base
    scan = try PathFieldScan(parsing: &reader)

    let storedPrecision = scan.decimalPrecision ?? UInt32(FixedPoint.defaultPrecision)
    guard storedPrecision <= UInt32(FixedPoint.supportedPrecisions.upperBound) else {
      throw WillError(.unsupportedPrecision(storedPrecision), offset: scan.decimalPrecisionOffset)
    }
    precision = Int(storedPrecision)
    scale = FixedPoint.scales[precision]

    startParameter = Float(bitPattern: scan.startParameter ?? Float(0).bitPattern)
    endParameter = Float(bitPattern: scan.endParameter ?? Float(1).bitPattern)
    guard startParameter.isFinite else {
      throw WillError(.nonFiniteParameter(field: "startParameter"))
    }
    guard endParameter.isFinite else {
      throw WillError(.nonFiniteParameter(field: "endParameter"))
    }

    let valueCount = try scan.data.count(in: base)
    guard valueCount % 2 == 0 else {
      throw WillError(.oddCoordinateCount(valueCount), offset: scan.data.tagOffset)
    }
    pointCount = valueCount / 2
    try limits.check(.pointsPerStroke, pointCount, offset: scan.data.tagOffset)
    widthCount = try scan.strokeWidth.count(in: base)
    if widthCount > 1 && widthCount > pointCount {
      throw WillError(
        .channelLengthMismatch(channel: "strokeWidth", points: pointCount, values: widthCount),
        offset: scan.strokeWidth.tagOffset)
    }
    colorCount = try scan.strokeColor.count(in: base)
    if colorCount > 1 && colorCount > pointCount {
      throw WillError(
        .channelLengthMismatch(channel: "strokeColor", points: pointCount, values: colorCount),
        offset: scan.strokeColor.tagOffset)
    }
  }

  /// The stored blend-mode number, or source-over when none is stored.
  var blendMode: BlendMode {
    BlendMode(rawValue: Int64(bitPattern: scan.compositeOperation ?? 2))
  }

  /// Which optional scalar fields the record stores.
  var storedFields: Stroke.StoredFields {
    var stored: Stroke.StoredFields = []
    if scan.startParameter != nil { stored.insert(.startParameter) }
    if scan.endParameter != nil { stored.insert(.endParameter) }
    if scan.decimalPrecision != nil { stored.insert(.decimalPrecision) }
    if scan.compositeOperation != nil { stored.insert(.compositeOperation) }
    return stored
  }

  /// The unknown fields' bytes, in order, appended to `bytes`.
  func appendUnknownFields(to bytes: inout [UInt8]) {
    for range in scan.unknownFields {
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: base[range]))
    }
  }

  /// Decodes the `pointCount` points into `sink`, point by point.
  @inline(__always)
  func decodePoints<Sink: PointSink>(into sink: inout Sink) -> WillError? {
    var x: Int64 = 0
    var y: Int64 = 0
    var index = 0
    let scale = scale
    if let run = scan.data.singleRun {
      // The common case, one packed chunk: read x and y together, no per-value closure.
      var position = run.lowerBound
      while index < pointCount {
        let start = position
        guard let rawX = VarintRuns.readValue(base, &position) else {
          return scan.data.outOfRange(base, at: start, field: "data")
        }
        let middle = position
        guard let rawY = VarintRuns.readValue(base, &position) else {
          return scan.data.outOfRange(base, at: middle, field: "data")
        }
        x &+= Int64(ZigZag.decoded(rawX))
        y &+= Int64(ZigZag.decoded(rawY))
        guard x == Int64(Int32(truncatingIfNeeded: x)) else {
          return WillError(.integerOverflow(channel: "data"), offset: start)
        }
        guard y == Int64(Int32(truncatingIfNeeded: y)) else {
          return WillError(.integerOverflow(channel: "data"), offset: middle)
        }
        sink.store(index, x: Double(x) / scale, y: Double(y) / scale)
        index &+= 1
      }
      return nil
    }
    var isY = false
    return scan.data.forEachValue(in: base, field: "data") { raw, _ in
      let delta = Int64(ZigZag.decoded(raw))
      if isY {
        y &+= delta
        guard y == Int64(Int32(truncatingIfNeeded: y)) else { return false }
        sink.store(index, x: Double(x) / scale, y: Double(y) / scale)
        index &+= 1
      } else {
        x &+= delta
        guard x == Int64(Int32(truncatingIfNeeded: x)) else { return false }
      }
      isY.toggle()
      return true
    }
  }

  /// Decodes the `widthCount` widths into `widths`.
  func decodeWidths(into widths: UnsafeMutableBufferPointer<Double>) -> WillError? {
    var width: Int64 = 0
    var index = 0
    let scale = scale
    return scan.strokeWidth.forEachValue(in: base, field: "strokeWidth") { raw, _ in
      width &+= Int64(ZigZag.decoded(raw))
      guard width == Int64(Int32(truncatingIfNeeded: width)) else { return false }
      widths[index] = Double(width) / scale
      index &+= 1
      return true
    }
  }

  /// Decodes the `colorCount` colours into `colors`.
  func decodeColors(into colors: UnsafeMutableBufferPointer<InkColor>) -> WillError? {
    var color: Int32 = 0
    var index = 0
    // Colours are RGBA bit patterns: their deltas wrap around, as universal-ink-library sums them.
    return scan.strokeColor.forEachValue(in: base, field: "strokeColor") { raw, _ in
      color &+= ZigZag.decoded(raw)
      colors[index] = InkColor(rgba: UInt32(bitPattern: color))
      index &+= 1
      return true
    }
  }
}

/// Where decoded points go: a stroke's `[InkPoint]`, or a buffer's separate x and y arrays.
protocol PointSink {
  mutating func store(_ index: Int, x: Double, y: Double)
}

/// Points into interleaved `InkPoint` storage.
struct InterleavedPoints: PointSink {
  let points: UnsafeMutableBufferPointer<InkPoint>
  @inline(__always) func store(_ index: Int, x: Double, y: Double) {
    points.initializeElement(at: index, to: InkPoint(x: x, y: y))
  }
}

/// Points into one array of x and one of y.
struct SeparatePoints: PointSink {
  let x: UnsafeMutableBufferPointer<Double>
  let y: UnsafeMutableBufferPointer<Double>
  @inline(__always) func store(_ index: Int, x: Double, y: Double) {
    self.x[index] = x
    self.y[index] = y
  }
}
