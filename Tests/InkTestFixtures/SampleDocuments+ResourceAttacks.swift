import InkCodec
import InkSynthesis

extension SampleDocuments {
  /// The resource attacks, one class per family of multiplied work: for each class the largest
  /// instance the default limits let through, and where it is cheap on disk, the next one up.
  static func resourceAttacks(seed: UInt64) throws -> [(ResourceAttack, [UInt8])] {
    let limits = DecodingLimits.default
    var files: [(ResourceAttack, [UInt8])] = []
    func add(
      _ name: String, _ summary: String, _ limit: DecodingLimits.Limit?, readError: String? = nil,
      _ bytes: [UInt8]
    ) {
      files.append(
        (
          ResourceAttack(name: name, summary: summary, stoppedBy: limit, readError: readError),
          bytes
        ))
    }
    var model = MotorModel(seed: seed &+ 200)
    let word = model.write("ink", x: 20, y: 40, size: 30)
    let wordPoints = word.reduce(0) { $0 + $1.pointCount }

    // Amplification by references: one paths part, many <g r:id> elements including it.
    let perCopy = limits.maxTotalPoints / wordPoints
    add(
      "r-shared-paths-at-limit.will",
      "one \(wordPoints)-point paths part included by \(perCopy) <g r:id> elements tiled over the page: \(perCopy * wordPoints) points drawn, at maxTotalPoints",
      nil,
      try Attack.package(
        sections: [
          Attack.Section(
            body: Attack.tiled(count: perCopy, id: "p"),
            relationships: [("p", WillRelationshipType.paths, "/sections/media/p.protobuf")])
        ],
        parts: [("/sections/media/p.protobuf", try PathsStream(strokes: word).serialized())]))
    let longStroke = model.longStroke(startX: 50, startY: 50, count: 9_000, step: 0.05)
    add(
      "r-shared-paths-past-limit.will",
      "one 9,000-point paths part included by 10,000 <g r:id> elements: 90 million points drawn, past maxTotalPoints",
      .totalPoints,
      try Attack.package(
        sections: [
          Attack.Section(
            body: String(repeating: "<g r:id=\"p\"/>", count: 10_000),
            relationships: [("p", WillRelationshipType.paths, "/sections/media/p.protobuf")])
        ],
        parts: [("/sections/media/p.protobuf", try PathsStream(strokes: [longStroke]).serialized())]
      ))
    let dot = Stroke(
      points: [InkPoint(x: 10, y: 10), InkPoint(x: 11, y: 11)], widths: [2])
    add(
      "r-references-at-limit.will",
      "a one-stroke paths part included by \(limits.maxReferences) <g r:id> elements, at maxReferences",
      nil,
      try Attack.package(
        sections: [
          Attack.Section(
            body: String(repeating: "<g r:id=\"p\"/>", count: limits.maxReferences),
            relationships: [("p", WillRelationshipType.paths, "/sections/media/p.protobuf")])
        ],
        parts: [("/sections/media/p.protobuf", try PathsStream(strokes: [dot]).serialized())]))

    // Many sections: one section part, included by many package relationships.
    let page = Attack.Section(
      body: "<g r:id=\"p\"/>",
      relationships: [("p", WillRelationshipType.paths, "/sections/media/p.protobuf")])
    add(
      "r-sections-at-limit.will",
      "one section part (the word \"ink\") included \(limits.maxSections) times by the package relationships, at maxSections",
      nil,
      try Attack.package(
        sections: [page], sectionCopies: limits.maxSections,
        parts: [("/sections/media/p.protobuf", try PathsStream(strokes: word).serialized())]))
    add(
      "r-sections-past-limit.will",
      "the same section part included \(limits.maxSections + 1) times, past maxSections",
      .sections,
      try Attack.package(
        sections: [page], sectionCopies: limits.maxSections + 1,
        parts: [("/sections/media/p.protobuf", try PathsStream(strokes: word).serialized())]))

    // Elements: a million empty groups in one part, then fewer groups in a shared section.
    add(
      "r-elements-at-limit.will",
      "one section of \(limits.maxElements - 2) empty <g/> elements (with <svg> and one <g r:id>: maxElements)",
      nil,
      try Attack.package(
        sections: [
          Attack.Section(
            body: "<g r:id=\"p\"/>" + String(repeating: "<g/>", count: limits.maxElements - 2),
            relationships: [("p", WillRelationshipType.paths, "/sections/media/p.protobuf")])
        ],
        parts: [("/sections/media/p.protobuf", try PathsStream(strokes: word).serialized())]))
    let groups = 1_000
    add(
      "r-elements-past-limit.will",
      "a section of \(groups) empty <g/> elements included by \(limits.maxElements / groups + 1) package relationships: past maxElements",
      .elements,
      try Attack.package(
        sections: [Attack.Section(body: String(repeating: "<g/>", count: groups))],
        sectionCopies: limits.maxElements / groups + 1, parts: []))

    // Zip bombs of medium size: each under maxPartBytes, together at or past maxTotalBytes.
    let medium = 4 + 258 * ((limits.maxPartBytes - (1 << 20)) / 258)
    let fitting = (limits.maxTotalBytes - (1 << 20)) / medium
    add(
      "r-medium-bombs-at-limit.will",
      "\(fitting) unreferenced parts of \(medium) zero bytes each (Deflate, about 1,000:1): \(fitting * medium) bytes decompressed, just under maxTotalBytes",
      nil, try Attack.bombs(count: fitting, size: medium))
    add(
      "r-medium-bombs-past-limit.will",
      "\(fitting + 1) such parts: past maxTotalBytes", .totalBytes,
      try Attack.bombs(count: fitting + 1, size: medium))

    // Geometry: far-off zig-zags and huge widths, at the points limits.
    let zigzagStrokes = limits.maxTotalPoints / limits.maxPointsPerStroke
    add(
      "r-far-off-zigzag.will",
      "\(zigzagStrokes) strokes of \(limits.maxPointsPerStroke) points zig-zagging between x = ±1,000,000 far outside a 592×864 page: maxTotalPoints and maxPointsPerStroke",
      nil,
      try Attack.page(
        strokes: (0..<zigzagStrokes).map { index in
          Attack.zigzag(count: limits.maxPointsPerStroke, y: 100 + Double(index) * 100)
        }))
    add(
      "r-huge-widths.will",
      "1,000 strokes across the page with widths 10^6 and one of 2×10^7 (the largest an Int32 holds at precision 2)",
      nil,
      try Attack.page(
        strokes: (0..<1_000).map { index in
          Stroke(
            points: [
              InkPoint(x: 0, y: Double(index)), InkPoint(x: 0, y: Double(index)),
              InkPoint(x: 592, y: 864), InkPoint(x: 592, y: 864),
            ],
            widths: [index == 0 ? 20_000_000 : 1_000_000])
        }))

    // Overdraw: page-sized strokes, as many as maxStrokes allows, with a particle paint.
    let crossing = Stroke(
      points: [
        InkPoint(x: 0, y: 0), InkPoint(x: 0, y: 0), InkPoint(x: 592, y: 864),
        InkPoint(x: 592, y: 864),
      ],
      widths: [40], colors: [InkColor(red: 20, green: 40, blue: 160)], paintIndex: 0,
      particlesRandomSeed: 7)
    var paint = ParticlesPaint()
    paint.shape = [Attack.zeroPNG(width: 64)]
    paint.fill = [Attack.zeroPNG(width: 64)]
    paint.spacing = 0.05
    add(
      "r-overdraw.will",
      "\(limits.maxStrokes) page-crossing strokes of width 40 with a particle paint (spacing 0.05): maxStrokes of overdraw for every brush",
      nil,
      try Attack.page(
        strokes: Array(repeating: crossing, count: limits.maxStrokes), paints: [paint]))

    // Textures: many large ones, most of them unused.
    var textures: [ParticlesPaint] = []
    for _ in 0..<16 {
      var large = ParticlesPaint()
      large.shape = [Attack.zeroPNG(width: 2_048)]
      large.fill = [Attack.zeroPNG(width: 2_048)]
      textures.append(large)
    }
    var textured = word
    for index in textured.indices {
      textured[index].paintIndex = 0
      textured[index].particlesRandomSeed = 1
    }
    add(
      "r-many-textures.will",
      "16 paints with two 2,048×2,048 textures each (16 MiB of pixels per texture), of which the ink uses one",
      nil, try Attack.page(strokes: textured, paints: textures))

    // Salvage: a zip without a central directory and thousands of entries.
    add(
      "r-no-central-directory.will",
      "a package of 2,000 paths parts (one stroke each) in one section, its central directory cut off: reading refuses it, salvage must recover it in linear time",
      nil, readError: "zip-error",
      Attack.withoutCentralDirectory(
        try Attack.package(
          sections: [
            Attack.Section(
              body: (0..<2_000).map { "<g r:id=\"p\($0)\"/>" }.joined(),
              relationships: (0..<2_000).map {
                ("p\($0)", WillRelationshipType.paths, "/sections/media/p\($0).protobuf")
              })
          ],
          parts: (0..<2_000).map {
            (
              "/sections/media/p\($0).protobuf",
              try PathsStream(strokes: [model.longStroke(startX: 40, startY: 40, count: 4, step: 2)]
              ).serialized()
            )
          }, level: 1)))

    // XML sizes at libxml2's caps: the largest part and name it parses, and one past each.
    let open = Attack.sectionOpening.utf8.count + "<desc></desc></svg>".utf8.count
    add(
      "r-xml-at-limit.will",
      "the section SVG is \(limits.maxXMLPartBytes) bytes, most of it one <desc> text node: at maxXMLPartBytes",
      nil,
      try Attack.package(
        sections: [
          Attack.Section(
            body: "<desc>" + String(repeating: "a", count: limits.maxXMLPartBytes - open)
              + "</desc>")
        ], parts: []))
    add(
      "r-xml-huge-attribute.will",
      "a <g> in the section SVG has an attribute value of 12,000,000 bytes: past maxXMLPartBytes",
      .xmlPartBytes,
      try Attack.package(
        sections: [
          Attack.Section(body: "<g class=\"" + String(repeating: "a", count: 12_000_000) + "\"/>")
        ], parts: []))
    add(
      "r-xml-long-name.will",
      "an element of the section SVG has a name of \(limits.maxXMLNameBytes + 1) bytes: past maxXMLNameBytes",
      .xmlNameBytes,
      try Attack.package(
        sections: [
          Attack.Section(
            body: "<" + String(repeating: "g", count: limits.maxXMLNameBytes + 1) + "/>")
        ], parts: []))

    // Many empty strokes, at maxStrokes.
    add(
      "r-empty-strokes-at-limit.will",
      "one paths part of \(limits.maxStrokes) empty Path records: maxStrokes strokes to validate and dump",
      nil,
      try Attack.package(
        sections: [
          Attack.Section(
            body: "<g r:id=\"p\"/>",
            relationships: [("p", WillRelationshipType.paths, "/sections/media/p.protobuf")])
        ],
        parts: [
          ("/sections/media/p.protobuf", [UInt8](repeating: 0, count: limits.maxStrokes))
        ]))
    files += try renderAttacks(seed: seed)
    files += try scaleAttacks()
    return files
  }
}
