/// One stroke's values in storage that is reused from record to record: separate arrays of
/// x, y, widths and colours that only grow, so decoding a stream stroke by stroke with
/// ``InkDecoder/next(into:)`` allocates only when a stroke is larger than every one before it.
///
/// What a ``Stroke`` holds, without a `Stroke` per record: for validators, exporters and
/// renderers that look at each stroke once. ``stroke()`` makes the value when one is wanted.
///
/// ```swift
/// var decoder = InkDecoder(bytes: stream)
/// var buffer = StrokeBuffer()
/// var longest = 0
/// while try decoder.next(into: &buffer) {
///     longest = max(longest, buffer.pointCount)
/// }
/// ```
public struct StrokeBuffer: Sendable {
  private var xStorage: [Double] = []
  private var yStorage: [Double] = []
  private var widthStorage: [Double] = []
  private var colorStorage: [InkColor] = []

  /// The number of control points.
  public private(set) var pointCount = 0
  /// The number of widths stored: none, one (constant) or one per point.
  public private(set) var widthCount = 0
  /// The number of colours stored: none, one or one per point.
  public private(set) var colorCount = 0
  /// ts: where the first Catmull-Rom segment starts.
  public private(set) var startParameter: Float = 0
  /// tf: where the last Catmull-Rom segment ends.
  public private(set) var endParameter: Float = 1
  /// How the stroke is composited, as stored.
  public private(set) var blendMode = BlendMode.sourceOver
  /// The particle paint's index, if any.
  public private(set) var paintIndex: UInt32?
  /// The particle brush's seed, if any.
  public private(set) var particlesRandomSeed: UInt32?
  /// The stroke's id (field 100), if any.
  public private(set) var id: UInt32?
  /// The decimal precision the values were read at.
  public private(set) var decimalPrecision = FixedPoint.defaultPrecision
  /// Which optional scalar fields the record stores.
  public private(set) var storedFields: Stroke.StoredFields = .all
  /// The record's unknown fields, as raw bytes.
  public private(set) var unknownFields: [UInt8] = []
  /// Where the record was in its stream, length prefix included.
  public internal(set) var recordRange: Range<Int> = 0..<0
  /// ``bounds`` of the stroke in the buffer, once ``rememberBounds()`` has computed it.
  private var rememberedBounds: InkBounds?

  /// An empty buffer; storage grows with the first strokes decoded into it.
  public init() {}

  /// The x coordinates of the control points.
  public var x: ArraySlice<Double> { xStorage[..<pointCount] }
  /// The y coordinates of the control points.
  public var y: ArraySlice<Double> { yStorage[..<pointCount] }
  /// The widths as stored (see ``Stroke/widths``).
  public var widths: ArraySlice<Double> { widthStorage[..<widthCount] }
  /// The colours as stored (see ``Stroke/colors``).
  public var colors: ArraySlice<InkColor> { colorStorage[..<colorCount] }

  /// The box around the control points, or `nil` for a stroke without points.
  public var bounds: InkBounds? {
    if let rememberedBounds { return rememberedBounds }
    guard pointCount > 0 else { return nil }
    return xStorage.withUnsafeBufferPointer { x in
      yStorage.withUnsafeBufferPointer { y in
        var (minX, maxX, minY, maxY) = (x[0], x[0], y[0], y[0])
        for index in 1..<pointCount {
          minX = Swift.min(minX, x[index])
          maxX = Swift.max(maxX, x[index])
          minY = Swift.min(minY, y[index])
          maxY = Swift.max(maxY, y[index])
        }
        return InkBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
      }
    }
  }

  /// Computes ``bounds`` once for the stroke now in the buffer, for readers that ask more
  /// than once (validation, then `inspect`); the next decode forgets it.
  mutating func rememberBounds() {
    rememberedBounds = nil
    rememberedBounds = bounds
  }

  /// The stroke as a value of its own, equal to what ``InkDecoder/next()`` returns for the
  /// same record.
  public func stroke() -> Stroke {
    var stroke = Stroke(
      points: (0..<pointCount).map { InkPoint(x: xStorage[$0], y: yStorage[$0]) },
      widths: Array(widths), colors: Array(colors), startParameter: startParameter,
      endParameter: endParameter, blendMode: blendMode, paintIndex: paintIndex,
      particlesRandomSeed: particlesRandomSeed, id: id, decimalPrecision: decimalPrecision)
    stroke.wire = Stroke.WireRecord(
      storedFields: storedFields, unknownFields: unknownFields, recordRange: recordRange)
    return stroke
  }

  /// Decodes the record that fills `reader`'s readable range into the buffer. On failure
  /// the buffer holds no stroke.
  mutating func decode(_ reader: inout WireReader, limits: DecodingLimits) throws(WillError) {
    pointCount = 0
    widthCount = 0
    colorCount = 0
    rememberedBounds = nil
    let record = try RecordChannels(parsing: &reader, limits: limits)
    try Self.reserve(&xStorage, record.pointCount, filler: 0)
    try Self.reserve(&yStorage, record.pointCount, filler: 0)
    try Self.reserve(&widthStorage, record.widthCount, filler: 0)
    try Self.reserve(&colorStorage, record.colorCount, filler: .black)
    let failure =
      xStorage.withUnsafeMutableBufferPointer { x in
        yStorage.withUnsafeMutableBufferPointer { y in
          var sink = SeparatePoints(x: x, y: y)
          return record.decodePoints(into: &sink)
        }
      }
      ?? widthStorage.withUnsafeMutableBufferPointer { record.decodeWidths(into: $0) }
      ?? colorStorage.withUnsafeMutableBufferPointer { record.decodeColors(into: $0) }
    if let failure { throw failure }
    pointCount = record.pointCount
    widthCount = record.widthCount
    colorCount = record.colorCount
    startParameter = record.startParameter
    endParameter = record.endParameter
    blendMode = record.blendMode
    paintIndex = record.scan.strokePaint
    particlesRandomSeed = record.scan.particlesRandomSeed
    id = record.scan.id
    decimalPrecision = record.precision
    storedFields = record.storedFields
    unknownFields.removeAll(keepingCapacity: true)
    if !record.scan.unknownFields.isEmpty { record.appendUnknownFields(to: &unknownFields) }
  }

  /// Grows `storage` to hold `count` elements: to the larger of `count` and twice its size,
  /// so a stream of growing strokes reallocates a logarithmic number of times.
  private static func reserve<Element>(
    _ storage: inout [Element], _ count: Int, filler: Element
  ) throws(WillError) {
    guard storage.count < count else { return }
    let size = Swift.max(count, storage.count * 2)
    try CheckedAllocation.probe(Element.self, count: size)
    storage = [Element](repeating: filler, count: size)
  }
}
