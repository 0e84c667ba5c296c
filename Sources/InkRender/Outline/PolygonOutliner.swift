import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Builds the flattened outline of a solid-colour WILL brush, the union of discs swept along
/// the spline, as closed polygons for the rasteriser.
///
/// The centre line is flattened within the tolerance, in position and in radius. Along each run
/// of the resulting polyline, the outline is the classic round-join stroke: on both sides the
/// common tangents of consecutive discs; at a vertex, the outer side follows the disc's arc and
/// the inner side passes through the vertex (so the overlap of the two quadrilaterals stays
/// inside and winds the same way), or, where the turn is so small that the difference is below
/// the tolerance, both sides take the mitre point. Each run ends in round caps. A run is cut
/// where the polyline turns by more than 100° or where one disc contains its neighbour; the two
/// caps then cover the vertex. Every polygon winds the same way, so with the non-zero rule their
/// union is the stroke: sharp turns leave neither holes nor spikes.
public struct PolygonOutliner: Sendable {
  /// The largest distance, in output units, between the polygons and the union of discs.
  public var tolerance: Double

  /// Creates an outliner.
  /// - Parameter tolerance: The tolerance in output units (device pixels for PNG).
  /// - Precondition: `tolerance > 0`.
  public init(tolerance: Double = 0.1) {
    precondition(tolerance > 0 && tolerance.isFinite, "the tolerance must be positive")
    self.tolerance = tolerance
  }

  /// The outline polygons of a chain of connected segments, in the segments' coordinates.
  /// - Parameter segments: The stroke's segments, already mapped to output coordinates.
  /// - Returns: Closed polygons (first point not repeated), all wound the same way; fill
  ///   their union with the non-zero rule.
  public func polygons(of segments: [CubicSegment]) -> [[InkPoint]] {
    var sink = PolygonCollector()
    outline(segments, into: &sink)
    return sink.polygons.map { $0.map(\.point) }
  }

  func outline<Sink: PolygonSink>(
    _ segments: [CubicSegment], into sink: inout Sink, budget: WorkBudget = .unlimited()
  ) {
    outline([segments], into: &sink, budget: budget)
  }

  /// Outlines each chain (a run of connected segments, see ``CanvasClip``) on its own,
  /// charging `budget` for every flattening step and arc point; stops when it is spent.
  func outline<Sink: PolygonSink>(
    _ chains: [[CubicSegment]], into sink: inout Sink, budget: WorkBudget
  ) {
    for chain in chains {
      var builder = PolylineStroker(tolerance: tolerance, budget: budget)
      for segment in chain {
        guard builder.flatten(segment) else { return }
      }
      builder.finish(into: &sink)
      if budget.isSpent { return }
    }
  }
}
