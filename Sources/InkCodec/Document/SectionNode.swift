/// One node of a section's SVG tree, in document order.
public indirect enum SectionNode: Sendable, Hashable {
  /// A `<g>` group, usually with a `transform`.
  case group(SectionGroup)
  /// A `<g r:id>` that includes a paths part: the strokes.
  case paths(PathsElement)
  /// A `<g r:id>` (or `<image r:id>`) that includes an image part.
  case image(ImageElement)
  /// Anything else (`<rect>`, `<view>`, text, comments), kept verbatim.
  case unmodelled(UnmodelledNode)
}
