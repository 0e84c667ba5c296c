/// A ``PolygonSink`` that keeps the polygons as arrays of vertices.
struct PolygonCollector: PolygonSink {
  var polygons: [[Vec2]] = []
  mutating func begin(_ p: Vec2) { polygons.append([p]) }
  mutating func add(_ p: Vec2) { polygons[polygons.count - 1].append(p) }
  mutating func end() {}
}
