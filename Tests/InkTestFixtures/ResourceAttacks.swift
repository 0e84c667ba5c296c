import InkCodec
import InkSynthesis

/// A file that attacks willdoc's resources rather than its parser: small on disk, it asks for
/// as much work as the default limits let through (or one step more). Each one must finish
/// within the budget model of `docs/robustness.md`, or stop with the limit error it names.
public struct ResourceAttack: Sendable {
  /// The file name under `invalid/`, `r-<class>.will`.
  public var name: String
  /// What it attacks, and how big it is.
  public var summary: String
  /// The decoding limit that stops it with default limits, or `nil` when it reads.
  public var stoppedBy: DecodingLimits.Limit?
  /// The error code reading gives instead, for an attack on salvage (`zip-error`).
  public var readError: String?

  /// What reading it gives: `ok`, `limit-exceeded <limit>` or an error code.
  public var outcome: String {
    readError ?? stoppedBy.map { "limit-exceeded \($0)" } ?? "ok"
  }

  /// The line of `golden/attacks.txt`: `name outcome`.
  public var manifestLine: String { "\(name) \(outcome)" }
}

extension SampleGenerator {
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
    return files
  }
}

/// Builders for the resource attacks: packages written by hand, so that they can hold what
/// the document model would refuse to make.
package enum Attack {
  /// A section part: the SVG body and its relationships (id, type, target).
  package struct Section {
    var body: String
    var relationships: [(String, String, String)] = []

    package init(body: String, relationships: [(String, String, String)] = []) {
      self.body = body
      self.relationships = relationships
    }
  }

  static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
  static let relationshipsNamespace = "http://schemas.willfileformat.org/2015/relationships"
  /// The declaration and `<svg>` start tag of every section part.
  static let sectionOpening =
    header + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"592\" height=\"864\" "
    + "xmlns:r=\"\(relationshipsNamespace)\">"

  /// A package of `sections` (each included `sectionCopies` times by the package) and `parts`.
  package static func package(
    sections: [Section], sectionCopies: Int = 1, parts: [(String, [UInt8])], level: Int = 9
  ) throws -> [UInt8] {
    var entries: [ZipEntry.Input] = []
    func add(_ name: String, _ data: [UInt8]) throws {
      entries.append(
        ZipEntry.Input(name: try PartName(name), data: data, compression: .deflate(level: level)))
    }
    try add("/[Content_Types].xml", Array(contentTypes.utf8))
    var root: [(String, String, String)] = []
    for (index, _) in sections.enumerated() {
      for copy in 0..<sectionCopies {
        root.append(
          ("s\(index)_\(copy)", WillRelationshipType.section, "/sections/section\(index).svg"))
      }
    }
    try add("/_rels/.rels", relationships(root))
    for (index, section) in sections.enumerated() {
      try add(
        "/sections/section\(index).svg", Array((sectionOpening + section.body + "</svg>").utf8))
      if !section.relationships.isEmpty {
        try add("/sections/_rels/section\(index).svg.rels", relationships(section.relationships))
      }
    }
    for (name, data) in parts { try add(name, data) }
    return try ZipArchive.write(entries)
  }

  static let contentTypes =
    header + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
    + "<Default Extension=\"rels\" ContentType=\"\(WillContentType.relationships)\"/>"
    + "<Default Extension=\"svg\" ContentType=\"\(WillContentType.svg)\"/>"
    + "<Default Extension=\"protobuf\" ContentType=\"\(WillContentType.paths)\"/>"
    + "<Default Extension=\"bin\" ContentType=\"application/octet-stream\"/>"
    + "<Override PartName=\"/style/paints.protobuf\" ContentType=\"\(WillContentType.paints)\"/>"
    + "</Types>"

  static func relationships(_ items: [(String, String, String)]) -> [UInt8] {
    var text =
      header
      + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
    for (id, type, target) in items {
      text += "<Relationship Id=\"\(id)\" Type=\"\(type)\" Target=\"\(target)\"/>"
    }
    return Array((text + "</Relationships>").utf8)
  }

  /// `count` `<g r:id>` elements, each translated to a cell of a grid over the page.
  static func tiled(count: Int, id: String) -> String {
    // An 8 × 8 grid repeats every 64 elements, so the part deflates well.
    var text = ""
    for index in 0..<count {
      let x = index % 8 * 70
      let y = index / 8 % 8 * 100
      text += "<g r:id=\"\(id)\" transform=\"translate(\(x) \(y))\"/>"
    }
    return text
  }

  /// A one-section 592×864 document of `strokes`, through the library's own writer.
  static func page(strokes: [Stroke], paints: [ParticlesPaint] = []) throws -> [UInt8] {
    var document = WillDocument(strokes: strokes, pageWidth: 592, pageHeight: 864)
    document.paints = paints
    return try document.serialized(options: WriteOptions(deflateLevel: 9))
  }

  /// A stroke of `count` points alternating between x = −10^6 and x = +10^6 at height `y`.
  static func zigzag(count: Int, y: Double) -> Stroke {
    var points: [InkPoint] = []
    points.reserveCapacity(count)
    for index in 0..<count {
      points.append(InkPoint(x: index % 2 == 0 ? -1_000_000 : 1_000_000, y: y))
    }
    return Stroke(points: points, widths: [2])
  }

  /// A package whose only parts, besides the required ones, are `count` zip bombs of `size`
  /// zero bytes: hand-built Deflate, about 1,000:1.
  static func bombs(count: Int, size: Int) throws -> [UInt8] {
    let zeros = ZipCraft.deflatedZeros(count: size)
    let crc = ZipCraft.crc32OfZeros(count: size)
    var entries: [ZipCraft.Entry] = [
      .stored("[Content_Types].xml", Array(contentTypes.utf8)),
      .stored(
        "_rels/.rels",
        relationships([("s", WillRelationshipType.section, "/sections/section0.svg")])),
      .stored(
        "sections/section0.svg",
        Array(
          (header + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"592\" height=\"864\"/>")
            .utf8)),
    ]
    for index in 0..<count {
      entries.append(
        ZipCraft.Entry(
          name: "bombs/b\(index).bin", method: 8, crc: crc, compressedSize: UInt32(zeros.count),
          uncompressedSize: UInt32(size), data: zeros))
    }
    return ZipCraft.archive(entries)
  }

  /// The archive up to its first central-directory header: every entry, no directory.
  static func withoutCentralDirectory(_ archive: [UInt8]) -> [UInt8] {
    let signature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
    var index = 0
    while index + 4 <= archive.count {
      if archive[index] == 0x50, Array(archive[index..<(index + 4)]) == signature {
        return Array(archive[..<index])
      }
      index += 1
    }
    return archive
  }

  /// An RGBA PNG of transparent black, at most `side`×`side` and close to it, whose image
  /// data is one hand-built Deflate block of zeros: the size is chosen so that the filtered
  /// rows (a zero filter byte and four bytes a pixel) fit that block's length rule.
  static func zeroPNG(width side: Int) -> [UInt8] {
    var width = side
    var height = side
    search: for w in stride(from: side, through: 1, by: -1) {
      for h in stride(from: side, through: max(1, side - 300), by: -1)
      where ((1 + 4 * w) * h - 4) % 258 == 0 {
        (width, height) = (w, h)
        break search
      }
    }
    let size = (1 + 4 * width) * height
    let deflate = ZipCraft.deflatedZeros(count: size)
    // Adler-32 of `size` zeros: a = 1, b = size mod 65521.
    let adler = UInt32(size % 65_521) << 16 | 1
    let zlib = [0x78, 0x01] + deflate + bigEndian(adler)
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      return bigEndian(UInt32(data.count)) + body + bigEndian(ZipCraft.crc32(body))
    }
    let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", zlib) + chunk("IEND", [])
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
