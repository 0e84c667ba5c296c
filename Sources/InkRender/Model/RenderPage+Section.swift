import InkCodec

extension RenderPage {
  /// The page of a document section: its size (none for RIFF and raw documents, which then
  /// fit the ink), its background rect colour, one layer per paths element with the
  /// product of its ancestors' `<g>` transforms, so a rotated landscape page comes out upright,
  /// and its image parts where the section places them.
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
    self.images = Self.images(of: section)
  }

  /// The section's images in document order, each with the product of its ancestors' `<g>`
  /// transforms and its element's own `transform`, `x`, `y`, `width` and `height`.
  static func images(of section: Section) -> [RenderImage] {
    var result: [RenderImage] = []
    func visit(_ nodes: [SectionNode], _ outer: AffineTransform) {
      for node in nodes {
        switch node {
        case .group(let group): visit(group.children, outer.concatenating(group.transform))
        case .image(let image):
          func number(_ name: String) -> Double? {
            image.attributes.first { $0.name == name }.flatMap { Double($0.value) }
              .flatMap { $0.isFinite ? $0 : nil }
          }
          var own = AffineTransform.identity
          if let text = image.attributes.first(where: { $0.name == "transform" })?.value,
            let parsed = try? AffineTransform(svgTransform: text)
          {
            own = parsed
          }
          result.append(
            RenderImage(
              data: image.data, contentType: image.contentType,
              name: image.partName ?? "image \(result.count)", x: number("x") ?? 0,
              y: number("y") ?? 0, width: number("width").flatMap { $0 > 0 ? $0 : nil },
              height: number("height").flatMap { $0 > 0 ? $0 : nil },
              transform: outer.concatenating(own)))
        case .paths, .unmodelled: continue
        }
      }
    }
    visit(section.nodes, .identity)
    return result
  }
}
