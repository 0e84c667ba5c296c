import InkCodec

/// Finds where strokes enter and leave a target, as the WILL SDK's intersector does: the
/// parameter intervals of each stroke inside and outside an eraser, a lasso, a rectangle or a
/// point.
///
/// A place on a stroke is inside when the stroke's ink there, the disc of its width that the
/// renderer sweeps along the spline, overlaps the target (see ``IntersectionTarget``).
/// Interval ends are placed within ``tolerance`` of the true boundary, always on the outside
/// of it: a piece kept outside an eraser never reaches into the eraser.
///
/// ```swift
/// let eraser = IntersectionTarget.sweep(along: pointerPath, width: 12)
/// let intervals = StrokeIntersector().intervals(of: stroke, against: eraser)
/// let pieces = stroke.pieces(of: intervals, inside: false)   // what the eraser leaves
/// ```
public struct StrokeIntersector: Sendable {
  /// How precisely interval ends are placed, in page units.
  public var tolerance: Double
  /// The width of strokes that store none, as the renderer draws them.
  public var defaultWidth: Double

  /// Creates an intersector.
  /// - Parameters:
  ///   - tolerance: How precisely interval ends are placed, in page units (positive).
  ///   - defaultWidth: The width of strokes that store none (``RenderOptions/defaultWidth``).
  public init(tolerance: Double = 0.01, defaultWidth: Double = 1) {
    self.tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.01
    self.defaultWidth = defaultWidth
  }

  /// The stroke's drawn range cut into alternating intervals inside and outside `target`, in
  /// stroke order; empty when the stroke draws nothing.
  /// - Parameters:
  ///   - stroke: The stroke.
  ///   - transform: Maps the stroke onto the page, where the target is (a paths element's
  ///     placement, `PlacedPaths.transform`); widths scale as the renderer scales them.
  ///   - target: The target, in page coordinates.
  public func intervals(
    of stroke: Stroke, transform: AffineTransform = .identity, against target: IntersectionTarget
  ) -> [StrokeInterval] {
    guard let range = stroke.drawnRange else { return [] }
    var scan = IntervalScan(target: target, resolution: tolerance)
    if let box = target.bounds, let strokeBox = inkBounds(of: stroke, transform: transform),
      !TargetDistance.overlaps(box, strokeBox)
    {
      return [StrokeInterval(start: range.lowerBound, end: range.upperBound, isInside: false)]
    }
    CatmullRom.forEachSegment(of: stroke, defaultWidth: defaultWidth) { index, segment, drawn in
      scan.scan(segment.transformed(by: transform, widthScale: 1), index: index, drawn: drawn)
    }
    return scan.intervals(ending: range.upperBound)
  }

  /// Whether any of the stroke's ink overlaps `target`: a hit test.
  public func intersects(
    _ stroke: Stroke, transform: AffineTransform = .identity, target: IntersectionTarget
  ) -> Bool {
    intervals(of: stroke, transform: transform, against: target).contains(where: \.isInside)
  }

  /// Whether all of the stroke's ink overlaps `target` (a stroke wholly selected by a lasso);
  /// `false` for a stroke that draws nothing.
  public func isWithin(
    _ stroke: Stroke, transform: AffineTransform = .identity, target: IntersectionTarget
  ) -> Bool {
    let intervals = intervals(of: stroke, transform: transform, against: target)
    return !intervals.isEmpty && intervals.allSatisfy(\.isInside)
  }

  /// A box around the stroke's ink on the page. A Catmull-Rom spline can overshoot its
  /// control points, by at most a sixth of their spread (B1 = P1 + (P2 − P0)/6), in position
  /// and in width alike.
  private func inkBounds(of stroke: Stroke, transform: AffineTransform) -> InkBounds? {
    guard let points = stroke.bounds else { return nil }
    let overshoot = max(points.maxX - points.minX, points.maxY - points.minY) / 6
    let widest = stroke.widths.max() ?? defaultWidth
    let narrowest = stroke.widths.min() ?? defaultWidth
    let radius = IntersectionTarget.radius((widest + (widest - narrowest) / 6) / 2)
    let box = InkBounds(
      minX: points.minX - overshoot, minY: points.minY - overshoot,
      maxX: points.maxX + overshoot, maxY: points.maxY + overshoot
    ).transformed(by: transform)
    let pad = tolerance + radius * transform.lengthScale
    let grown = InkBounds(
      minX: box.minX - pad, minY: box.minY - pad, maxX: box.maxX + pad, maxY: box.maxY + pad)
    return [grown.minX, grown.minY, grown.maxX, grown.maxY].allSatisfy(\.isFinite) ? grown : nil
  }
}
