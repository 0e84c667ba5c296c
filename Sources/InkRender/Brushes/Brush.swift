/// How strokes are drawn: WILL's solid vector brush, a particle brush, or a hair brush.
public enum Brush: String, Sendable, Hashable, CaseIterable, Codable {
  /// The stroke's outline, filled: the union of discs along the spline (the default).
  case solid
  /// Textured particles scattered along the spline (``ParticleBrush``): a stroke's own paint
  /// from `style/paints.protobuf`, or ``ParticleBrush/soft`` when the document has no paints.
  /// Strokes that select no paint, or a paint whose textures cannot be decoded, are drawn
  /// solid.
  case particle
  /// Thin hairs sprouting from points along the spline (``HairBrush``), their number from the
  /// width, their direction from the tangent.
  case hair
}
