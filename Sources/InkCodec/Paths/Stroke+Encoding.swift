extension PathRecord {
  /// Quantises and delta-codes a stroke into a record.
  ///
  /// Absolute values are quantised first (round half away from zero) and the integers are then
  /// differenced, so that re-encoding never drifts. Fields the stroke does not store (see
  /// ``Stroke/WireRecord/storedFields``) are left out while they hold their defaults; a field
  /// whose value differs from its default (and `decimalPrecision` other than 2) is always written.
  /// - Parameters:
  ///   - stroke: The stroke.
  ///   - precision: The decimal precision; `nil` uses the stroke's own.
  /// - Throws: ``WillErrorKind/nonFiniteValue(channel:)`` for NaN or infinity,
  ///   ``WillErrorKind/valueTooLarge(channel:value:precision:)`` for a value or delta that does
  ///   not fit `Int32`, and ``WillErrorKind/unsupportedPrecision(_:)`` for a precision
  ///   outside 0…8.
  public init(quantizing stroke: Stroke, precision: Int? = nil) throws(WillError) {
    self.init()
    try assign(from: stroke, precision: precision)
  }

  /// Replaces this record's content with `stroke`, reusing the arrays' storage.
  mutating func assign(from stroke: Stroke, precision: Int?) throws(WillError) {
    let precision = precision ?? stroke.decimalPrecision
    guard FixedPoint.supportedPrecisions.contains(precision) else {
      throw WillError(.unsupportedPrecision(UInt32(clamping: precision)))
    }
    let stored = stroke.wire.storedFields
    guard stroke.startParameter.isFinite else {
      throw WillError(.nonFiniteValue(channel: "startParameter"))
    }
    guard stroke.endParameter.isFinite else {
      throw WillError(.nonFiniteValue(channel: "endParameter"))
    }
    // A field the record did not store is written anyway once its value is not the default:
    // a trimmed piece of an unstored-ts stroke keeps its trim.
    startParameter =
      stored.contains(.startParameter) || stroke.startParameter != 0 ? stroke.startParameter : nil
    endParameter =
      stored.contains(.endParameter) || stroke.endParameter != 1 ? stroke.endParameter : nil
    decimalPrecision =
      stored.contains(.decimalPrecision) || precision != FixedPoint.defaultPrecision
      ? UInt32(precision) : nil

    data.removeAll(keepingCapacity: true)
    data.reserveCapacity(stroke.points.count * 2)
    var previousX: Int32 = 0
    var previousY: Int32 = 0
    for point in stroke.points {
      let x = try Self.quantise(point.x, channel: "x", precision: precision)
      let y = try Self.quantise(point.y, channel: "y", precision: precision)
      data.append(try Self.delta(x, previousX, channel: "x", precision: precision))
      data.append(try Self.delta(y, previousY, channel: "y", precision: precision))
      previousX = x
      previousY = y
    }

    strokeWidth.removeAll(keepingCapacity: true)
    var previousWidth: Int32 = 0
    for width in stroke.widths {
      let quantised = try Self.quantise(width, channel: "width", precision: precision)
      strokeWidth.append(
        try Self.delta(quantised, previousWidth, channel: "width", precision: precision))
      previousWidth = quantised
    }

    strokeColor.removeAll(keepingCapacity: true)
    var previousColor: Int32 = 0
    for color in stroke.colors {
      let value = Int32(bitPattern: color.rgba)
      strokeColor.append(value &- previousColor)
      previousColor = value
    }

    strokePaint = stroke.paintIndex
    strokeParticlesRandomSeed = stroke.particlesRandomSeed
    compositeOperation =
      stored.contains(.compositeOperation) || stroke.blendMode != .sourceOver
      ? stroke.blendMode.rawValue : nil
    id = stroke.id
    unknownFields = stroke.wire.unknownFields
  }

  @inline(__always)
  private static func quantise(
    _ value: Double, channel: String, precision: Int
  ) throws(WillError) -> Int32 {
    guard value.isFinite else { throw WillError(.nonFiniteValue(channel: channel)) }
    guard let integer = FixedPoint.quantise(value, precision: precision) else {
      throw WillError(.valueTooLarge(channel: channel, value: value, precision: precision))
    }
    return integer
  }

  @inline(__always)
  private static func delta(
    _ value: Int32, _ previous: Int32, channel: String, precision: Int
  ) throws(WillError) -> Int32 {
    let (difference, overflow) = value.subtractingReportingOverflow(previous)
    if overflow {
      throw WillError(
        .valueTooLarge(
          channel: channel + " delta", value: Double(Int64(value) - Int64(previous)),
          precision: precision))
    }
    return difference
  }
}

extension Stroke {
  /// The stroke as one record (without a length prefix), quantised at `precision` (`nil`:
  /// its own): the bytes ``init(parsing:limits:)`` reads.
  /// - Throws: As ``PathRecord/init(quantizing:precision:)``.
  public func serialized(precision: Int? = nil) throws(WillError) -> [UInt8] {
    try PathRecord(quantizing: self, precision: precision).serialized()
  }
}
