extension Stroke {
  /// The part of the stroke between two places, as a stroke of its own: the smallest run of
  /// control points that covers the part, with ts and tf set to the part's ends.
  ///
  /// This is how an eraser split is stored: the piece keeps the stroke's control points,
  /// widths, colours, blend mode, paint, seed, precision and unknown fields, so it draws
  /// exactly the stroke's ink between the two places. Its id is `nil`; give it a fresh one.
  ///
  /// ```swift
  /// let firstHalf = stroke.piece(
  ///     from: StrokeParameter(segment: 0, t: 0), to: StrokeParameter(segment: 3, t: 0.5))
  /// ```
  /// - Parameters:
  ///   - start: Where the piece starts.
  ///   - end: Where it ends.
  /// - Returns: The piece, or `nil` when `start` is not before `end` or either lies outside
  ///   the stroke's segments.
  public func piece(from start: StrokeParameter, to end: StrokeParameter) -> Stroke? {
    guard start < end, start.t.isFinite, end.t.isFinite,
      (0..<segmentCount).contains(start.segment), (0..<segmentCount).contains(end.segment),
      (0...1).contains(start.t), (0...1).contains(end.t)
    else { return nil }
    var first = start
    var last = end
    // A piece that starts at a segment's very end or ends at one's very start does not need
    // that segment's control point.
    if first.t == 1, first.segment < last.segment {
      first = StrokeParameter(segment: first.segment + 1, t: 0)
    }
    if last.t == 0, last.segment > first.segment {
      last = StrokeParameter(segment: last.segment - 1, t: 1)
    }
    let run = first.segment..<(last.segment + 4)
    var piece = self
    piece.points = Array(points[run])
    if widths.count > 1 { piece.widths = run.map { widths[Swift.min($0, widths.count - 1)] } }
    if colors.count > 1 { piece.colors = run.map { colors[Swift.min($0, colors.count - 1)] } }
    piece.startParameter = Float(first.t)
    piece.endParameter = Float(last.t)
    piece.id = nil
    piece.wire.recordRange = nil
    return piece
  }

  /// The pieces of the stroke that `intervals` keep, in stroke order.
  ///
  /// - Parameters:
  ///   - intervals: Intervals as ``StrokeInterval`` values from an intersector.
  ///   - inside: Keep the intervals inside the target (`true`) or outside it (`false`, what an
  ///     eraser leaves).
  /// - Returns: One piece per kept interval of non-zero length.
  public func pieces(of intervals: [StrokeInterval], inside: Bool) -> [Stroke] {
    intervals.lazy.filter { $0.isInside == inside }.compactMap {
      piece(from: $0.start, to: $0.end)
    }
  }
}
