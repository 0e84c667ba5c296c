import InkCodec

/// When each point of a page's strokes is written, for a replay
/// (`Renderer.renderReplay(_:timeline:options:replay:report:images:)`).
///
/// Strokes appear in drawing order (layer by layer), one at a time: a stroke starts when the
/// one before it has ended. Within a stroke each point has a time, and the ink at a moment is
/// every stroke that has ended and the start of the one being written, up to a point
/// interpolated between its points. Times come from one of two rules:
/// - ``init(page:timestamps:)``: the pen's own timestamps (UIM sensor data), with every
///   pause longer than ``longestPause`` (within or between strokes) shortened to it, and
///   times that go back held where they were.
/// - ``init(penSpeedOf:)``: a steady pen of ``penSpeed`` page units a second along each
///   stroke's control points (in page coordinates), with ``strokePause`` between strokes.
public struct ReplayTimeline: Sendable, Hashable {
  /// Each stroke's point times in seconds from the start, in drawing order: nondecreasing,
  /// one per control point.
  public let pointTimes: [[Double]]
  /// When the last stroke ends, in seconds: the replay's natural length.
  public let end: Double
  /// When each stroke ends: its last point's time, or (no points) the one before it's.
  let strokeEnds: [Double]

  /// The steady pen's speed: 150 page units (at 96 a inch, about 4 cm) a second.
  public static let penSpeed = 150.0
  /// The pause between strokes at a steady pen speed: 0.2 seconds.
  public static let strokePause = 0.2
  /// The longest pause timestamps keep: 2 seconds.
  public static let longestPause = 2.0

  /// Times from the pen's timestamps.
  /// - Parameters:
  ///   - page: The page the strokes are drawn on.
  ///   - timestamps: One list per stroke of `page` in drawing order, a time in seconds (on
  ///     any clock) per control point.
  /// - Returns: `nil` when the lists do not match the page's strokes and points, or a time
  ///   is not finite.
  public init?(page: RenderPage, timestamps: [[Double]]) {
    let strokes = page.layers.flatMap(\.strokes)
    guard strokes.count == timestamps.count else { return nil }
    var result: [[Double]] = []
    result.reserveCapacity(strokes.count)
    var clock = 0.0
    var last: Double?
    for (stroke, times) in zip(strokes, timestamps) {
      guard times.count == stroke.points.count, times.allSatisfy(\.isFinite) else { return nil }
      var own: [Double] = []
      own.reserveCapacity(times.count)
      for time in times {
        if let previous = last {
          clock += min(max(time - previous, 0), Self.longestPause)
          last = max(previous, time)
        } else {
          last = time
        }
        own.append(clock)
      }
      result.append(own)
    }
    pointTimes = result
    end = clock
    strokeEnds = Self.ends(of: result)
  }

  /// Times at a steady pen speed, in stroke order.
  /// - Parameter page: The page the strokes are drawn on.
  public init(penSpeedOf page: RenderPage) {
    var result: [[Double]] = []
    var clock = 0.0
    var first = true
    for layer in page.layers {
      let t = layer.transform
      for stroke in layer.strokes {
        if !first && !stroke.points.isEmpty { clock += Self.strokePause }
        var own: [Double] = []
        own.reserveCapacity(stroke.points.count)
        var previous: InkPoint?
        for point in stroke.points {
          let p = InkPoint(
            x: t.a * point.x + t.c * point.y + t.e, y: t.b * point.x + t.d * point.y + t.f)
          if let q = previous {
            let step = ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
            // A point far off (or not finite) costs no more than a second.
            clock += step.isFinite ? min(step / Self.penSpeed, 1) : 0
          }
          previous = p
          own.append(clock)
        }
        if !stroke.points.isEmpty { first = false }
        result.append(own)
      }
    }
    pointTimes = result
    end = clock
    strokeEnds = Self.ends(of: result)
  }

  private static func ends(of times: [[Double]]) -> [Double] {
    var last = 0.0
    return times.map { own in
      last = own.last ?? last
      return last
    }
  }

  /// Where a moment falls among a stroke's points: the last point written, the next one,
  /// and how far towards it the pen is, 0…1.
  struct Cut: Sendable, Hashable {
    var last: Int
    var next: Int
    var fraction: Double

    /// `a` to `b` at the fraction.
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
  }

  /// The ink at `time`: how many strokes (in drawing order) have ended, and the part written
  /// of the next one, if it has started.
  /// - Parameters:
  ///   - time: Seconds from the start.
  ///   - strokes: The page's strokes in drawing order, as the timeline was made for.
  func ink(at time: Double, of strokes: [Stroke]) -> (ended: Int, partial: Stroke?) {
    let (ended, cut) = progress(at: time)
    guard ended < strokes.count, let cut else { return (ended, nil) }
    return (ended, Self.prefix(of: strokes[ended], cut: cut))
  }

  /// How many strokes have ended at `time`, and where it falls among the next one's points
  /// (`nil` when there is none, or it has not started).
  func progress(at time: Double) -> (ended: Int, cut: Cut?) {
    // The first stroke not yet ended: times are nondecreasing, so a binary search.
    var low = 0
    var high = strokeEnds.count
    while low < high {
      let mid = (low + high) / 2
      if strokeEnds[mid] <= time { low = mid + 1 } else { high = mid }
    }
    guard low < pointTimes.count else { return (low, nil) }
    return (low, Self.cut(times: pointTimes[low], at: time))
  }

  /// Where `time` falls among a stroke's point `times`; `nil` before its first point.
  static func cut(times: [Double], at time: Double) -> Cut? {
    guard let first = times.first, time > first, times.count >= 2 else { return nil }
    var low = 0
    var high = times.count - 1
    // The last point at or before `time`: times[low] <= time < times[high].
    while high - low > 1 {
      let mid = (low + high) / 2
      if times[mid] <= time { low = mid } else { high = mid }
    }
    let span = times[high] - times[low]
    let f = span > 0 ? min(max((time - times[low]) / span, 0), 1) : 1
    return Cut(last: low, next: high, fraction: f)
  }

  /// The part of `stroke` written by `time`: its points up to then and one interpolated
  /// between the last of them and the next (twice, as the spline's end and its last control
  /// point), with widths and colours to match; `nil` before its first point.
  static func prefix(of stroke: Stroke, times: [Double], at time: Double) -> Stroke? {
    guard times.count == stroke.points.count, let cut = cut(times: times, at: time) else {
      return nil
    }
    return prefix(of: stroke, cut: cut)
  }

  /// The part of `stroke` up to `cut` (made from its point times).
  static func prefix(of stroke: Stroke, cut: Cut) -> Stroke {
    let (low, high) = (cut.last, cut.next)
    var part = stroke
    let a = stroke.points[low]
    let b = stroke.points[high]
    let end = InkPoint(x: cut.mix(a.x, b.x), y: cut.mix(a.y, b.y))
    part.points = Array(stroke.points[...low]) + [end, end]
    if stroke.widths.count == stroke.points.count {
      let w = cut.mix(stroke.widths[low], stroke.widths[high])
      part.widths = Array(stroke.widths[...low]) + [w, w]
    }
    if stroke.colors.count == stroke.points.count {
      let c = cut.fraction < 0.5 ? stroke.colors[low] : stroke.colors[high]
      part.colors = Array(stroke.colors[...low]) + [c, c]
    }
    part.endParameter = 1
    return part
  }

  /// The part of a stroke drawn with its brush's shapes up to `cut`, as its WILL stroke is
  /// cut: every channel up to the
  /// last point written, then its value at the cut twice (colours the nearer point's);
  /// `nil` when the stroke's points are not the ones the timeline was made for.
  static func prefix(of shaped: ShapedStroke, cut: Cut, points: Int) -> ShapedStroke? {
    guard shaped.stroke.pointCount == points, cut.next < points else { return nil }
    var part = shaped
    for channel in UIMSplineChannel.allCases {
      let column = shaped.stroke[channel]
      guard !column.isEmpty else { continue }
      // A short channel repeats its last value, as the shapes read it.
      func value(_ i: Int) -> Double { column[min(i, column.count - 1)] }
      let end =
        channel.isColor
        ? value(cut.fraction < 0.5 ? cut.last : cut.next)
        : cut.mix(value(cut.last), value(cut.next))
      var values = (0...cut.last).map(value)
      values += [end, end]
      part.stroke[channel] = values
    }
    part.stroke.endParameter = 1
    return part
  }
}
