/// Receives closed polygons vertex by vertex.
protocol PolygonSink {
  mutating func begin(_ p: Vec2)
  mutating func add(_ p: Vec2)
  mutating func end()
}
