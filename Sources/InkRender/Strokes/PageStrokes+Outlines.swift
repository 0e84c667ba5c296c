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
    return try outlines(
      of: page, frame: frame, scale: scale, clip: clip, tolerance: tolerance,
      defaultWidth: defaultWidth, budget: budget, elementCount: \.elements.count,
      outline: { chains in
        let path = outliner.path(of: chains, budget: budget)
        return path.isEmpty ? nil : path
      },
      outlineShaped: { polygons in
        var path = OutlinePath()
        for polygon in PolygonUnion.merged(polygons, budget: budget) where polygon.count >= 3 {
          path.move(polygon[0])
          for point in polygon.dropFirst() { path.line(point) }
          path.close()
        }
        return path.isEmpty ? nil : path
      })
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
    return try outlines(
      of: page, frame: frame, scale: scale, clip: clip, tolerance: tolerance,
      defaultWidth: defaultWidth, budget: budget, elementCount: { $0.reduce(0) { $0 + $1.count } },
      outline: { chains in
        var sink = PolygonCollector()
        outliner.outline(chains, into: &sink, budget: budget)
        // One contour per piece of ink: the sweep then follows one chain of edges on most
        // rows instead of deciding where overlapping caps and joins meet (merging costs about
        // what it saves the fill, end to end; Benchmarks/NOTES.md).
        let polygons = PolygonUnion.merged(sink.polygons, budget: budget)
        return polygons.isEmpty ? nil : polygons.map { $0.map(\.point) }
      },
      outlineShaped: { polygons in
        let merged = PolygonUnion.merged(polygons, budget: budget)
        return merged.isEmpty ? nil : merged.map { $0.map(\.point) }
      })
  }

  /// Every stroke's parts outlined by `outline` (nil for a part that draws nothing), each
  /// outline's elements charged to the budget once it is built.
  private static func outlines<Geometry>(
    of page: RenderPage, frame: PageFrame, scale: Double, clip: CanvasClip, tolerance: Double,
    defaultWidth: Double, budget: WorkBudget, elementCount: @escaping (Geometry) -> Int,
    outline: ([[CubicSegment]]) -> Geometry?, outlineShaped: @escaping ([[Vec2]]) -> Geometry?
  ) throws(WillError) -> [StrokeParts<Geometry>] {
    var result: [StrokeParts<Geometry>] = []
    func add<Source>(_ stroke: StrokeParts<Source>, _ outline: (Source) -> Geometry?)
      throws(WillError)
    {
      let parts = stroke.parts.compactMap { part in
        outline(part.geometry).map { StrokeParts<Geometry>.Part(alpha: part.alpha, geometry: $0) }
      }
      budget.charge(
        parts.reduce(0) { $0 + elementCount($1.geometry) } * WorkBudget.vectorElementCost)
      try budget.check()
      guard !parts.isEmpty else { return }
      result.append(
        StrokeParts(
          layer: stroke.layer, stroke: stroke.stroke, color: stroke.color,
          blendMode: stroke.blendMode, parts: parts))
    }
    let shaped = { (stroke: StrokeParts<[[Vec2]]>) throws(WillError) in
      try add(stroke, outlineShaped)
    }
    try prepare(
      page, frame: frame, scale: scale, clip: clip, defaultWidth: defaultWidth, budget: budget,
      tolerance: tolerance, shaped: shaped
    ) { (prepared) throws(WillError) in
      try add(prepared, outline)
    }
    return result
  }
}
