import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A vector brush's prototypes as convex polygons of the brush at size 1, and the URIs it
/// cannot read.
///
/// A prototype is a shape URI — `will://brush/3.0/shape/Circle?precision=N&radius=R` (a
/// regular N-gon, 20 vertices unless given) or `…/shape/Ellipse?precision=N&radiusX=A&radiusY=B`
/// — or an explicit polygon (`coordX`, `coordY`), taken as its convex hull: the stroke is the
/// union of the hulls of consecutive shapes, so a shape's concavities never show. Each is
/// normalised (``normalized(_:)``): at size 1 its bounding box is 1 wide or high. A prototype that is neither (another URI, a
/// polygon of fewer than three points, values that are not finite) is drawn as the circle of
/// radius 0.5 and named in ``unknown``.
struct BrushShapes: Sendable {
  /// One prototype.
  struct Shape: Sendable {
    /// The smallest point size it is used for.
    var minimumSize: Double
    /// Convex, counter-clockwise in a y-up frame; at least three points.
    var points: [Vec2]
  }

  /// The prototypes by ``Shape/minimumSize``, the smallest first; never empty.
  let shapes: [Shape]
  /// The prototypes that are drawn as circles because they cannot be read, as stored.
  let unknown: [String]
  /// The largest distance of a shape's point from its origin.
  let radius: Double

  /// The most vertices a URI shape is given (`precision` is clamped to 3…this).
  static let maximumPrecision = 256

  init(_ brush: UIMVectorBrush) {
    var shapes: [Shape] = []
    var unknown: [String] = []
    for prototype in brush.prototypes {
      let size = prototype.size.isFinite ? Double(prototype.size) : 0
      if let points = Self.polygon(prototype).flatMap(Self.normalized) {
        shapes.append(Shape(minimumSize: size, points: points))
      } else {
        unknown.append(
          prototype.shapeURI.isEmpty
            ? "a polygon of \(prototype.coordX.count) points" : prototype.shapeURI)
        shapes.append(
          Shape(minimumSize: size, points: Self.circle(precision: 20, rx: 0.5, ry: 0.5)))
      }
    }
    if shapes.isEmpty {
      unknown.append("a brush without prototypes")
      shapes = [Shape(minimumSize: 0, points: Self.circle(precision: 20, rx: 0.5, ry: 0.5))]
    }
    shapes.sort { $0.minimumSize < $1.minimumSize }
    self.shapes = shapes
    self.unknown = unknown
    radius = shapes.reduce(0) { r, shape in shape.points.reduce(r) { max($0, $1.length) } }
  }

  /// The shape for a point of `size`: the one with the largest minimum size at most `size`,
  /// else the smallest.
  func shape(forSize size: Double) -> [Vec2] {
    var low = 0
    var high = shapes.count
    while low < high {
      let middle = (low + high) / 2
      if shapes[middle].minimumSize <= size { low = middle + 1 } else { high = middle }
    }
    return shapes[max(low - 1, 0)].points
  }

  /// `points` moved so that their bounding box is centred on the origin and scaled alike
  /// in x and y so that its larger side is 1, as Wacom's SDKs normalise brush polygons (a
  /// shape at size s is s wide, whatever radius its URI gives); `nil` for a box of no size.
  static func normalized(_ points: [Vec2]) -> [Vec2]? {
    guard let first = points.first else { return nil }
    var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
    for p in points {
      (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
    }
    let side = max(maxX - minX, maxY - minY)
    guard side > 0, side.isFinite else { return nil }
    let centre = Vec2((minX + maxX) / 2, (minY + maxY) / 2)
    return points.map { ($0 - centre) * (1 / side) }
  }

  /// A prototype's polygon, or `nil` when it cannot be read.
  static func polygon(_ prototype: UIMBrushPrototype) -> [Vec2]? {
    if prototype.shapeURI.isEmpty {
      guard prototype.coordX.count == prototype.coordY.count, prototype.coordX.count >= 3
      else { return nil }
      var points: [Vec2] = []
      points.reserveCapacity(prototype.coordX.count)
      for (x, y) in zip(prototype.coordX, prototype.coordY) {
        guard x.isFinite, y.isFinite else { return nil }
        points.append(Vec2(Double(x), Double(y)))
      }
      let hull = ConvexHull.of(points)
      return hull.count >= 3 ? hull : nil
    }
    return shape(uri: prototype.shapeURI)
  }

  /// The polygon of a shape URI, or `nil` when it is not a circle or an ellipse.
  static func shape(uri: String) -> [Vec2]? {
    let prefix = "will://brush/3.0/shape/"
    guard uri.hasPrefix(prefix) else { return nil }
    let rest = uri.dropFirst(prefix.count)
    let name = rest.prefix { $0 != "?" }
    var parameters: [Substring: Double] = [:]
    if let query = rest.firstIndex(of: "?") {
      for pair in rest[rest.index(after: query)...].split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        // A value that is not a number (`radius=`, as Wacom's web demo writes it) is left at
        // its default.
        if parts.count == 2, let value = Double(parts[1]), value.isFinite {
          parameters[parts[0]] = value
        }
      }
    }
    let precision = Int(min(max(parameters["precision"] ?? 20, 3), Double(maximumPrecision)))
    func radius(_ key: Substring) -> Double? {
      let r = parameters[key] ?? 0.5
      return r > 0 && r < 1e6 ? r : nil
    }
    switch name {
    case "Circle":
      guard let r = radius("radius") else { return nil }
      return circle(precision: precision, rx: r, ry: r)
    case "Ellipse":
      guard let rx = radius("radiusX"), let ry = radius("radiusY") else { return nil }
      return circle(precision: precision, rx: rx, ry: ry)
    default: return nil
    }
  }

  /// A regular polygon of `precision` vertices inscribed in the ellipse of radii `rx`, `ry`,
  /// counter-clockwise from (rx, 0).
  static func circle(precision: Int, rx: Double, ry: Double) -> [Vec2] {
    (0..<precision).map {
      let angle = 2 * Double.pi * Double($0) / Double(precision)
      return Vec2(rx * cos(angle), ry * sin(angle))
    }
  }
}

/// Andrew's monotone chain.
enum ConvexHull {
  /// The convex hull of `points`, counter-clockwise in a y-up frame, without collinear
  /// points; fewer than three points when they are all on a line.
  static func of(_ points: [Vec2]) -> [Vec2] {
    let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
    guard sorted.count > 2 else { return sorted }
    var hull: [Vec2] = []
    hull.reserveCapacity(sorted.count + 1)
    func add(_ p: Vec2, floor: Int) {
      while hull.count >= floor + 2,
        Vec2.cross(hull[hull.count - 1] - hull[hull.count - 2], p - hull[hull.count - 2]) <= 0
      {
        hull.removeLast()
      }
      hull.append(p)
    }
    for p in sorted { add(p, floor: 0) }
    let lower = hull.count - 1
    for p in sorted.reversed().dropFirst() { add(p, floor: lower) }
    hull.removeLast()
    return hull
  }
}
