import InkCodec

/// Builds a WILL stroke from pointer input, the way the WILL SDK's `WCMSpeedPathBuilder` (and
/// its pressure variant) does: width and alpha follow the pen's speed (or pressure), the values
/// are smoothed, and each event returns the control points it confirmed plus a preliminary
/// tail that reaches the current touch.
///
/// The builder is a pure function of its samples: it reads no clock and keeps no global state.
/// It resamples the input by distance (``Configuration/spacing``) and interpolates timestamps
/// along the way, so the same motion gives the same stroke whether the digitiser reports it at
/// 60 Hz or 240 Hz.
///
/// ```swift
/// var builder = PathBuilder(configuration: .init(
///   width: PropertyConfiguration(minValue: 1, maxValue: 4, flip: true)))
/// _ = builder.add(point: InputPoint(x: 10, y: 10, timestamp: 0), phase: .begin)
/// _ = builder.add(point: InputPoint(x: 30, y: 12, timestamp: 0.05), phase: .move)
/// _ = builder.add(point: InputPoint(x: 60, y: 20, timestamp: 0.1), phase: .end)
/// let stroke = builder.stroke(precision: 2, color: .black)
/// ```
public struct PathBuilder: Sendable {
  /// What drives width and alpha.
  public enum Driver: Sendable, Hashable, Codable {
    /// The pen's speed in units per second, normalised over the range (`WCMSpeedPathBuilder`;
    /// Wacom's examples use 0…7000 points/s… 5…210 px/s for finger input).
    case speed(ClosedRange<Double>)
    /// The reported force, normalised over the range (a pressure path builder). Samples
    /// without a force count as the range's midpoint.
    case pressure(ClosedRange<Double>)
  }

  /// The builder's settings.
  public struct Configuration: Sendable, Hashable, Codable {
    /// What drives width and alpha.
    public var driver: Driver
    /// How the width follows the driver, or `nil` for a constant-width stroke.
    public var width: PropertyConfiguration?
    /// How the alpha follows the driver, or `nil` for none.
    public var alpha: PropertyConfiguration?
    /// The distance between resampled points along the input, in document units.
    public var spacing: Double
    /// How many resampled steps the speed is measured over; more is steadier.
    public var speedWindow: Int
    /// The smoothing factor for ``MultiChannelSmoothener``, or `nil` for no smoothing.
    public var smoothing: Double?
    /// The most resampled points one stroke may have: a runaway pointer (a jump of 10¹² units)
    /// stops being resampled there instead of exhausting memory; its events still end the
    /// stroke at the touch.
    public var maxSamples: Int

    /// Creates a configuration.
    /// - Precondition: `spacing` > 0 and `speedWindow` ≥ 1.
    public init(
      driver: Driver = .speed(0...7000), width: PropertyConfiguration? = nil,
      alpha: PropertyConfiguration? = nil, spacing: Double = 2, speedWindow: Int = 3,
      smoothing: Double? = 0.6, maxSamples: Int = 1_000_000
    ) {
      precondition(spacing > 0 && spacing.isFinite, "the spacing must be positive")
      precondition(speedWindow >= 1, "the speed window must be at least one step")
      self.driver = driver
      self.width = width
      self.alpha = alpha
      self.spacing = spacing
      self.speedWindow = speedWindow
      self.smoothing = smoothing
      self.maxSamples = maxSamples
    }
  }

  /// What one event produced.
  public struct Update: Sendable, Hashable {
    /// The control points this event confirmed, in order; they are already in ``path``.
    public var added: [ControlPoint]
    /// The whole confirmed path so far.
    public var path: [ControlPoint]
    /// The tail from the last confirmed point to the current touch: draw it now, and discard
    /// it on the next event. Empty once the stroke has ended.
    public var preliminary: [ControlPoint]
  }

  /// A resampled input point.
  private struct Sample: Sendable {
    var x, y, time, arc: Double
    var force, azimuth, altitude: Double?
  }

  /// The settings.
  public let configuration: Configuration
  /// The confirmed control points of the current (or last finished) stroke.
  public private(set) var path: [ControlPoint] = []
  /// Whether the last stroke has ended.
  public private(set) var isFinished = false

  private var samples: [Sample] = []
  private var emitted = 0
  private var last: Sample?
  private var carried = 0.0
  private var smoothener: MultiChannelSmoothener?

  /// Creates a builder.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Adds one pointer event and returns what it produced.
  ///
  /// `.begin` starts a new stroke (discarding an unfinished one); `.move` continues it (or
  /// starts one, when no stroke is in progress); `.end` finishes it, so that the path ends
  /// exactly at this point with its first and last control points repeated, as WILL strokes
  /// store them. Samples with a non-finite position or time are ignored.
  public mutating func add(point: InputPoint, phase: InputPhase) -> Update {
    guard point.x.isFinite, point.y.isFinite, point.timestamp.isFinite else {
      return Update(added: [], path: path, preliminary: [])
    }
    if phase == .begin || last == nil || isFinished { start(at: point) } else { walk(to: point) }
    let before = path.count
    if phase == .end {
      finish(at: point)
      return Update(added: Array(path[before...]), path: path, preliminary: [])
    }
    emitReady()
    return Update(
      added: Array(path[before...]), path: path, preliminary: preliminary(touch: point))
  }

  /// The finished stroke as an InkCodec `Stroke`.
  ///
  /// Widths are per point when the builder computes them, otherwise `constantWidth`; alpha, when
  /// computed, becomes per-point colours of `color`.
  public func stroke(precision: Int = 2, color: InkColor = .black, constantWidth: Double = 1)
    -> Stroke
  {
    let points = path.map { InkPoint(x: $0.x, y: $0.y) }
    let widths = configuration.width == nil ? [constantWidth] : path.map { $0.width ?? 0 }
    let colors =
      configuration.alpha == nil
      ? [color]
      : path.map { point in
        var shaded = color
        shaded.alpha = UInt8(min(255, max(0, ((point.alpha ?? 1) * 255 + 0.5).rounded(.down))))
        return shaded
      }
    var stroke = Stroke(points: points, widths: widths, colors: colors)
    stroke.decimalPrecision = precision
    return stroke
  }

  // MARK: - Resampling

  private mutating func start(at point: InputPoint) {
    path = []
    isFinished = false
    let first = Sample(
      x: point.x, y: point.y, time: point.timestamp, arc: 0, force: point.force,
      azimuth: point.azimuth, altitude: point.altitude)
    samples = [first]
    emitted = 0
    last = first
    carried = 0
    let channels = 2 + (configuration.width == nil ? 0 : 1) + (configuration.alpha == nil ? 0 : 1)
    smoothener = configuration.smoothing.map {
      MultiChannelSmoothener(channels: channels, factor: $0, tolerance: configuration.spacing / 8)
    }
  }

  /// Walks the segment from the previous input to `point`, adding a sample every `spacing`.
  private mutating func walk(to point: InputPoint) {
    guard let previous = last else { return }
    let next = Sample(
      x: point.x, y: point.y, time: max(point.timestamp, previous.time), arc: 0,
      force: point.force, azimuth: point.azimuth, altitude: point.altitude)
    let dx = next.x - previous.x
    let dy = next.y - previous.y
    let length = (dx * dx + dy * dy).squareRoot()
    let spacing = configuration.spacing
    var along = spacing - carried
    var budget = max(0, configuration.maxSamples - samples.count)
    while along <= length && budget > 0 {
      let f = along / length
      let arc = (samples.last?.arc ?? 0) + spacing
      samples.append(
        Sample(
          x: previous.x + f * dx, y: previous.y + f * dy,
          time: previous.time + f * (next.time - previous.time), arc: arc,
          force: Self.mix(previous.force, next.force, f),
          azimuth: Self.mix(previous.azimuth, next.azimuth, f),
          altitude: Self.mix(previous.altitude, next.altitude, f)))
      along += spacing
      budget -= 1
    }
    carried = budget > 0 ? length - (along - spacing) : 0
    last = next
  }

  private static func mix(_ a: Double?, _ b: Double?, _ f: Double) -> Double? {
    switch (a, b) {
    case (let a?, let b?): a + f * (b - a)
    case (let a?, nil): a
    case (nil, let b?): b
    case (nil, nil): nil
    }
  }

  // MARK: - Values

  /// The driver's normalised value (0…1) at sample `index`.
  private func drive(at index: Int) -> Double {
    switch configuration.driver {
    case .pressure(let range):
      let force = samples[index].force ?? (range.lowerBound + range.upperBound) / 2
      return Self.normalise(force, over: range)
    case .speed(let range):
      guard samples.count > 1 else { return Self.normalise(0, over: range) }
      let to = max(index, 1)
      let from = max(0, to - configuration.speedWindow)
      let distance = samples[to].arc - samples[from].arc
      let time = samples[to].time - samples[from].time
      let speed = time > 0 ? distance / time : range.upperBound
      return Self.normalise(speed, over: range)
    }
  }

  private static func normalise(_ value: Double, over range: ClosedRange<Double>) -> Double {
    let span = range.upperBound - range.lowerBound
    return span > 0 ? min(1, max(0, (value - range.lowerBound) / span)) : 0
  }

  /// The raw channel values (x, y, width?, alpha?) of sample `index`.
  private func values(at index: Int, first: Bool = false, final: Bool = false) -> [Double] {
    let sample = samples[index]
    var values = [sample.x, sample.y]
    let t = drive(at: index)
    for property in [configuration.width, configuration.alpha] {
      guard let property else { continue }
      let special = first ? property.initialValue : final ? property.finalValue : nil
      values.append(special ?? property.value(at: t))
    }
    return values
  }

  private func controlPoint(_ values: [Double], sample: Sample) -> ControlPoint {
    var point = ControlPoint(
      x: values[0], y: values[1], force: sample.force, azimuth: sample.azimuth,
      altitude: sample.altitude)
    var channel = 2
    if configuration.width != nil {
      point.width = values[channel]
      channel += 1
    }
    if configuration.alpha != nil { point.alpha = values[channel] }
    return point
  }

  private mutating func smoothed(_ values: [Double]) -> [Double] {
    smoothener == nil ? values : smoothener!.smooth(values)
  }

  /// Confirms every sample whose speed is known: all but the newest, whose window may still
  /// change; the first sample waits for the second so its speed is measured, not guessed.
  private mutating func emitReady() {
    while emitted < samples.count - 1 {
      let index = emitted
      let point = controlPoint(
        smoothed(values(at: index, first: index == 0)), sample: samples[index])
      if index == 0 { path.append(point) }  // the repeated first control point
      path.append(point)
      emitted += 1
    }
  }

  private mutating func finish(at point: InputPoint) {
    // The lift point itself is the last sample, unless resampling already landed on it.
    if let previous = samples.last, previous.x != point.x || previous.y != point.y {
      let dx = point.x - previous.x
      let dy = point.y - previous.y
      samples.append(
        Sample(
          x: point.x, y: point.y, time: max(point.timestamp, previous.time),
          arc: previous.arc + (dx * dx + dy * dy).squareRoot(), force: point.force,
          azimuth: point.azimuth, altitude: point.altitude))
    }
    emitReady()
    let lastIndex = samples.count - 1
    let finals = values(at: lastIndex, first: lastIndex == 0, final: lastIndex > 0)
    let sample = samples[lastIndex]
    let tail: [[Double]] =
      smoothener == nil
      ? [finals] : smoothener!.reachFinalValues(finals)
    if path.isEmpty { path.append(controlPoint(tail.first ?? finals, sample: sample)) }
    for values in tail { path.append(controlPoint(values, sample: sample)) }
    if tail.isEmpty { path.append(controlPoint(finals, sample: sample)) }
    path.append(path[path.count - 1])  // the repeated last control point
    while path.count < 4 { path.append(path[path.count - 1]) }
    isFinished = true
  }

  /// The tail from the confirmed path to `touch`, computed on a copy of the state.
  private func preliminary(touch: InputPoint) -> [ControlPoint] {
    guard !samples.isEmpty else { return [] }
    var copy = self
    copy.finish(at: touch)
    return Array(copy.path[path.count...])
  }
}
