/// A place along a stroke's spline: a Catmull-Rom segment and a parameter within it.
///
/// Segment `i` runs from control point `i + 1` to `i + 2` (a stroke of N points has N − 3
/// segments) and `t` is that segment's own parameter, 0…1, before any trimming: a stroke's
/// ink runs from `(0, ts)` to `(N − 4, tf)`. This is how the WILL SDK's intersector names
/// the ends of the intervals it finds.
public struct StrokeParameter: Sendable, Hashable, Comparable, Codable {
  /// The segment's index, 0…N − 4.
  public var segment: Int
  /// The parameter within the segment, 0…1.
  public var t: Double

  /// Creates a place along a stroke.
  public init(segment: Int, t: Double) {
    self.segment = segment
    self.t = t
  }

  public static func < (lhs: StrokeParameter, rhs: StrokeParameter) -> Bool {
    (lhs.segment, lhs.t) < (rhs.segment, rhs.t)
  }
}

/// A run of a stroke's spline between two places, and whether it lies inside a target.
public struct StrokeInterval: Sendable, Hashable, Codable {
  /// Where the run starts.
  public var start: StrokeParameter
  /// Where the run ends (not before `start`).
  public var end: StrokeParameter
  /// Whether the run is inside the target it was tested against.
  public var isInside: Bool

  /// Creates an interval.
  public init(start: StrokeParameter, end: StrokeParameter, isInside: Bool) {
    self.start = start
    self.end = end
    self.isInside = isInside
  }
}

extension Stroke {
  /// The number of Catmull-Rom segments: N − 3 for N control points, 0 below four points.
  public var segmentCount: Int { Swift.max(points.count - 3, 0) }

  /// Where the stroke's ink starts and ends, `(0, ts)` to `(N − 4, tf)` with ts and tf
  /// clamped to 0…1, or `nil` when the stroke draws nothing (fewer than four points, a
  /// non-finite ts or tf, or a single segment trimmed to nothing).
  public var drawnRange: ClosedRange<StrokeParameter>? {
    guard segmentCount > 0, startParameter.isFinite, endParameter.isFinite else { return nil }
    let start = StrokeParameter(segment: 0, t: Double(Swift.min(Swift.max(startParameter, 0), 1)))
    let end = StrokeParameter(
      segment: segmentCount - 1, t: Double(Swift.min(Swift.max(endParameter, 0), 1)))
    guard start < end else { return nil }
    return start...end
  }
}
