import InkCodec

/// WILL's uniform Catmull-Rom spline: control points to Bézier segments.
///
/// N control points give N − 3 segments; segment `i` uses P(i)…P(i+3) and runs from P(i+1) to
/// P(i+2). Width and alpha are interpolated by the same spline as the position. ts trims the
/// start of the first segment and tf the end of the last; with N = 4 both trim the one segment.
///
/// Degenerate input draws nothing and never traps:
/// - fewer than 4 points: no segment exists (the WILL SDK draws nothing either);
/// - a single-segment stroke with ts ≥ tf: nothing. A fragment of zero parameter length is what
///   an eraser cut leaves behind, and the eraser removed the ink around it;
/// - non-finite ts or tf: nothing.
///
/// A stroke whose points all coincide (a tap, as the Spark app writes it) keeps its segment and
/// renders as a dot of its width: the brush is a disc swept along a curve of zero length.
public enum CatmullRom {
  /// The Bézier form of the Catmull-Rom segment from `p1` to `p2`:
  /// B1 = P1 + (P2 − P0)/6, B2 = P2 − (P3 − P1)/6.
  /// - Parameters:
  ///   - p0: The point before the segment.
  ///   - p1: The segment's start.
  ///   - p2: The segment's end.
  ///   - p3: The point after the segment.
  /// - Returns: The segment, exact in every channel.
  public static func segment(
    _ p0: SplinePoint, _ p1: SplinePoint, _ p2: SplinePoint, _ p3: SplinePoint
  ) -> CubicSegment {
    CubicSegment(p1, p1 + (p2 - p0) * (1.0 / 6), p2 - (p3 - p1) * (1.0 / 6), p2)
  }

  /// The trimmed Bézier segments of a stroke, in stroke order.
  /// - Parameters:
  ///   - stroke: The stroke.
  ///   - defaultWidth: The width to use when the stroke stores none.
  /// - Returns: The segments, empty when the stroke draws nothing.
  public static func segments(of stroke: Stroke, defaultWidth: Double = 1) -> [CubicSegment] {
    var result: [CubicSegment] = []
    result.reserveCapacity(stroke.segmentCount)
    forEachSegment(of: stroke, defaultWidth: defaultWidth) { _, segment, drawn in
      let (lo, hi) = (drawn.lowerBound, drawn.upperBound)
      result.append(lo > 0 || hi < 1 ? segment.trimmed(from: lo, to: hi) : segment)
    }
    return result
  }

  /// Calls `body` with every segment of a stroke that draws, untrimmed, and the part of its
  /// parameter range that is drawn (ts…1 for the first, 0…tf for the last, 0…1 otherwise),
  /// by the rules of ``segments(of:defaultWidth:)``.
  static func forEachSegment(
    of stroke: Stroke, defaultWidth: Double,
    _ body: (_ index: Int, _ segment: CubicSegment, _ drawn: ClosedRange<Double>) -> Void
  ) {
    guard let range = stroke.drawnRange else { return }
    let n = stroke.points.count
    func control(_ i: Int) -> SplinePoint {
      let p = stroke.points[i]
      return SplinePoint(
        x: p.x, y: p.y, width: stroke.width(at: i) ?? defaultWidth,
        alpha: stroke.alpha(at: i) ?? 1)
    }
    var window = (control(0), control(1), control(2), control(3))
    for i in 0..<(n - 3) {
      if i > 0 { window = (window.1, window.2, window.3, control(i + 3)) }
      let lo = i == 0 ? range.lowerBound.t : 0
      let hi = i == n - 4 ? range.upperBound.t : 1
      body(i, segment(window.0, window.1, window.2, window.3), lo...hi)
    }
  }
}
