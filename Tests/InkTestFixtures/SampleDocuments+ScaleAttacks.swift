import InkCodec

extension SampleDocuments {
  /// Attacks on the commands that work on pairs of strokes or on many pages: `diff` of a
  /// document with itself at maxStrokes distinct strokes (each stroke hashed once, never
  /// compared with every other), and `pages split` of many pages sharing one paths part as
  /// large as the limits let every page include.
  static func scaleAttacks() throws -> [(ResourceAttack, [UInt8])] {
    let limits = DecodingLimits.default
    // Two points a stroke, no two strokes alike: the first point walks a 1,000-wide grid.
    var distinct: [Stroke] = []
    distinct.reserveCapacity(limits.maxStrokes)
    for index in 0..<limits.maxStrokes {
      let x = Double(index % 1_000) / 2
      let y = Double(index / 1_000) * 1.5
      let line = [InkPoint(x: x, y: y), InkPoint(x: x + 1, y: y + 1)]
      distinct.append(Stroke(points: line, widths: [1]))
    }
    let strokes = ResourceAttack(
      name: "r-distinct-strokes-at-limit.will",
      summary:
        "one paths part of \(limits.maxStrokes) two-point strokes, no two alike, at maxStrokes: diff of the file with itself hashes each stroke once",
      stoppedBy: nil)
    let distinctPart = try PathsStream(strokes: distinct).serialized()
    // Each page includes one part of 50 four-point strokes: maxStrokes strokes and 2 million
    // points over maxSections pages (dump of maxTotalPoints is another attack's).
    let perPage = limits.maxStrokes / limits.maxSections
    let points = 4
    let shared = (0..<perPage).map { (index: Int) -> Stroke in
      let left = Double(20 + index % 10 * 50)
      let top = Double(40 + index / 10 * 150)
      let line = (0..<points).map { (step: Int) -> InkPoint in
        InkPoint(x: left + Double(step * 4), y: top + Double(step % 3))
      }
      return Stroke(points: line, widths: [2])
    }
    let pages = ResourceAttack(
      name: "r-shared-paths-sections.will",
      summary:
        "one section part including a paths part of \(perPage) \(points)-point strokes, included \(limits.maxSections) times by the package: maxSections pages, maxStrokes strokes, \(limits.maxStrokes * points) points; pages split writes every page with the part",
      stoppedBy: nil)
    let page = Attack.Section(
      body: "<g r:id=\"p\"/>",
      relationships: [("p", WillRelationshipType.paths, "/sections/media/p.protobuf")])
    return [
      (
        strokes,
        try Attack.package(
          sections: [page], parts: [("/sections/media/p.protobuf", distinctPart)])
      ),
      (
        pages,
        try Attack.package(
          sections: [page], sectionCopies: limits.maxSections,
          parts: [("/sections/media/p.protobuf", try PathsStream(strokes: shared).serialized())])
      ),
    ]
  }
}
