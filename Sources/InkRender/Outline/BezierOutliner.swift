import InkCodec

/// Builds one Bézier path per stroke: the boundary of the brush swept along the stroke's
/// spline (round caps and joins, ts/tf respected), fitted with cubic Béziers, in the spirit of
/// the WILL SDK's `WCMBezierPathUtils`.
///
/// The centre line is flattened and stroked as ``PolygonOutliner`` does for PNG (common
/// tangents of consecutive discs, the outer side along each disc at a join, the inner side
/// through the vertex). Those polygons overlap (runs, caps, inner joins); their union is then
/// taken, so that a stroke is one closed contour, plus one per hole where it loops round,
/// with the ink on the same side of every contour: it fills right with either fill rule and
/// strokes cleanly in an editor. Each contour is fitted with cubics (see the fitting notes on
/// ``tolerance``). In the rare case where rounding keeps the union from closing, the
/// overlapping polygons are fitted instead, which fill the same with the non-zero rule. Draw
/// the path with Core Graphics, another vector format, or hit-test against it.
public struct BezierOutliner: Sendable {
  /// The largest distance, in the path's units, between the path and the swept shape: half
  /// goes to flattening the centre line, half to fitting the curves.
  public var tolerance: Double

  /// Creates an outliner.
  /// - Parameter tolerance: The tolerance in the output's units.
  /// - Precondition: `tolerance > 0` and finite.
  public init(tolerance: Double = 0.1) {
    precondition(tolerance > 0 && tolerance.isFinite, "the tolerance must be positive")
    self.tolerance = tolerance
  }

  /// The outline of a stroke.
  /// - Parameters:
  ///   - stroke: The stroke.
  ///   - transform: Maps stroke coordinates to the path's (widths scale with it).
  ///   - defaultWidth: The width of a stroke that stores none.
  /// - Returns: The path; empty when the stroke draws nothing. Alpha is ignored.
  public func path(
    of stroke: Stroke, transform: AffineTransform = .identity, defaultWidth: Double = 1
  ) -> OutlinePath {
    var segments = CatmullRom.segments(of: stroke, defaultWidth: defaultWidth)
    for i in segments.indices {
      segments[i] = segments[i].transformed(by: transform, widthScale: 1)
    }
    guard segments.allSatisfy(\.isFinite) else { return OutlinePath() }
    return path(of: segments)
  }

  /// The outline of several strokes as one path: their union under the non-zero rule.
  /// - Parameters:
  ///   - strokes: The strokes.
  ///   - transform: Maps stroke coordinates to the path's.
  ///   - defaultWidth: The width of strokes that store none.
  /// - Returns: The path.
  public func path(
    of strokes: [Stroke], transform: AffineTransform = .identity, defaultWidth: Double = 1
  ) -> OutlinePath {
    var result = OutlinePath()
    for stroke in strokes {
      result.elements +=
        path(of: stroke, transform: transform, defaultWidth: defaultWidth)
        .elements
    }
    return result
  }

  /// The outline of a chain of connected segments, in their coordinates.
  /// - Parameter segments: Segments as ``CatmullRom/segments(of:defaultWidth:)`` gives them.
  /// - Returns: The path.
  public func path(of segments: [CubicSegment]) -> OutlinePath {
    path(of: [segments], budget: .unlimited())
  }

  /// The outline of a stroke cut into chains (see ``CanvasClip``), charging `budget` for the
  /// flattening and the fitting; stops early when it is spent.
  func path(of chains: [[CubicSegment]], budget: WorkBudget) -> OutlinePath {
    var polygons = PolygonCollector()
    PolygonOutliner(tolerance: tolerance / 2).outline(chains, into: &polygons, budget: budget)
    let loops = PolygonUnion.merged(polygons.polygons, budget: budget)
    var fitter = CurveFitter(tolerance: tolerance / 2, budget: budget)
    for loop in loops where !budget.isSpent {
      guard let first = loop.first else { continue }
      fitter.begin(first)
      for point in loop.dropFirst() { fitter.add(point) }
      fitter.end()
    }
    return fitter.path
  }
}
