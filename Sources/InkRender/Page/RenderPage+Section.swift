import InkCodec

extension RenderPage {
  /// The page of a document section: its size (none for RIFF and raw documents, which then
  /// fit the ink), its background rect colour, and one layer per paths element with the
  /// product of its ancestors' `<g>` transforms, so a rotated landscape page comes out upright.
  /// - Parameters:
  ///   - section: The section.
  ///   - paints: The document's particle paints, for ``Brush/particle``.
  public init(section: Section, paints: [ParticlesPaint] = []) {
    self.init(
      width: section.pageSize?.width, height: section.pageSize?.height,
      background: section.background,
      layers: section.pathsElements.map {
        RenderLayer(strokes: $0.element.strokes, transform: $0.transform)
      })
    self.paints = paints
  }
}
