import InkCodec

/// What a selection does with strokes only partly inside its target.
public enum PartialSelection: Sendable, Hashable {
  /// Selected whole.
  case include
  /// Left out: only strokes wholly inside are selected.
  case exclude
  /// Split at the target's edge: the pieces inside are selected, the pieces outside stay.
  case split
}

extension Section {
  /// The strokes whose ink `target` touches, in document order: a hit test, or what a lasso
  /// crosses.
  /// - Parameters:
  ///   - target: The target, in page coordinates.
  ///   - intersector: The tolerance and default width to intersect with.
  public func strokes(
    touching target: IntersectionTarget, intersector: StrokeIntersector = StrokeIntersector()
  ) -> [StrokeIndex] {
    var found: [StrokeIndex] = []
    for (element, placed) in pathsElements.enumerated() {
      for (index, stroke) in placed.element.strokes.enumerated()
      where intersector.intersects(stroke, transform: placed.transform, target: target) {
        found.append(StrokeIndex(element: element, stroke: index))
      }
    }
    return found
  }

  /// Selects the strokes inside `target` (a lasso or a rectangle), splitting the ones only
  /// partly inside when asked, and returns the selected strokes' indices as they are after
  /// any split.
  ///
  /// ```swift
  /// let lasso = IntersectionTarget.polygon(lassoPoints)
  /// let selected = section.select(lasso, partial: .split)
  /// section.transformStrokes(at: selected, by: .translation(x: 40, y: 0))
  /// ```
  /// - Parameters:
  ///   - target: The lasso, in page coordinates.
  ///   - partial: What to do with strokes partly inside.
  ///   - intersector: The tolerance and default width to intersect with.
  /// - Returns: The selected strokes, in document order. Split pieces take fresh ids above
  ///   the section's largest when their stroke has one.
  @discardableResult
  public mutating func select(
    _ target: IntersectionTarget, partial: PartialSelection = .include,
    intersector: StrokeIntersector = StrokeIntersector()
  ) -> [StrokeIndex] {
    var ids = StrokeIDs(above: largestStrokeID)
    var selected: [StrokeIndex] = []
    for (element, placed) in pathsElements.enumerated() {
      var strokes: [Stroke] = []
      var changed = false
      for stroke in placed.element.strokes {
        let intervals = intersector.intervals(
          of: stroke, transform: placed.transform, against: target)
        let inside = intervals.contains(where: \.isInside)
        let whole = inside && intervals.allSatisfy(\.isInside)
        if whole || (inside && partial == .include) {
          selected.append(StrokeIndex(element: element, stroke: strokes.count))
        } else if inside && partial == .split {
          changed = true
          for interval in intervals {
            guard var piece = stroke.piece(from: interval.start, to: interval.end) else { continue }
            piece.id = ids.fresh(for: stroke.id)
            if interval.isInside {
              selected.append(StrokeIndex(element: element, stroke: strokes.count))
            }
            strokes.append(piece)
          }
          continue
        }
        strokes.append(stroke)
      }
      if changed { updatePathsElement(at: element) { $0.strokes = strokes } }
    }
    return selected
  }
}
