/// A stroke: the decoded content of one `Path` record.
///
/// Control points are Catmull-Rom control points. Widths and colours are kept as the record
/// stores them: no values means none was stored, one value is constant for the whole stroke,
/// and more values are per point. A list shorter than the points (but longer than one) repeats
/// its last value, as Wacom documents; ``width(at:)`` and ``color(at:)`` apply that rule.
///
/// Values are `Double`, exactly `Double(integer) / 10^p` as Wacom's decoders compute them, so
/// a decoded stroke re-encodes to the same integers at its ``decimalPrecision``. Field presence,
/// the stored blend-mode number and unknown fields are kept too, so re-encoding a decoded
/// stroke reproduces its record byte for byte.
///
/// Build one from interleaved values as the WILL SDK does:
/// ```swift
/// let stroke = Stroke(
///     points: [10, 10, 2.5,  20, 15, 2.5,  30, 30, 3.0,  40, 30, 3.0],
///     layout: .xyWidth, color: InkColor(red: 0, green: 0, blue: 200))
/// ```
public struct Stroke: Sendable, Hashable, Codable {
  /// Which optional scalar fields a record stores; absent fields take their proto2 defaults.
  public struct StoredFields: OptionSet, Sendable, Hashable, Codable {
    /// The option bits.
    public var rawValue: UInt8
    /// Creates a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Field 1, ts.
    public static let startParameter = StoredFields(rawValue: 1)
    /// Field 2, tf.
    public static let endParameter = StoredFields(rawValue: 2)
    /// Field 3, decimalPrecision.
    public static let decimalPrecision = StoredFields(rawValue: 4)
    /// Field 9, compositeOperation.
    public static let compositeOperation = StoredFields(rawValue: 8)
    /// What every WILL writer stores: all four.
    public static let all: StoredFields = [
      .startParameter, .endParameter, .decimalPrecision, .compositeOperation,
    ]
  }

  /// How a record stored the stroke beyond its values: bookkeeping that only matters for
  /// writing the same bytes again.
  public struct WireRecord: Sendable, Hashable {
    /// Which optional scalar fields the record stores (every one, for a new stroke).
    public var storedFields: StoredFields
    /// Unknown fields of the record, kept as raw bytes and written back unchanged.
    public var unknownFields: [UInt8]

    /// Where the record was in its part, length prefix included, as the decoder found it
    /// (`nil` for a new stroke). Diagnostics take their offsets from here, exact whatever
    /// the record's layout. Where a stroke was read is not part of what it is: `==` and
    /// hashing leave it out.
    public var recordRange: Range<Int>?

    /// Creates the bookkeeping of a new stroke, or of a record as read.
    public init(
      storedFields: StoredFields = .all, unknownFields: [UInt8] = [],
      recordRange: Range<Int>? = nil
    ) {
      self.storedFields = storedFields
      self.unknownFields = unknownFields
      self.recordRange = recordRange
    }

    public static func == (lhs: WireRecord, rhs: WireRecord) -> Bool {
      lhs.storedFields == rhs.storedFields && lhs.unknownFields == rhs.unknownFields
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(storedFields)
      hasher.combine(unknownFields)
    }
  }

  /// The control points.
  public var points: [InkPoint]
  /// The widths: empty (none stored), one (constant) or one per point.
  public var widths: [Double]
  /// The colours: empty (none stored), one (the stroke's colour) or one per point.
  public var colors: [InkColor]
  /// ts: where the first Catmull-Rom segment starts, 0…1 (default 0).
  public var startParameter: Float
  /// tf: where the last Catmull-Rom segment ends, 0…1 (default 1).
  public var endParameter: Float
  /// How the stroke is composited.
  public var blendMode: BlendMode
  /// The index of a particle paint in the document's paints part, if any.
  public var paintIndex: UInt32?
  /// The seed of the particle brush's random generator, if any.
  public var particlesRandomSeed: UInt32?
  /// The stroke's id (field 100), if any.
  public var id: UInt32?
  /// The decimal precision the values were read at, and are written at by default.
  public var decimalPrecision: Int
  /// How the record this stroke was read from stored it (field presence, unknown fields),
  /// so that re-encoding reproduces the record byte for byte. Not part of the `Codable`
  /// form, which holds the stroke's content: a decoded JSON stroke is a new stroke.
  public var wire = WireRecord()

  private enum CodingKeys: String, CodingKey {
    case points, widths, colors, startParameter, endParameter, blendMode, paintIndex
    case particlesRandomSeed, id, decimalPrecision
  }

  /// Creates a stroke from its channels.
  /// - Parameters:
  ///   - points: The control points.
  ///   - widths: No value, one constant width, or one width per point.
  ///   - colors: No value, one colour, or one colour per point.
  ///   - startParameter: ts, 0 for a whole stroke.
  ///   - endParameter: tf, 1 for a whole stroke.
  ///   - blendMode: The compositing mode.
  ///   - paintIndex: A particle paint, if any.
  ///   - particlesRandomSeed: The particle brush's seed, if any.
  ///   - id: The stroke's id, if any.
  ///   - decimalPrecision: The precision to write at by default.
  public init(
    points: [InkPoint], widths: [Double], colors: [InkColor] = [.black],
    startParameter: Float = 0, endParameter: Float = 1, blendMode: BlendMode = .sourceOver,
    paintIndex: UInt32? = nil, particlesRandomSeed: UInt32? = nil, id: UInt32? = nil,
    decimalPrecision: Int = FixedPoint.defaultPrecision
  ) {
    self.points = points
    self.widths = widths
    self.colors = colors
    self.startParameter = startParameter
    self.endParameter = endParameter
    self.blendMode = blendMode
    self.paintIndex = paintIndex
    self.particlesRandomSeed = particlesRandomSeed
    self.id = id
    self.decimalPrecision = decimalPrecision
  }

  /// Creates a stroke from interleaved values, as the WILL SDK's stroke builders produce them.
  ///
  /// - Parameters:
  ///   - values: `layout.stride` values per point.
  ///   - layout: Which channels `values` holds.
  ///   - width: The constant width, used when `layout` has no width channel.
  ///   - color: The stroke's colour. With an alpha channel, each point's colour is this RGB
  ///     with alpha `floor(a · 255 + 0.5)`.
  ///   - startParameter: ts.
  ///   - endParameter: tf.
  ///   - blendMode: The compositing mode.
  /// - Precondition: `values.count` is a multiple of `layout.stride`.
  public init(
    points values: [Double], layout: StrokeLayout, width: Double? = nil,
    color: InkColor = .black, startParameter: Float = 0, endParameter: Float = 1,
    blendMode: BlendMode = .sourceOver
  ) {
    let stride = layout.stride
    precondition(values.count % stride == 0, "points.count must be a multiple of the stride")
    let count = values.count / stride
    var points: [InkPoint] = []
    points.reserveCapacity(count)
    var widths: [Double] = []
    var colors: [InkColor] = []
    for index in 0..<count {
      let base = index * stride
      points.append(InkPoint(x: values[base], y: values[base + 1]))
      if layout.hasWidth { widths.append(values[base + 2]) }
      if layout.hasAlpha {
        var pointColor = color
        pointColor.alpha = InkColor.alphaByte(values[base + stride - 1])
        colors.append(pointColor)
      }
    }
    if !layout.hasWidth, let width { widths = [width] }
    if !layout.hasAlpha { colors = [color] }
    self.init(
      points: points, widths: widths, colors: colors, startParameter: startParameter,
      endParameter: endParameter, blendMode: blendMode)
  }

  /// The number of control points.
  public var pointCount: Int { points.count }

  /// The channels each point carries, derived from how many widths and colours are stored.
  public var layout: StrokeLayout {
    StrokeLayout(hasWidth: widths.count > 1, hasAlpha: colors.count > 1)
  }

  /// The constant width, when the stroke stores exactly one.
  public var constantWidth: Double? { widths.count == 1 ? widths[0] : nil }

  /// The stroke's colour: the first stored colour, if any.
  public var color: InkColor? { colors.first }

  /// The width at point `index`: the constant width, the point's own, or the last stored
  /// width for a short list. `nil` when no width is stored.
  public func width(at index: Int) -> Double? {
    widths.isEmpty ? nil : widths[min(index, widths.count - 1)]
  }

  /// The colour at point `index`, by the same rule as ``width(at:)``.
  public func color(at index: Int) -> InkColor? {
    colors.isEmpty ? nil : colors[min(index, colors.count - 1)]
  }

  /// The alpha at point `index`, 0…1, from ``color(at:)``.
  public func alpha(at index: Int) -> Double? {
    color(at: index).map { Double($0.alpha) / 255 }
  }

  /// The points as interleaved values in ``layout`` order, short lists padded.
  public func interleavedValues() -> [Double] {
    let layout = layout
    var values: [Double] = []
    values.reserveCapacity(points.count * layout.stride)
    for (index, point) in points.enumerated() {
      values.append(point.x)
      values.append(point.y)
      if layout.hasWidth { values.append(widths[min(index, widths.count - 1)]) }
      if layout.hasAlpha { values.append(Double(colors[min(index, colors.count - 1)].alpha) / 255) }
    }
    return values
  }

  /// The bounding box of the control points as (minX, minY, maxX, maxY), or `nil` when empty.
  public var bounds: InkBounds? {
    guard let first = points.first else { return nil }
    var box = InkBounds(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
    for point in points {
      box.minX = Swift.min(box.minX, point.x)
      box.minY = Swift.min(box.minY, point.y)
      box.maxX = Swift.max(box.maxX, point.x)
      box.maxY = Swift.max(box.maxY, point.y)
    }
    return box
  }
}

extension InkColor {
  /// `floor(a · 255 + 0.5)`, clamped to 0…255.
  static func alphaByte(_ alpha: Double) -> UInt8 {
    guard alpha.isFinite else { return alpha > 0 ? 255 : 0 }
    return UInt8(Swift.max(0, Swift.min(255, (alpha * 255 + 0.5).rounded(.down))))
  }
}
