#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Builds the outline of a solid-colour WILL brush: the union of discs of diameter `width`
/// swept along the spline (round caps and round joins).
///
/// Where the envelope of the discs is well behaved, the outline follows it: each side is a
/// chain of cubic Béziers fitted to the offset curve within half the tolerance, and the ends
/// get round caps. Wherever the envelope would fold over itself (a turn tighter than the brush,
/// a width that changes faster than the curve advances, a segment of zero length), that
/// segment is drawn instead as the union of its pieces: a disc at every vertex of its
/// flattened centre line and, between consecutive discs, the quadrilateral between their
/// common tangents. Every subpath winds the same way, so with the non-zero rule their union is
/// filled: sharp turns never produce holes or spikes.
public struct StrokeOutliner: Sendable {
  /// The largest distance, in output units, between the outline and the true union of discs.
  public var tolerance: Double

  /// Creates an outliner.
  /// - Parameter tolerance: The geometric tolerance in output units (device pixels for PNG).
  /// - Precondition: `tolerance > 0`.
  public init(tolerance: Double = 0.1) {
    precondition(tolerance > 0 && tolerance.isFinite, "the tolerance must be positive")
    self.tolerance = tolerance
  }

  /// The outline of a chain of connected segments (one stroke), in the segments' coordinates.
  /// - Parameter segments: Segments as ``CatmullRom/segments(of:defaultWidth:)`` returns them,
  ///   already mapped to output coordinates.
  /// - Returns: The outline; alpha is ignored (see ``outlines(of:)``).
  public func outline(of segments: [CubicSegment]) -> OutlinePath {
    outline(of: [segments], budget: .unlimited())
  }

  /// The outline of a stroke cut into chains (see ``CanvasClip``), each chain a run of its own,
  /// charging `budget` for every path element; stops early when it is spent.
  func outline(of chains: [[CubicSegment]], budget: WorkBudget) -> OutlinePath {
    var builder = EnvelopeBuilder(tolerance: tolerance)
    for chain in chains {
      for segment in chain {
        let before = builder.size
        builder.add(segment)
        // Charged per segment: one segment adds at most a few thousand elements.
        guard budget.charge((builder.size - before + 1) * WorkBudget.stepCost) else {
          return builder.path
        }
      }
      builder.flushRun()
    }
    return builder.path
  }

  /// A part of a stroke drawn with one opacity.
  public struct Part: Sendable, Hashable {
    /// The outline of this part.
    public var path: OutlinePath
    /// The opacity of this part, 0…1.
    public var alpha: Double
  }

  /// The outline of a stroke split into parts of constant opacity.
  ///
  /// A stroke with one alpha gives one part. When alpha varies along the spline, the stroke is
  /// cut where its alpha byte changes; the parts are meant to be combined with a maximum
  /// (as the WILL SDK's stroke layer does), so their overlaps do not darken.
  /// - Parameter segments: The stroke's segments in output coordinates.
  /// - Returns: The parts in stroke order; empty when nothing is drawn.
  public func outlines(of segments: [CubicSegment]) -> [Part] {
    AlphaSplitting.parts(of: segments).map { Part(path: outline(of: $0.segments), alpha: $0.alpha) }
  }
}
