extension Stroke {
  /// The stroke with its control points mapped through `transform` and its widths scaled by
  /// the transform's ``AffineTransform/lengthScale`` (the geometric mean of its scale factors).
  ///
  /// Catmull-Rom splines are affine-invariant, so the centre line of the result is the mapped
  /// centre line. Everything else is kept; the values are quantised again when written.
  ///
  /// ```swift
  /// let moved = stroke.transformed(by: .translation(x: 20, y: 0))
  /// ```
  public func transformed(by transform: AffineTransform) -> Stroke {
    var result = self
    result.points = points.map { transform.apply(x: $0.x, y: $0.y) }
    let scale = transform.lengthScale
    if scale != 1 { result.widths = widths.map { $0 * scale } }
    return result
  }
}
