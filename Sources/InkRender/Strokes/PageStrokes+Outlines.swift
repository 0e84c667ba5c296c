import InkCodec

extension PageStrokes {
  /// The cubic-Bézier outline of every stroke that draws something, in output coordinates,
  /// clipped to the frame at `scale` (see ``Renderer/shapes(of:frame:scale:options:)``).
  static func shapes(
    of page: RenderPage, frame: PageFrame, scale: Double, tolerance: Double,
    defaultWidth: Double, budget: WorkBudget
  ) throws(WillError) -> [StrokeParts<OutlinePath>] {
    let outliner = BezierOutliner(tolerance: tolerance)
    let clip = clip(width: frame.width * scale, height: frame.height * scale, tolerance: tolerance)
    var shapes: [StrokeParts<OutlinePath>] = []
    try prepare(
      page, frame: frame, scale: scale, clip: clip, defaultWidth: defaultWidth, budget: budget
    ) { (prepared) throws(WillError) in
      let parts = prepared.parts.map {
        StrokeParts<OutlinePath>.Part(
          alpha: $0.alpha, geometry: outliner.path(of: $0.geometry, budget: budget))
      }.filter { !$0.geometry.isEmpty }
      budget.charge(
        parts.reduce(0) { $0 + $1.geometry.elements.count } * WorkBudget.vectorElementCost)
      try budget.check()
      guard !parts.isEmpty else { return }
      shapes.append(
        StrokeParts(
          layer: prepared.layer, stroke: prepared.stroke, color: prepared.color,
          blendMode: prepared.blendMode, parts: parts))
    }
    return shapes
  }

  /// The flattened outline polygons of every stroke that draws something, in output pixels,
  /// clipped to the canvas of the frame at `scale` (see
  /// ``Renderer/polygons(of:frame:options:)``).
  static func polygons(
    of page: RenderPage, frame: PageFrame, scale: Double, tolerance: Double,
    defaultWidth: Double, budget: WorkBudget
  ) throws(WillError) -> [StrokeParts<[[InkPoint]]>] {
    let outliner = PolygonOutliner(tolerance: tolerance)
    let size = frame.canvasSize(scale: scale)
    let clip = clip(width: size.width, height: size.height, tolerance: tolerance)
    var result: [StrokeParts<[[InkPoint]]>] = []
    try prepare(
      page, frame: frame, scale: scale, clip: clip, defaultWidth: defaultWidth, budget: budget
    ) { (prepared) throws(WillError) in
      let parts = prepared.parts.map {
        var sink = PolygonCollector()
        outliner.outline($0.geometry, into: &sink, budget: budget)
        // One contour per piece of ink: the sweep then follows one chain of edges on most
        // rows instead of deciding where overlapping caps and joins meet (merging costs about
        // what it saves the fill, end to end; Benchmarks/NOTES.md).
        let polygons = PolygonUnion.merged(sink.polygons, budget: budget)
        return StrokeParts<[[InkPoint]]>.Part(
          alpha: $0.alpha, geometry: polygons.map { $0.map(\.point) })
      }.filter { !$0.geometry.isEmpty }
      let vertices = parts.reduce(0) { $0 + $1.geometry.reduce(0) { $0 + $1.count } }
      budget.charge(vertices * WorkBudget.vectorElementCost)
      try budget.check()
      guard !parts.isEmpty else { return }
      result.append(
        StrokeParts(
          layer: prepared.layer, stroke: prepared.stroke, color: prepared.color,
          blendMode: prepared.blendMode, parts: parts))
    }
    return result
  }
}
