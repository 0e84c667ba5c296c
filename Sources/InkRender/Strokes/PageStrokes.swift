import InkCodec

/// A page's strokes in output coordinates (page units times a scale, origin at the frame's
/// corner), walked in drawing order: the first stage every output shares.
enum PageStrokes {
  /// The rectangle strokes are clipped to for an output of `width × height` units: the
  /// tolerance and a unit of anti-aliasing beyond the stroke's width.
  static func clip(width: Double, height: Double, tolerance: Double) -> CanvasClip {
    CanvasClip(width: width, height: height, slack: 1 + tolerance)
  }

  /// Walks every stroke that draws something, in drawing order, handing `body` its layer and
  /// index, the stroke, its segments in output coordinates, and the transform from the layer's
  /// coordinates to output pixels. Throws the budget's error as soon as it is spent.
  static func forEach(
    _ page: RenderPage, frame: PageFrame, scale: Double, defaultWidth: Double,
    budget: WorkBudget,
    _ body: (
      _ layer: Int, _ index: Int, _ stroke: Stroke, _ segments: [CubicSegment],
      _ device: AffineTransform
    ) throws(WillError) -> Void
  ) throws(WillError) {
    guard page.widthScale > 0 && page.widthScale.isFinite else {
      throw WillError(
        .unsupported("stroke width scale \(page.widthScale) (it must be positive and finite)"))
    }
    let toOutput = AffineTransform.scale(x: scale, y: scale)
      .concatenating(.translation(x: -frame.x, y: -frame.y))
    for (layerIndex, layer) in page.layers.enumerated() {
      let device = toOutput.concatenating(layer.transform)
      for (strokeIndex, stroke) in layer.strokes.enumerated() {
        // The segments are held in memory: charged before they are built.
        budget.charge(max(0, stroke.points.count - 3) * WorkBudget.segmentCost)
        try budget.check()
        var segments = CatmullRom.segments(of: stroke, defaultWidth: defaultWidth)
        for index in segments.indices {
          segments[index] = segments[index].transformed(by: device, widthScale: page.widthScale)
        }
        // Strokes built in memory (never decoded ones) may hold NaN or infinity: draw nothing.
        guard !segments.isEmpty, segments.allSatisfy(\.isFinite) else { continue }
        try body(layerIndex, strokeIndex, stroke, segments, device)
        try budget.check()
      }
    }
  }

  /// Walks every stroke that draws something inside `clip`, in drawing order, handing `body`
  /// its chains cut into parts of constant opacity; a stroke the page draws with its brush's
  /// shapes goes to `shaped` as polygons built within `tolerance`, when it is given.
  static func prepare(
    _ page: RenderPage, frame: PageFrame, scale: Double, clip: CanvasClip, defaultWidth: Double,
    budget: WorkBudget, tolerance: Double = 0.1,
    shaped: ((StrokeParts<[[Vec2]]>) throws(WillError) -> Void)? = nil,
    _ body: (PreparedStroke) throws(WillError) -> Void
  ) throws(WillError) {
    try forEach(page, frame: frame, scale: scale, defaultWidth: defaultWidth, budget: budget) {
      (layer, index, stroke, segments, device) throws(WillError) in
      if let shaped,
        let parts = Self.shaped(
          page, layer: layer, index: index, color: stroke.color ?? .black,
          blendMode: stroke.blendMode, device: device, clip: clip, tolerance: tolerance,
          budget: budget)
      {
        try budget.check()
        if !parts.parts.isEmpty { try shaped(parts) }
        return
      }
      let chains = clip.chains(of: segments, budget: budget)
      try budget.check()
      guard !chains.isEmpty else { return }
      try body(
        prepared(
          chains, layer: layer, stroke: index, color: stroke.color ?? .black,
          blendMode: stroke.blendMode))
    }
  }

  /// A stroke's clipped chains cut into parts of constant opacity.
  static func prepared(
    _ chains: [[CubicSegment]], layer: Int, stroke: Int, color: InkColor, blendMode: BlendMode
  ) -> PreparedStroke {
    PreparedStroke(
      layer: layer, stroke: stroke, color: color, blendMode: blendMode,
      parts: AlphaSplitting.parts(ofChains: chains).map {
        PreparedStroke.Part(alpha: $0.alpha, geometry: $0.chains)
      })
  }
}
