import InkCodec

extension PageStrokes {
  /// The outline of the stroke at `index` of `layer` when the layer draws it with its brush's
  /// shapes (``RenderLayer/shapedStrokes``), in output coordinates, as polygons cut into parts
  /// of constant opacity; `nil` for a stroke WILL's way draws.
  static func shaped(
    _ page: RenderPage, layer: Int, index: Int, color: InkColor, blendMode: BlendMode,
    device: AffineTransform, clip: CanvasClip, tolerance: Double, budget: WorkBudget
  ) -> StrokeParts<[[Vec2]]>? {
    guard let shaped = page.layers[layer].shapedStrokes[index] else { return nil }
    // Reading the prototypes (a hull each) is charged before it is done.
    guard
      budget.charge(
        shaped.brush.prototypes.reduce(1) { $0 + $1.coordX.count + 1 }
          * WorkBudget.shapeVertexCost)
    else {
      return StrokeParts(layer: layer, stroke: index, color: color, blendMode: blendMode, parts: [])
    }
    let shapes = BrushShapes(shaped.brush)
    let parts = shaped.outline(
      shapes: shapes, device: device, widthScale: page.widthScale, clip: clip,
      tolerance: tolerance, budget: budget)
    return StrokeParts(
      layer: layer, stroke: index, color: color, blendMode: blendMode,
      parts: parts.map { .init(alpha: $0.alpha, geometry: $0.polygons) })
  }

  /// A shaped stroke's polygons as the painter takes them.
  static func points(_ parts: StrokeParts<[[Vec2]]>) -> StrokeParts<[[InkPoint]]> {
    StrokeParts<[[InkPoint]]>(
      layer: parts.layer, stroke: parts.stroke, color: parts.color, blendMode: parts.blendMode,
      parts: parts.parts.map {
        .init(alpha: $0.alpha, geometry: $0.geometry.map { $0.map(\.point) })
      })
  }
}
