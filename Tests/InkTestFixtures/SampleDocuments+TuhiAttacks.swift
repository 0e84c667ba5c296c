import InkCodec

extension SampleDocuments {
  /// The tuhi attacks (`r-tuhi-*.json`): JSON nesting in a member tuhi does not write (the
  /// reader skips it with a depth counter, never recursing), a long points array of points
  /// without a position (each dropped, and said so), and positions at the edge of `Double`
  /// (they read; WILL 2 cannot hold them). SampleDocuments stays under 6 MiB, so the arrays
  /// are a few hundred kilobytes; `TuhiDrawingTests` holds the counts to the limits.
  static func tuhiAttacks() -> [(ResourceAttack, [UInt8])] {
    let head =
      "{\"version\": 1, \"devicename\": \"Bamboo Slate\", \"dimensions\": [216000, 148000], "
    var files: [(ResourceAttack, [UInt8])] = []
    func add(_ name: String, _ summary: String, readError: String? = nil, _ text: String) {
      files.append(
        (
          ResourceAttack(name: name, summary: summary, stoppedBy: nil, readError: readError),
          Array(text.utf8)
        ))
    }
    let depth = 100_000
    add(
      "r-tuhi-deep-nesting.json",
      "an unknown member nested \(depth) arrays deep before the strokes: skipped without recursing",
      head + "\"axes\": " + String(repeating: "[", count: depth)
        + String(repeating: "]", count: depth)
        + ", \"strokes\": [{\"points\": [{\"position\": [1000, 1000], \"pressure\": 30000}]}]}\n")
    let points = 60_000
    add(
      "r-tuhi-positionless-points.json",
      "one stroke of \(points) points without a position: each dropped, the stroke too",
      head + "\"strokes\": [{\"points\": ["
        + Array(repeating: "{}", count: points).joined(separator: ",")
        + "]}]}\n")
    add(
      "r-tuhi-huge-numbers.json",
      "positions of 1.7976931348623157e308 and a toffset of 1e300: they read, and WILL 2 cannot hold them",
      readError: "value-too-large",
      head
        + "\"timestamp\": 1e300, \"strokes\": [{\"points\": [{\"position\": [1.7976931348623157e308, 0], "
        + "\"pressure\": 1e300, \"toffset\": 1e300}]}]}\n")
    return files
  }
}
