import InkCodec

/// How an eraser treats the strokes it touches.
public enum ErasingMode: Sendable, Hashable {
  /// A touched stroke is removed whole.
  case wholeStrokes
  /// Only the touched ink goes: a stroke is replaced by the pieces outside the eraser, each
  /// keeping the stroke's control points with ts and tf trimmed to its ends.
  case partial
}

/// What an eraser did to a section.
public struct ErasingResult: Sendable, Hashable {
  /// Strokes removed whole (touched in ``ErasingMode/wholeStrokes`` mode, or with nothing
  /// left outside the eraser).
  public var removedStrokes = 0
  /// Strokes replaced by pieces.
  public var splitStrokes = 0
  /// The pieces that replaced them.
  public var pieces = 0

  /// Whether the eraser changed anything.
  public var changedAnything: Bool { removedStrokes + splitStrokes > 0 }
}

extension Section {
  /// Erases what `target` touches, as the WILL SDK's eraser does.
  ///
  /// Eraser strokes already in the section (``BlendMode/destinationOut``) draw no ink and are
  /// left alone. Every stroke the eraser does not touch is kept as it is, byte for byte.
  /// Pieces carry their stroke's widths, colours, blend mode, paint, seed and precision, and
  /// take fresh ids above the section's largest when their stroke has one.
  ///
  /// ```swift
  /// let eraser = IntersectionTarget.sweep(along: pointerPath, width: 16)
  /// section.erase(with: eraser)
  /// ```
  /// - Parameters:
  ///   - target: The eraser, in page coordinates.
  ///   - mode: Whole strokes, or only the ink touched.
  ///   - intersector: The tolerance and default width to intersect with.
  /// - Returns: How many strokes were removed and split.
  @discardableResult
  public mutating func erase(
    with target: IntersectionTarget, mode: ErasingMode = .partial,
    intersector: StrokeIntersector = StrokeIntersector()
  ) -> ErasingResult {
    var ids = StrokeIDs(above: largestStrokeID)
    return erase(with: target, mode: mode, intersector: intersector, ids: &ids)
  }

  mutating func erase(
    with target: IntersectionTarget, mode: ErasingMode, intersector: StrokeIntersector,
    ids: inout StrokeIDs
  ) -> ErasingResult {
    var result = ErasingResult()
    for (element, placed) in pathsElements.enumerated() {
      var kept: [Stroke] = []
      var changed = false
      for stroke in placed.element.strokes {
        guard stroke.blendMode.effective != .destinationOut else {
          kept.append(stroke)
          continue
        }
        let intervals = intersector.intervals(
          of: stroke, transform: placed.transform, against: target)
        guard intervals.contains(where: \.isInside) else {
          kept.append(stroke)
          continue
        }
        changed = true
        let pieces = mode == .partial ? stroke.pieces(of: intervals, inside: false) : []
        if pieces.isEmpty {
          result.removedStrokes += 1
        } else {
          result.splitStrokes += 1
          result.pieces += pieces.count
        }
        for var piece in pieces {
          piece.id = ids.fresh(for: stroke.id)
          kept.append(piece)
        }
      }
      if changed { updatePathsElement(at: element) { $0.strokes = kept } }
    }
    return result
  }
}

extension WillDocument {
  /// Erases what `target` touches in one section (see ``Section/erase(with:mode:intersector:)``);
  /// pieces take ids above the document's largest.
  /// - Precondition: `section` is an index of ``sections``.
  @discardableResult
  public mutating func erase(
    with target: IntersectionTarget, inSection section: Int, mode: ErasingMode = .partial,
    intersector: StrokeIntersector = StrokeIntersector()
  ) -> ErasingResult {
    var ids = StrokeIDs(above: largestStrokeID)
    return sections[section].erase(with: target, mode: mode, intersector: intersector, ids: &ids)
  }
}
