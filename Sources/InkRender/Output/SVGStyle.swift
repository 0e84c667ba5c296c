/// How SVG output draws a stroke.
public enum SVGStyle: String, Sendable, Hashable, CaseIterable {
  /// Each stroke is one filled `<path>`: the outline of the brush swept along the spline, as
  /// the PNG shows it.
  case outline
  /// Each stroke is one stroked `<path>` along its spline (round caps and joins, the stroke's
  /// mean width), for restyling in an editor; widths that vary along a stroke are lost.
  case centerline
}
