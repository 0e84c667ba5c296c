import InkCodec

/// A shape strokes are tested against: an eraser's swept path, a circle or point, a lasso or
/// a rectangle, in page coordinates.
///
/// A place on a stroke is *inside* a target when the stroke's ink there — the disc of the
/// stroke's width at that place, the brush the renderer sweeps — overlaps the target. So what
/// an eraser removes is exactly the ink it touched on screen, and a lasso selects what it
/// encloses or crosses.
public struct IntersectionTarget: Sendable, Hashable {
  enum Shape: Sendable, Hashable {
    /// Discs of radius `r` at the vertices of a polyline, joined by the hull of consecutive
    /// discs (a disc swept along the line with a radius that varies linearly).
    case sweep([SweptDisc])
    /// A closed polygon (non-zero winding) and its inside.
    case polygon([InkPoint])
  }

  let shape: Shape
  /// The box around the whole shape, or `nil` when it is empty.
  public let bounds: InkBounds?

  init(_ shape: Shape) {
    self.shape = shape
    switch shape {
    case .sweep(let discs):
      bounds = discs.reduce(nil) { box, disc in
        let own = InkBounds(
          minX: disc.x - disc.radius, minY: disc.y - disc.radius, maxX: disc.x + disc.radius,
          maxY: disc.y + disc.radius)
        return box.map { $0.union(own) } ?? own
      }
    case .polygon(let points):
      bounds = points.reduce(nil) { box, point in
        let own = InkBounds(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)
        return box.map { $0.union(own) } ?? own
      }
    }
  }

  /// A circle: a round eraser held still, or a hit test with a tolerance.
  /// - Parameters:
  ///   - x: The centre's x.
  ///   - y: The centre's y.
  ///   - radius: The radius (0 tests a single point).
  public static func circle(x: Double, y: Double, radius: Double) -> IntersectionTarget {
    sweep(along: [InkPoint(x: x, y: y)], width: 2 * radius)
  }

  /// A single point, as a tap hit-tests.
  public static func point(x: Double, y: Double) -> IntersectionTarget {
    circle(x: x, y: y, radius: 0)
  }

  /// A round eraser of diameter `width` moved along `points` (a polyline).
  public static func sweep(along points: [InkPoint], width: Double) -> IntersectionTarget {
    let radius = Self.radius(width / 2)
    return IntersectionTarget(
      .sweep(
        points.filter { $0.x.isFinite && $0.y.isFinite }.map {
          SweptDisc(x: $0.x, y: $0.y, radius: radius)
        }))
  }

  /// The ink of a stroke used as an eraser: the union of discs the renderer sweeps along its
  /// spline, flattened within `tolerance`.
  /// - Parameters:
  ///   - stroke: The eraser stroke, as the input layer builds it.
  ///   - transform: Maps the stroke onto the page (widths scale with it).
  ///   - tolerance: How far the flattened shape may be from the drawn one, in page units.
  ///   - defaultWidth: The width when the stroke stores none (as ``RenderOptions``).
  public static func stroke(
    _ stroke: Stroke, transform: AffineTransform = .identity, tolerance: Double = 0.05,
    defaultWidth: Double = 1
  ) -> IntersectionTarget {
    let tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : 0.05
    var discs: [SweptDisc] = []
    CatmullRom.forEachSegment(of: stroke, defaultWidth: defaultWidth) { _, segment, drawn in
      let piece = segment.trimmed(from: drawn.lowerBound, to: drawn.upperBound)
        .transformed(by: transform, widthScale: 1)
      guard piece.isFinite else { return }
      let steps = piece.subdivisions(tolerance: tolerance, limit: 1024)
      for step in (discs.isEmpty ? 0 : 1)...steps {
        let p = piece.point(at: Double(step) / Double(steps))
        discs.append(SweptDisc(x: p.x, y: p.y, radius: Self.radius(p.width / 2)))
      }
    }
    return IntersectionTarget(.sweep(discs))
  }

  /// A lasso: the closed polygon through `points` and what it encloses (non-zero winding, so a
  /// lasso that loops over itself still encloses both loops).
  public static func polygon(_ points: [InkPoint]) -> IntersectionTarget {
    IntersectionTarget(.polygon(points.filter { $0.x.isFinite && $0.y.isFinite }))
  }

  /// A rectangle and what it encloses.
  public static func rectangle(_ box: InkBounds) -> IntersectionTarget {
    polygon([
      InkPoint(x: box.minX, y: box.minY), InkPoint(x: box.maxX, y: box.minY),
      InkPoint(x: box.maxX, y: box.maxY), InkPoint(x: box.minX, y: box.maxY),
    ])
  }

  /// A usable radius: finite and not negative.
  static func radius(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
}

/// A disc of the swept shape of an eraser.
struct SweptDisc: Sendable, Hashable {
  var x: Double
  var y: Double
  var radius: Double
}
