/// One UIM stroke: a Catmull-Rom spline with per-point channels, its style and its link to the
/// sensor data it was made from.
///
/// Channel values are `Double`s. A stroke read from `splineCompressed` (fixed point) holds
/// `Σ deltas / 10^p` computed as Wacom's library computes it (a running `Double` sum), so the
/// values equal its `UIMParser`'s and round back to the stored integers on writing; a stroke
/// read from `splineData` holds the stored `Float`s exactly. Colour channels hold 0…255.
public struct UIMStroke: Sendable, Hashable, Codable {
  /// How the channels are stored.
  public enum SplineFormat: Sendable, Hashable, Codable {
    /// No spline message.
    case none
    /// `splineData`: `Float`s.
    case floats
    /// `splineCompressed`: fixed point at ``UIMStroke/precisions``, delta-coded.
    case fixedPoint
  }

  /// The stroke's identifier.
  public var id: UIMIdentifier?
  /// The decimal precisions of the fixed-point channels.
  public var precisions = UIMPrecisionScheme(rawValue: 0)
  /// ts: where the first Catmull-Rom segment starts, 0…1.
  public var startParameter: Float = 0
  /// tf: where the last segment ends, 0…1 (proto3: absent reads as 0).
  public var endParameter: Float = 0
  /// How the channels are stored.
  public var splineFormat: SplineFormat = .none
  /// The channels' values, indexed by ``UIMSplineChannel``; empty for a channel not stored.
  public private(set) var channelValues: [[Double]] = Array(repeating: [], count: 15)
  /// The static point values.
  public var properties: UIMStyleReference<UIMPathPointProperties> = .none
  /// The brush URI.
  public var brushURI: UIMStyleReference<String> = .none
  /// The render mode URI; none means `…/blend-mode/SourceOver`.
  public var renderModeURI: UIMStyleReference<String> = .none
  /// The seed of a particle brush's randomness.
  public var randomSeed: UInt32 = 0
  /// The sensor sample of the first spline point.
  public var sensorDataOffset: UInt32 = 0
  /// The ``UIMSensorData`` this stroke came from.
  public var sensorDataID: UIMIdentifier?
  /// The sensor sample of every spline point, when stored.
  public var sensorDataMapping: [UInt32] = []
  /// Fields of the stroke this library does not know, written back after the known ones.
  public var unknownFields: [UInt8] = []
  /// Fields of the spline message this library does not know.
  public var splineUnknownFields: [UInt8] = []

  /// Creates an empty stroke.
  public init(id: UIMIdentifier? = nil) { self.id = id }

  /// The values of `channel`; empty when the stroke does not store it.
  public subscript(channel: UIMSplineChannel) -> [Double] {
    get { channelValues[channel.rawValue - 1] }
    set { channelValues[channel.rawValue - 1] = newValue }
  }

  /// The channels the stroke stores, in field order.
  public var storedChannels: [UIMSplineChannel] {
    UIMSplineChannel.allCases.filter { !self[$0].isEmpty }
  }

  /// The number of points: the length of the x channel.
  public var pointCount: Int { self[.x].count }

  /// The layout mask the SDKs derive from the stored channels.
  public var layoutMask: UInt32 {
    storedChannels.reduce(0) { $0 | $1.layoutMaskBit }
  }

  /// The precision `channel` is stored at (0 for colour and float channels).
  public func precision(of channel: UIMSplineChannel) -> Int {
    guard splineFormat == .fixedPoint, let group = channel.precisionGroup else { return 0 }
    return precisions.precision(of: group)
  }

  // MARK: Reading

  init(reading r: inout MessageReader, limits: DecodingLimits) throws(WillError) {
    // Made with the spline message: a stroke without one allocates nothing more.
    var deltas: [[Int32]] = []
    var colors: [[UInt32]] = []
    var floats: [[Float]] = []
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: id = try r.identifier("Stroke.id", legacyText: false)
      case 2: precisions = UIMPrecisionScheme(rawValue: try r.sint32("Stroke.precisions"))
      case 3: startParameter = try r.float("Stroke.startParameter")
      case 4: endParameter = try r.float("Stroke.endParameter")
      case 5, 6:
        let compressed = tag.fieldNumber == 6
        splineFormat = compressed ? .fixedPoint : .floats
        deltas = Array(repeating: [], count: 15)
        colors = Array(repeating: [], count: 15)
        floats = Array(repeating: [], count: 15)
        var m = try r.message(compressed ? "Stroke.splineCompressed" : "Stroke.splineData")
        while let inner = try m.next() {
          guard let channel = UIMSplineChannel(rawValue: Int(inner.fieldNumber)) else {
            try m.keepUnknown()
            continue
          }
          let index = channel.rawValue - 1
          let name = "Stroke.spline." + channel.name
          if channel.isColor {
            try m.appendUInt32s(name, to: &colors[index])
          } else if compressed {
            try m.appendSInt32s(name, to: &deltas[index])
          } else {
            try m.appendFloats(name, to: &floats[index])
          }
        }
        splineUnknownFields = m.unknown
      case 7: properties = .index(try r.uint32("Stroke.propertiesIndex"))
      case 8:
        var m = try r.message("Stroke.propertiesValue")
        properties = .value(try UIMPathPointProperties(reading: &m))
      case 9: brushURI = .index(try r.uint32("Stroke.brushURIIndex"))
      case 10: brushURI = .value(try r.string("Stroke.brushURIValue"))
      case 11: renderModeURI = .index(try r.uint32("Stroke.renderModeURIIndex"))
      case 12: renderModeURI = .value(try r.string("Stroke.renderModeURIValue"))
      case 13: randomSeed = try r.uint32("Stroke.randomSeed")
      case 14: sensorDataOffset = try r.uint32("Stroke.sensorDataOffset")
      case 15: sensorDataID = try r.identifier("Stroke.sensorDataID", legacyText: false)
      case 16: try r.appendUInt32s("Stroke.sensorDataMapping", to: &sensorDataMapping)
      default: try r.keepUnknown()
      }
    }
    unknownFields = r.unknown
    for channel in UIMSplineChannel.allCases where splineFormat != .none {
      let index = channel.rawValue - 1
      if channel.isColor {
        channelValues[index] = colors[index].map(Double.init)
      } else if splineFormat == .fixedPoint {
        channelValues[index] = Self.decode(deltas[index], precision: precision(of: channel))
      } else {
        channelValues[index] = floats[index].map(Double.init)
      }
    }
    try checkChannelLengths(limits: limits)
  }

  /// `Σ deltas / 10^p` as Wacom's library computes it: `last = last + d / 10^p`.
  static func decode(_ deltas: [Int32], precision: Int) -> [Double] {
    let factor = UIMPrecisionScheme.power(of: precision)
    var last = 0.0
    var values: [Double] = []
    values.reserveCapacity(deltas.count)
    for delta in deltas {
      last = last + Double(delta) / factor
      values.append(last)
    }
    return values
  }

  /// Throws unless every stored channel has one value per point, within the limits.
  func checkChannelLengths(limits: DecodingLimits) throws(WillError) {
    let points = pointCount
    try limits.check(.pointsPerStroke, points)
    for channel in storedChannels where self[channel].count != points {
      throw WillError(
        .channelLengthMismatch(channel: channel.name, points: points, values: self[channel].count))
    }
  }

  // MARK: Writing

  /// Writes the stroke as a UIM 3.1.0 `Stroke` message.
  /// - Throws: ``WillErrorKind/valueTooLarge(channel:value:precision:)`` when a fixed-point
  ///   value or difference does not fit `Int32`, ``WillErrorKind/nonFiniteValue(channel:)``
  ///   for NaN or infinity in a fixed-point channel,
  ///   ``WillErrorKind/channelLengthMismatch(channel:points:values:)`` for a channel whose
  ///   length is not the point count.
  func encode(into w: inout WireBuffer) throws(WillError) {
    let points = pointCount
    for channel in storedChannels where self[channel].count != points {
      throw WillError(
        .channelLengthMismatch(channel: channel.name, points: points, values: self[channel].count))
    }
    w.identifier(1, id)
    if splineFormat == .fixedPoint && precisions.rawValue != 0 { w.sint32(2, precisions.rawValue) }
    w.nonZeroFloat(3, startParameter)
    w.nonZeroFloat(4, endParameter)
    if splineFormat != .none {
      var spline = WireBuffer()
      for channel in UIMSplineChannel.allCases {
        let values = self[channel]
        let field = UInt32(channel.rawValue)
        if channel.isColor {
          spline.packedVarints(field, values.lazy.map { UInt64(Self.colorValue($0)) })
        } else if splineFormat == .fixedPoint {
          let deltas = try Self.encode(values, channel: channel, precision: precision(of: channel))
          spline.packedVarints(field, deltas.lazy.map { UInt64(ZigZag.encoded($0)) })
        } else {
          spline.packedFloats(field, values.map(Float.init))
        }
      }
      spline.bytes += splineUnknownFields
      w.bytes(splineFormat == .fixedPoint ? 6 : 5, spline.bytes)
    }
    switch properties {
    case .none: break
    case .index(let index): w.varint(7, UInt64(index))
    case .value(let value): w.message(8) { value.encode(into: &$0) }
    }
    switch brushURI {
    case .none: break
    case .index(let index): w.varint(9, UInt64(index))
    case .value(let value): w.string(10, value)
    }
    switch renderModeURI {
    case .none: break
    case .index(let index): w.varint(11, UInt64(index))
    case .value(let value): w.string(12, value)
    }
    w.uint32(13, randomSeed)
    w.uint32(14, sensorDataOffset)
    w.identifier(15, sensorDataID)
    w.packedVarints(16, sensorDataMapping.lazy.map { UInt64($0) })
    w.bytes += unknownFields
  }

  /// A colour channel value as stored: clamped to `UInt32`, NaN as 0 (a value read from a
  /// file is already an integer in range; one set by a caller may be anything).
  static func colorValue(_ value: Double) -> UInt32 {
    guard value > 0 else { return 0 }
    return value < 4_294_967_295 ? UInt32(value) : .max
  }

  /// The stored differences of a fixed-point channel: `round(v · 10^p)` (half to even, as
  /// Wacom's encoder rounds), then differences.
  static func encode(_ values: [Double], channel: UIMSplineChannel, precision: Int)
    throws(WillError) -> [Int32]
  {
    let factor = UIMPrecisionScheme.power(of: precision)
    var deltas: [Int32] = []
    deltas.reserveCapacity(values.count)
    var previous: Int64 = 0
    for value in values {
      guard value.isFinite else { throw WillError(.nonFiniteValue(channel: channel.name)) }
      let scaled = (value * factor).rounded(.toNearestOrEven)
      guard abs(scaled) < 0x1p62, let delta = Int32(exactly: Int64(scaled) - previous) else {
        throw WillError(
          .valueTooLarge(channel: channel.name, value: value, precision: precision))
      }
      deltas.append(delta)
      previous = Int64(scaled)
    }
    return deltas
  }
}
