/// Where a stroke is in a section: its paths element (in ``Section/pathsElements`` order)
/// and its index in that element's strokes.
public struct StrokeIndex: Sendable, Hashable, Comparable, Codable {
  /// The paths element, counted in document order from 0.
  public var element: Int
  /// The stroke within the element, from 0.
  public var stroke: Int

  /// Creates a stroke index.
  public init(element: Int, stroke: Int) {
    self.element = element
    self.stroke = stroke
  }

  public static func < (lhs: StrokeIndex, rhs: StrokeIndex) -> Bool {
    (lhs.element, lhs.stroke) < (rhs.element, rhs.stroke)
  }
}
