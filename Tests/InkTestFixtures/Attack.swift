import InkCodec
import InkRender
import InkSynthesis

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

  /// A package of `sections` (each included `sectionCopies` times by the package) and `parts`,
  /// with the content types `types` (extension, type) besides the usual ones.
  package static func package(
    sections: [Section], sectionCopies: Int = 1, parts: [(String, [UInt8])], level: Int = 9,
    types: [(String, String)] = []
  ) throws -> [UInt8] {
    var entries: [ZipEntry.Input] = []
    func add(_ name: String, _ data: [UInt8]) throws {
      entries.append(
        ZipEntry.Input(name: try PartName(name), data: data, compression: .deflate(level: level)))
    }
    try add("/[Content_Types].xml", Array(contentTypes(adding: types).utf8))
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

  static let contentTypes = contentTypes(adding: [])

  /// The content types part, with a `Default` for each (extension, type) of `extra`.
  static func contentTypes(adding extra: [(String, String)]) -> String {
    header + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
      + "<Default Extension=\"rels\" ContentType=\"\(WillContentType.relationships)\"/>"
      + "<Default Extension=\"svg\" ContentType=\"\(WillContentType.svg)\"/>"
      + "<Default Extension=\"protobuf\" ContentType=\"\(WillContentType.paths)\"/>"
      + "<Default Extension=\"bin\" ContentType=\"application/octet-stream\"/>"
      + extra.map { "<Default Extension=\"\($0.0)\" ContentType=\"\($0.1)\"/>" }.joined()
      + "<Override PartName=\"/style/paints.protobuf\" ContentType=\"\(WillContentType.paints)\"/>"
      + "</Types>"
  }

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

  /// `count` `<image r:id>` elements of 2 × 2 units, 64 places over the page in turn (the
  /// part then deflates well).
  static func tiledImages(count: Int, id: String) -> String {
    var text = ""
    for index in 0..<count {
      let x = index % 8 * 74
      let y = index / 8 % 8 * 108
      text += "<image r:id=\"\(id)\" x=\"\(x)\" y=\"\(y)\" width=\"2\" height=\"2\"/>"
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
    let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGWriter.chunk("IHDR", header)
      + PNGWriter.chunk("IDAT", zlib) + PNGWriter.chunk("IEND", [])
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
