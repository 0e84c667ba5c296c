import InkCodec

/// A filled outline made of closed subpaths of lines and cubic Béziers, filled with the
/// non-zero rule.
///
/// Every subpath the outliner produces winds the same way, so overlapping subpaths add up
/// and their union is filled; nothing cancels.
public struct OutlinePath: Sendable, Hashable {
  /// One drawing command.
  public enum Element: Sendable, Hashable {
    /// Starts a new subpath.
    case move(InkPoint)
    /// A straight line to the point.
    case line(InkPoint)
    /// A cubic Bézier with two control points and an end point.
    case cubic(InkPoint, InkPoint, InkPoint)
    /// Closes the current subpath.
    case close
  }

  /// The commands, each subpath starting with ``Element/move(_:)`` and ending with
  /// ``Element/close``.
  public var elements: [Element] = []

  /// Creates an empty path.
  public init() {}

  /// Whether the path has no subpath.
  public var isEmpty: Bool { elements.isEmpty }

  mutating func move(_ p: Vec2) { elements.append(.move(p.point)) }
  mutating func line(_ p: Vec2) { elements.append(.line(p.point)) }
  mutating func cubic(_ c1: Vec2, _ c2: Vec2, _ p: Vec2) {
    elements.append(.cubic(c1.point, c2.point, p.point))
  }
  mutating func close() { elements.append(.close) }

  /// The path flattened to closed polygons.
  /// - Parameter tolerance: The largest distance between a curve and its chords.
  /// - Returns: One polygon per subpath, without repeating the first point at the end.
  /// - Precondition: `tolerance > 0`.
  public func polygons(tolerance: Double) -> [[InkPoint]] {
    precondition(tolerance > 0, "the flattening tolerance must be positive")
    var result: [[InkPoint]] = []
    var current: [InkPoint] = []
    flatten(tolerance: tolerance) { event in
      switch event {
      case .start(let p):
        if current.count > 2 { result.append(current) }
        current = [p.point]
      case .point(let p): current.append(p.point)
      }
    }
    if current.count > 2 { result.append(current) }
    return result
  }

  enum FlattenEvent {
    case start(Vec2)
    case point(Vec2)
  }

  /// Flattens into a callback: `.start` opens a polygon, `.point` adds a vertex. Polygons are
  /// implicitly closed.
  @inline(__always)
  func flatten(tolerance: Double, _ body: (FlattenEvent) -> Void) {
    var last = Vec2(0, 0)
    for element in elements {
      switch element {
      case .move(let p):
        last = Vec2(p)
        body(.start(last))
      case .line(let p):
        last = Vec2(p)
        body(.point(last))
      case .cubic(let c1, let c2, let p):
        let p1 = Vec2(c1)
        let p2 = Vec2(c2)
        let p3 = Vec2(p)
        let dd = max((last - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
        let steps = (0.75 * dd / tolerance).squareRoot().rounded(.up)
        let n = steps.isFinite ? Int(min(max(steps, 1), 4096)) : 1
        let p0 = last
        if n > 1 {
          let step = 1 / Double(n)
          for i in 1..<n {
            let t = Double(i) * step
            let u = 1 - t
            let q =
              p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
            body(.point(q))
          }
        }
        body(.point(p3))
        last = p3
      case .close:
        break
      }
    }
  }
}
