import InkCodec

extension VectorStroke {
  /// Every stroke of a page that draws something as a vector writer takes it, in page units
  /// relative to the frame's corner: its outline, or its centre line with its mean width.
  /// The tolerance is in page units.
  static func strokes(
    of page: RenderPage, frame: PageFrame, tolerance: Double, defaultWidth: Double,
    style: SVGStyle, budget: WorkBudget
  ) throws(WillError) -> [VectorStroke] {
    switch style {
    case .outline:
      let strokes = try PageStrokes.shapes(
        of: page, frame: frame, scale: 1, tolerance: tolerance, defaultWidth: defaultWidth,
        budget: budget
      ).map {
        VectorStroke(
          layer: $0.layer, color: $0.color, blendMode: $0.blendMode,
          pieces: $0.parts.map { VectorStroke.Piece(alpha: $0.alpha, path: $0.path) })
      }
      for stroke in strokes { stroke.chargeMaskCopies(to: budget) }
      try budget.check()
      return strokes
    case .centerline:
      let clip = PageStrokes.clip(width: frame.width, height: frame.height, tolerance: tolerance)
      var result: [VectorStroke] = []
      try PageStrokes.prepare(
        page, frame: frame, scale: 1, clip: clip, defaultWidth: defaultWidth, budget: budget
      ) { (prepared) throws(WillError) in
        var widthSum = 0.0
        var widthCount = 0.0
        var pieces: [VectorStroke.Piece] = []
        for part in prepared.parts {
          var path = OutlinePath()
          for chain in part.geometry {
            guard let first = chain.first else { continue }
            path.elements.append(.move(InkPoint(x: first.b0.x, y: first.b0.y)))
            var moved = false
            for s in chain {
              widthSum += max(s.b0.width, 0) + max(s.b3.width, 0)
              widthCount += 2
              let points = [s.b1, s.b2, s.b3]
              if points.contains(where: { $0.x != s.b0.x || $0.y != s.b0.y }) { moved = true }
              path.elements.append(
                .cubic(
                  InkPoint(x: s.b1.x, y: s.b1.y), InkPoint(x: s.b2.x, y: s.b2.y),
                  InkPoint(x: s.b3.x, y: s.b3.y)))
            }
            // A tap: a zero-length line, which round caps draw as a dot.
            if !moved { path.elements.append(.line(InkPoint(x: first.b0.x + 1e-3, y: first.b0.y))) }
          }
          budget.charge(path.elements.count * WorkBudget.vectorElementCost)
          pieces.append(VectorStroke.Piece(alpha: part.alpha, path: path))
        }
        guard !pieces.isEmpty else { return try budget.check() }
        let stroke = VectorStroke(
          layer: prepared.layer, color: prepared.color, blendMode: prepared.blendMode,
          pieces: pieces, strokeWidth: widthCount > 0 ? widthSum / widthCount : 0)
        stroke.chargeMaskCopies(to: budget)
        try budget.check()
        result.append(stroke)
      }
      return result
    }
  }

  /// Charges what a stroke whose alpha varies costs beyond its path, which the outlines were
  /// charged for: the writers repeat its pieces twice in its mask (widened, then as they are).
  func chargeMaskCopies(to budget: WorkBudget) {
    guard isAlphaMasked else { return }
    let elements = pieces.reduce(0) { $0 + $1.path.elements.count }
    budget.charge(2 * elements * WorkBudget.vectorElementCost)
  }
}
