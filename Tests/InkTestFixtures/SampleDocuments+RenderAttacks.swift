import InkCodec
import InkRender
import InkSynthesis

extension SampleDocuments {
  /// The resource attacks on rendering: image payloads drawn many times, JPEG scans, and
  /// outlines whose union and fitting do the work.
  static func renderAttacks(seed: UInt64) throws -> [(ResourceAttack, [UInt8])] {
    let limits = DecodingLimits.default
    var files: [(ResourceAttack, [UInt8])] = []
    func add(_ name: String, _ summary: String, _ bytes: [UInt8]) {
      files.append((ResourceAttack(name: name, summary: summary, stoppedBy: nil), bytes))
    }
    let imageTypes = [("png", "image/png"), ("jpg", "image/jpeg")]
    // The largest images a page may decode: 2^25 pixels each.
    let png = Attack.zeroPNG(width: 5_792)
    let jpeg = JPEGCraft.baseline(width: 8_192, height: 4_096)

    // One payload, many references: 2 × 2 units each, at 64 places over the page.
    for (name, part, bytes) in [
      ("r-shared-png.will", "/sections/media/i.png", png),
      ("r-shared-jpeg.will", "/sections/media/i.jpg", jpeg),
    ] {
      add(
        name,
        "one \(bytes.count)-byte image part of 2^25 pixels included by \(limits.maxReferences) <image r:id> elements of 2 × 2 units: maxReferences, one payload",
        try Attack.package(
          sections: [
            Attack.Section(
              body: Attack.tiledImages(count: limits.maxReferences, id: "i"),
              relationships: [("i", WillRelationshipType.image, part)])
          ], parts: [(part, bytes)], types: imageTypes))
    }
    // Copies: as many elements as the old per-element charge (two units a byte) let through,
    // 524 MB of the payload in one SVG or PDF when each element held its own copy.
    add(
      "r-shared-jpeg-copies.will",
      "the same \(jpeg.count)-byte JPEG part included by 4,000 <image r:id> elements: 524 MB of copies if each element embedded its own",
      try Attack.package(
        sections: [
          Attack.Section(
            body: Attack.tiledImages(count: 4_000, id: "i"),
            relationships: [("i", WillRelationshipType.image, "/sections/media/i.jpg")])
        ], parts: [("/sections/media/i.jpg", jpeg)], types: imageTypes))
    // One section part showing both images, included by maxSections relationships.
    add(
      "r-shared-images-sections.will",
      "one section part drawing a PNG and a JPEG of 2^25 pixels each, included \(limits.maxSections) times by the package relationships: maxSections pages of the same two payloads",
      try Attack.package(
        sections: [
          Attack.Section(
            body: "<image r:id=\"p\" width=\"592\" height=\"432\"/>"
              + "<image r:id=\"j\" y=\"432\" width=\"592\" height=\"432\"/>",
            relationships: [
              ("p", WillRelationshipType.image, "/sections/media/i.png"),
              ("j", WillRelationshipType.image, "/sections/media/i.jpg"),
            ])
        ], sectionCopies: limits.maxSections,
        parts: [("/sections/media/i.png", png), ("/sections/media/i.jpg", jpeg)],
        types: imageTypes))

    // Progressive JPEG scans: at the limit (the largest such image one page's work allows,
    // drawn by many elements), and a thousand.
    let scans = RenderLimits.default.maxImageScans
    add(
      "r-jpeg-scans-at-limit.will",
      "a progressive JPEG of 4,096 × 4,096 pixels with \(scans) scans (all but the first empty), included by 1,000 <image r:id> elements: maxImageScans, decoded once",
      try Attack.package(
        sections: [
          Attack.Section(
            body: Attack.tiledImages(count: 1_000, id: "j"),
            relationships: [("j", WillRelationshipType.image, "/sections/media/j.jpg")])
        ],
        parts: [
          (
            "/sections/media/j.jpg",
            JPEGCraft.progressive(width: 4_096, height: 4_096, scans: scans)
          )
        ], types: imageTypes))
    add(
      "r-jpeg-scans-past-limit.will",
      "a progressive JPEG of 2^25 pixels with 1,000 scans (all but the first empty), drawn over the page: past maxImageScans, it is not drawn",
      try Attack.package(
        sections: [
          Attack.Section(
            body: "<image r:id=\"j\" width=\"592\" height=\"864\"/>",
            relationships: [("j", WillRelationshipType.image, "/sections/media/j.jpg")])
        ],
        parts: [
          (
            "/sections/media/j.jpg",
            JPEGCraft.progressive(width: 8_192, height: 4_096, scans: 1_000)
          )
        ], types: imageTypes))

    // Outlines: self-intersecting scribbles, whose union cuts every edge many times.
    var random = SampleRandom(seed: seed &+ 300)
    var scribble: [InkPoint] = []
    for _ in 0..<300 {
      scribble.append(InkPoint(x: random.uniform(-20, 20), y: random.uniform(-20, 20)))
    }
    add(
      "r-scribbles.will",
      "300 strokes of width 6, each the same 300 random points in a 40 × 40 box, tiled over the page: the outlines' union cuts each edge dozens of times",
      try Attack.page(
        strokes: (0..<300).map { index in
          let (x, y) = (20 + Double(index % 16) * 36, 20 + Double(index / 16) * 35)
          return Stroke(
            points: scribble.map { InkPoint(x: x + $0.x, y: y + $0.y) }, widths: [6])
        }))
    return files
  }
}
