import InkCodec
import InkRender
import InkSynthesis

/// The deterministic generator of `SampleDocuments/`: the same seed gives byte-identical files.
public enum SampleDocuments {
  /// The seed `Tools/make-samples` uses unless given another.
  public static let defaultSeed: UInt64 = 2015

  /// Every file of `SampleDocuments/` for `seed`: the valid and invalid samples, the README and
  /// `golden/manifest.txt`.
  public static func generate(seed: UInt64 = defaultSeed) throws -> [GeneratedFile] {
    var files: [GeneratedFile] = []
    let valid = try validFiles(seed: seed)
    for (sample, bytes) in valid {
      files.append(GeneratedFile(path: "valid/" + sample.name, bytes: bytes))
    }
    let invalid = try invalidFiles(seed: seed)
    for (sample, bytes) in invalid {
      files.append(GeneratedFile(path: "invalid/" + sample.name, bytes: bytes))
    }
    let attacks =
      try resourceAttacks(seed: seed) + uimAttacks(seed: seed) + inkMLAttacks()
      + tuhiAttacks()
    for (attack, bytes) in attacks {
      files.append(GeneratedFile(path: "invalid/" + attack.name, bytes: bytes))
    }
    files.append(
      GeneratedFile(
        path: "golden/attacks.txt",
        bytes: Array(attacks.map { $0.0.manifestLine + "\n" }.joined().utf8)))
    files.append(
      GeneratedFile(
        path: "golden/manifest.txt",
        bytes: Array(invalid.map { $0.0.manifestLine + "\n" }.joined().utf8)))
    files.append(
      GeneratedFile(
        path: "README.md",
        bytes: Array(
          readme(
            seed: seed, valid: valid.map(\.0), invalid: invalid.map(\.0),
            attacks: attacks.map(\.0)
          ).utf8)))
    return files
  }

  static let options = WriteOptions(deflateLevel: 9)

  // MARK: Valid samples

  /// The handwriting page: three lines of words, dots, scribbles, an underline, and one word
  /// cut by an eraser into fragments with ts/tf.
  public static func handwritingPage(seed: UInt64) -> WillDocument {
    var model = MotorModel(seed: seed)
    var strokes: [Stroke] = []
    strokes += model.write("willdoc ink samples", x: 40, y: 60, size: 34)
    strokes += model.write("we draw on a slate", x: 40, y: 140, size: 30)
    strokes += model.write("scribbles, dots", x: 40, y: 220, size: 30)
    for index in 0..<6 {
      strokes.append(model.dot(x: 60 + Double(index) * 14, y: 300 + model.random.uniform(-3, 3)))
    }
    strokes.append(model.scribble(centerX: 300, centerY: 320, radius: 40, turns: 4))
    strokes.append(model.longStroke(startX: 60, startY: 420, count: 240, step: 2.2))
    var erased = model.write("erased", x: 40, y: 500, size: 34)
    if let longest = erased.indices.max(by: { erased[$0].pointCount < erased[$1].pointCount }),
      erased[longest].pointCount >= 10
    {
      let cut = erased[longest].pointCount / 2
      erased.replaceSubrange(
        longest...longest, with: MotorModel.erase(erased[longest], at: cut, tf: 0.5, ts: 0.5))
    }
    strokes += erased
    var document = WillDocument(strokes: strokes, pageWidth: 592, pageHeight: 864)
    document.properties = DocumentProperties(
      title: "Handwriting \(seed)", created: "2026-01-01T00:00:00Z",
      modified: "2026-01-01T00:00:00Z", application: "willdoc make-samples", appVersion: "1.0")
    return document
  }

  static func validFiles(seed: UInt64) throws -> [(ValidSample, [UInt8])] {
    var files: [(ValidSample, [UInt8])] = []
    func add(_ name: String, _ summary: String, _ bytes: [UInt8]) {
      files.append((ValidSample(name: name, summary: summary), bytes))
    }
    let page = handwritingPage(seed: seed)
    let pageSummary =
      "\(page.strokes.count) strokes, \(page.pointCount) points: words, dots, a scribble, a long stroke, eraser fragments with ts/tf 0..0.5 and 0.5..1"
    add(
      "handwriting-opc.will", "handwriting page as OPC (592×864): " + pageSummary,
      try page.serialized(container: .opc, options: options))
    add(
      "handwriting-riff.will", "the same strokes as a RIFF WILL data file",
      try page.serialized(container: .riff))
    add(
      "handwriting.will.bin", "the same strokes as a raw paths stream",
      try page.serialized(container: .raw))

    add(
      "sections-transforms.will",
      "three sections: a portrait page with nested transforms (translate ∘ scale ∘ rotate), a landscape 1188×864 page whose ink is stored portrait under matrix(0 -1 1 0 0 864), and an A4 page with two paths parts and a yellow background",
      try sectionsDocument(seed: seed &+ 1).serialized(options: options))
    add(
      "image.will",
      "one section with an image part (a hand-built 1×1 PNG) under a translated group, and ink",
      try imageDocument(seed: seed &+ 2).serialized(options: options))
    add(
      "constant-width.will",
      "strokes with one strokeWidth value each (layout x,y): widths 0.5, 1, 2.5, 4",
      try constantWidthDocument(seed: seed &+ 3).serialized(options: options))
    add(
      "per-point-alpha.will",
      "per-point alpha: stride 4 (x,y,w,a) and stride 3 (x,y,a with one width) strokes, alpha fading along the stroke",
      try alphaDocument(seed: seed &+ 4).serialized(options: options))
    add(
      "blend-modes.will", "18 strokes, compositeOperation 0…17 in order, each its own colour",
      try blendDocument(seed: seed &+ 5).serialized(options: options))
    add(
      "precisions.will", "7 strokes with decimalPrecision 0…6 in order",
      try precisionDocument(seed: seed &+ 6).serialized(options: options))
    add(
      "empty.will", "one blank 592×864 page without strokes",
      try WillDocument(strokes: [], pageWidth: 592, pageHeight: 864).serialized(options: options))
    add(
      "large-100k.will", "10 long strokes of 10,000 points each: 100,000 points (Deflate level 9)",
      try largeDocument(seed: seed &+ 7).serialized(options: options))
    return files
  }

  static func sectionsDocument(seed: UInt64) -> WillDocument {
    var model = MotorModel(seed: seed)
    let rotate30 = AffineTransform(a: 0.866, b: 0.5, c: -0.5, d: 0.866, e: 0, f: 0)
    let first = Section(
      width: 592, height: 864, background: InkColor(rgba: 0xFFFF_FFFF),
      nodes: [
        .group(
          SectionGroup(
            transform: .translation(x: 40, y: 60),
            children: [
              .group(
                SectionGroup(
                  transform: .scale(x: 0.8, y: 0.8),
                  children: [
                    .paths(
                      PathsElement(
                        strokes: model.write("nested", x: 20, y: 20, size: 40), transform: rotate30)
                    )
                  ]))
            ]))
      ])
    // The cloud conversion's landscape page: the ink is portrait and the group rotates it.
    let landscape = Section(
      width: 1188, height: 864, background: InkColor(rgba: 0xFFFF_FFFF),
      nodes: [
        .group(
          SectionGroup(
            transform: .identity,
            children: [
              .group(
                SectionGroup(
                  transform: AffineTransform(a: 0, b: -1, c: 1, d: 0, e: 0, f: 864),
                  children: [
                    .paths(
                      PathsElement(
                        strokes: Self.storedPortrait(
                          model.write("landscape", x: 100, y: 80, size: 50))))
                  ]))
            ]))
      ])
    let third = Section(
      width: 864, height: 1188, background: InkColor(rgba: 0xFFFF_00FF),
      nodes: [
        .group(
          SectionGroup(children: [
            .paths(PathsElement(strokes: model.write("two", x: 60, y: 60, size: 40))),
            .group(
              SectionGroup(
                transform: .translation(x: 0, y: 400),
                children: [
                  .paths(PathsElement(strokes: model.write("parts", x: 60, y: 60, size: 40)))
                ])),
          ]))
      ])
    var document = WillDocument(sections: [first, landscape, third])
    document.properties = DocumentProperties(
      title: "Sections", application: "willdoc make-samples", appVersion: "1.0")
    return document
  }

  /// A valid 1×1 transparent RGBA PNG, built chunk by chunk (framed by ``PNGWriter``).
  public static let onePixelPNG: [UInt8] = {
    let header = Attack.bigEndian(1) + Attack.bigEndian(1) + [8, 6, 0, 0, 0]
    // zlib: one fixed-Huffman block holding the filter byte and four zero bytes; Adler-32 0x00050001.
    let pixels: [UInt8] = [0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGWriter.chunk("IHDR", header)
      + PNGWriter.chunk("IDAT", pixels) + PNGWriter.chunk("IEND", [])
  }()

  static func imageDocument(seed: UInt64) -> WillDocument {
    var model = MotorModel(seed: seed)
    let section = Section(
      width: 592, height: 864, background: InkColor(rgba: 0xFFFF_FFFF),
      nodes: [
        .group(
          SectionGroup(
            transform: .translation(x: 10, y: 10),
            children: [.image(ImageElement(data: onePixelPNG, contentType: "image/png"))])),
        .group(
          SectionGroup(children: [
            .paths(PathsElement(strokes: model.write("image", x: 40, y: 80, size: 40)))
          ])),
      ])
    return WillDocument(sections: [section])
  }

  static func constantWidthDocument(seed: UInt64) -> WillDocument {
    var model = MotorModel(seed: seed)
    var strokes: [Stroke] = []
    for (line, width) in [0.5, 1, 2.5, 4].enumerated() {
      for var stroke in model.write("constant", x: 40, y: 40 + Double(line) * 70, size: 36) {
        stroke.widths = [width]
        strokes.append(stroke)
      }
    }
    return WillDocument(strokes: strokes, pageWidth: 592, pageHeight: 864)
  }

  static func alphaDocument(seed: UInt64) -> WillDocument {
    var model = MotorModel(seed: seed)
    var strokes: [Stroke] = []
    let colors: [InkColor] = [
      InkColor(rgba: 0x1F4E_C0FF), InkColor(rgba: 0xC0_1F1FFF), InkColor(rgba: 0x0080_30FF),
    ]
    for (index, stroke) in model.write("alpha", x: 40, y: 40, size: 44).enumerated() {
      let count = stroke.pointCount
      var values: [Double] = []
      for (point, (position, width)) in zip(stroke.points, stroke.widths.enumerated()) {
        let alpha = 1 - 0.8 * Double(position) / Double(max(1, count - 1))
        values +=
          index % 2 == 0 ? [point.x, point.y, width * 2, alpha] : [point.x, point.y, alpha]
      }
      strokes.append(
        Stroke(
          points: values, layout: index % 2 == 0 ? .xyWidthAlpha : .xyAlpha,
          width: index % 2 == 0 ? nil : 3, color: colors[index % colors.count]))
    }
    return WillDocument(strokes: strokes, pageWidth: 592, pageHeight: 864)
  }

  static func blendDocument(seed: UInt64) -> WillDocument {
    var model = MotorModel(seed: seed)
    var strokes: [Stroke] = []
    for mode in 0...17 {
      var stroke = model.longStroke(
        startX: 60 + Double(mode % 6) * 80, startY: 80 + Double(mode / 6) * 200, count: 40, step: 3)
      stroke.blendMode = BlendMode(rawValue: Int64(mode))
      stroke.colors = [
        InkColor(
          red: UInt8(mode * 14), green: UInt8(255 - mode * 14), blue: UInt8((mode * 57) % 256),
          alpha: 200)
      ]
      strokes.append(stroke)
    }
    return WillDocument(strokes: strokes, pageWidth: 592, pageHeight: 864)
  }

  static func precisionDocument(seed: UInt64) -> WillDocument {
    var model = MotorModel(seed: seed)
    var strokes: [Stroke] = []
    for precision in 0...6 {
      var stroke = model.longStroke(
        startX: 100, startY: 60 + Double(precision) * 100, count: 30, step: 4)
      stroke.decimalPrecision = precision
      strokes.append(stroke)
    }
    return WillDocument(strokes: strokes, pageWidth: 592, pageHeight: 864)
  }

  static func largeDocument(seed: UInt64) -> WillDocument {
    var model = MotorModel(seed: seed)
    var strokes: [Stroke] = []
    for index in 0..<10 {
      strokes.append(
        model.longStroke(
          startX: 300 + Double(index % 2) * 100, startY: 200 + Double(index) * 50, count: 10_000,
          step: 1.5))
    }
    return WillDocument(strokes: strokes, pageWidth: 2000, pageHeight: 2000, background: nil)
  }
}

extension SampleDocuments {
  /// Ink written upright on the 1188×864 landscape page, stored as the cloud conversion
  /// stores it: in portrait coordinates, which `matrix(0 -1 1 0 0 864)` turns upright.
  /// The inverse maps a page point (x', y') to (864 − y', x').
  static func storedPortrait(_ strokes: [Stroke]) -> [Stroke] {
    strokes.map { stroke in
      var stored = stroke
      stored.points = stroke.points.map { InkPoint(x: 864 - $0.y, y: $0.x) }
      return stored
    }
  }
}
