/// The rectangle a stroke's segments are clipped to before they are flattened or outlined:
/// the canvas for PNG and outline JSON, the page for SVG.
///
/// A segment lies inside the convex hull of its control points in all four channels, so the
/// union of its discs lies inside the control points' box grown by their largest radius. A
/// segment whose grown box misses the rectangle cannot draw on it and is dropped: off-canvas
/// ink costs one bounds check. The stroke is cut there into chains, each outlined on its own;
/// the caps this adds lie inside the dropped segments' discs, off the rectangle.
///
/// Segments reaching far beyond the rectangle (further than its larger side) are halved until
/// their pieces either miss it or lie near it, so a segment from −10^7 to 10^7 costs the few
/// pieces near the canvas instead of thousands of flattening steps. Segments near the
/// rectangle are kept whole: ink on the canvas is outlined exactly as without clipping.
struct CanvasClip: Sendable {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double
  /// Added to each segment's radius: outlines stray up to the tolerance from the exact shape,
  /// and anti-aliasing reaches into the next pixel.
  var slack: Double

  /// A rectangle from the origin.
  init(width: Double, height: Double, slack: Double) {
    (minX, minY, maxX, maxY) = (0, 0, width, height)
    self.slack = slack
  }

  /// No segment is halved more often than this (2^-40 of a segment is far below a pixel of
  /// any canvas it can reach).
  static let maximumDepth = 40

  /// The stroke cut to the rectangle: chains of connected segments, in stroke order. A stroke
  /// that lies near the rectangle is one chain of its own segments.
  ///
  /// Each piece a segment is halved into is charged to `budget` (the segments themselves were
  /// charged when they were built); once the budget is spent the rest is left out, and the
  /// caller throws its error.
  func chains(of segments: [CubicSegment], budget: WorkBudget) -> [[CubicSegment]] {
    var whole = true
    for s in segments where !isNear(Box(s)) {
      whole = false
      break
    }
    if whole { return segments.isEmpty ? [] : [segments] }
    var result: [[CubicSegment]] = []
    var chain: [CubicSegment] = []
    for s in segments {
      guard !budget.isSpent else { break }
      visit(s, depth: 0, budget, &chain, &result)
    }
    if !chain.isEmpty { result.append(chain) }
    return result
  }

  private func visit(
    _ s: CubicSegment, depth: Int, _ budget: WorkBudget, _ chain: inout [CubicSegment],
    _ result: inout [[CubicSegment]]
  ) {
    let box = Box(s)
    if misses(box) {
      if !chain.isEmpty {
        result.append(chain)
        chain.removeAll()
      }
      return
    }
    if depth >= CanvasClip.maximumDepth || isNear(box) {
      chain.append(s)
      return
    }
    guard budget.charge(2 * WorkBudget.segmentCost) else { return }
    let (head, tail) = s.split(at: 0.5)
    visit(head, depth: depth + 1, budget, &chain, &result)
    visit(tail, depth: depth + 1, budget, &chain, &result)
  }

  /// Whether the segment's discs cannot reach the rectangle.
  func misses(_ b: Box) -> Bool {
    let m = b.radius + slack
    return b.maxX + m < minX || b.minX - m > maxX || b.maxY + m < minY || b.minY - m > maxY
  }

  /// Whether the segment's centre line stays within the rectangle grown by its larger side
  /// (plus the segment's reach): such a segment is kept whole.
  func isNear(_ b: Box) -> Bool {
    let m = max(maxX - minX, maxY - minY) + b.radius + slack
    return b.minX >= minX - m && b.maxX <= maxX + m && b.minY >= minY - m && b.maxY <= maxY + m
  }

  /// The box of a segment's control points and their largest radius.
  struct Box {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double
    var radius: Double

    @inline(__always)
    init(_ s: CubicSegment) {
      minX = min(s.b0.x, s.b1.x, s.b2.x, s.b3.x)
      maxX = max(s.b0.x, s.b1.x, s.b2.x, s.b3.x)
      minY = min(s.b0.y, s.b1.y, s.b2.y, s.b3.y)
      maxY = max(s.b0.y, s.b1.y, s.b2.y, s.b3.y)
      radius = max(s.b0.width, s.b1.width, s.b2.width, s.b3.width, 0) / 2
    }
  }
}
