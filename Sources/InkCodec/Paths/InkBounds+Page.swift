extension InkBounds {
  /// How far the box reaches past the page rectangle from (0, 0) to (`width`, `height`): the
  /// largest distance, along x or y, from a page edge to the part of the box beyond it, in
  /// page units; 0 when the box lies on the page.
  ///
  /// `validate` (its `outside-page` warning) and `render` (its report of cropped ink) both
  /// ask this, so they agree on which strokes reach outside.
  /// - Parameters:
  ///   - width: The page width.
  ///   - height: The page height.
  /// - Returns: The overhang, never negative; infinite for a box with an infinite edge, and
  ///   NaN-free (a NaN edge counts as no overhang).
  public func overhang(pageWidth width: Double, pageHeight height: Double) -> Double {
    let reaches = [-minX, -minY, maxX - width, maxY - height]
    return reaches.reduce(0) { $1 > $0 ? $1 : $0 }
  }

  /// Whether the box lies wholly outside the page rectangle from (0, 0) to (`width`,
  /// `height`): no point of it on the page or its edge.
  /// - Parameters:
  ///   - width: The page width.
  ///   - height: The page height.
  public func isOutsidePage(pageWidth width: Double, pageHeight height: Double) -> Bool {
    maxX < 0 || maxY < 0 || minX > width || minY > height
  }
}

extension InkBounds {
  /// The overhang below which a box counts as on the page (rounding in transforms), in page
  /// units.
  public static let pageTolerance = 1e-9
}
