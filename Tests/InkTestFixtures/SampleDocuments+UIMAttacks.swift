import InkCodec
import InkRender
import InkSynthesis

extension SampleDocuments {
  /// The UIM attacks (`r-uim-*.uim`): garbage in every field and in willdoc's own statements,
  /// the lookups a file can make quadratic, and tree nodes that multiply a stroke. Reading one
  /// means what drawing it means: parsing, then converting to WILL 2. The data chunks are
  /// zlib-compressed (UIM's ZIP compression), so that files of many megabytes of messages
  /// take a few kilobytes here.
  static func uimAttacks(seed: UInt64) throws -> [(ResourceAttack, [UInt8])] {
    let limits = DecodingLimits.default
    var files: [(ResourceAttack, [UInt8])] = []
    func add(_ name: String, _ summary: String, _ limit: DecodingLimits.Limit?, _ bytes: [UInt8]) {
      files.append((ResourceAttack(name: name, summary: summary, stoppedBy: limit), bytes))
    }
    var model = MotorModel(seed: seed &+ 300)

    add(
      "r-uim-garbage-fields.uim",
      "a UIM whose every field holds an extreme: NaN and infinite ts/tf, floats, sizes, transform and bounds; precision 15; deltas of ±2^31; colour values past 255; indices, seeds and offsets at 2^32 − 1; render modes and paint URIs past Int64 and UInt32; textures that are not images",
      nil, try compressed(try garbageFields(&model)))
    add(
      "r-uim-garbage-statements.uim",
      "a UIM willdoc wrote from three pages, with a wrong value for every one of willdoc's statements added (negative and huge counts, NaN and infinite sizes, malformed transforms, record bytes holding points and a precision, part names with ..) and every right one repeated",
      nil, try compressed(try garbageStatements(seed: seed)))

    // Lookups: the largest instances the limits let through.
    let brushStrokes = limits.maxStrokes
    add(
      "r-uim-raster-brush-lookups.uim",
      "\(brushStrokes) empty strokes naming a brush that is none of \(limits.maxPaints) raster brushes of one name: maxStrokes × maxPaints name comparisons for a scan",
      nil, try compressed(rasterBrushLookups(strokes: brushStrokes, brushes: limits.maxPaints)))
    let channels = 1_000_000
    let records = (limits.maxElements + 3 * limits.maxStrokes - channels - 3) / 2
    add(
      "r-uim-sensor-channel-lookups.uim",
      "\(channels) sensor channels of one identifier and \(records) sensor data records each with a run naming another: every message the element budget allows, and 10^11 identifier comparisons for a scan",
      nil, try compressed(sensorChannelLookups(channels: channels, records: records)))

    // Tree nodes naming one stroke: each draws it again.
    let word = model.longStroke(startX: 40, startY: 40, count: 1_000, step: 0.5)
    let copies = limits.maxTotalPoints / word.pointCount
    add(
      "r-uim-shared-stroke-at-limit.uim",
      "one \(word.pointCount)-point stroke drawn by \(copies) tree nodes: \(copies * word.pointCount) points drawn, at maxTotalPoints",
      nil, try compressed(try sharedStroke(word, copies: copies)))
    let long = Stroke(
      points: (0..<limits.maxPointsPerStroke).map {
        InkPoint(x: 40 + Double($0 % 2) / 100, y: 40 + Double($0 % 3) / 100)
      }, widths: [2])
    add(
      "r-uim-shared-stroke-past-limit.uim",
      "one \(limits.maxPointsPerStroke)-point stroke drawn by 900,000 tree nodes: 9 × 10^11 points, past maxTotalPoints",
      .totalPoints, try compressed(try sharedStroke(long, copies: 900_000)))
    add(
      "r-uim-sections-past-limit.uim",
      "willdoc's layout with 900,000 page groups of one identifier, stated once to be a section: past maxSections",
      .sections, try compressed(try manySections(900_000)))
    return files
  }

  /// The file with every data chunk zlib-compressed.
  static func compressed(_ document: UIMDocument) throws -> [UInt8] {
    var file = try document.container()
    for index in file.chunks.indices {
      file.chunks[index].descriptor = UIMChunkDescriptor(compression: .zip)
    }
    return file.serialized()
  }

  /// A fixed-point stroke with `x` and `y` given as the stored differences at `precision`.
  static func fixedStroke(
    id: UInt8, precisions: Int32, xDeltas: [Int32], yDeltas: [Int32]
  ) -> UIMStroke {
    var stroke = UIMStroke(id: identifier(0x51, id))
    stroke.splineFormat = .fixedPoint
    stroke.precisions = UIMPrecisionScheme(rawValue: precisions)
    let scale = Double(UIMPrecisionScheme(rawValue: precisions).position)
    func values(_ deltas: [Int32]) -> [Double] {
      var sum: Int64 = 0
      return deltas.map { delta in
        sum += Int64(delta)
        return Double(sum) / pow10(scale)
      }
    }
    stroke[.x] = values(xDeltas)
    stroke[.y] = values(yDeltas)
    return stroke
  }

  static func pow10(_ exponent: Double) -> Double {
    var result = 1.0
    for _ in 0..<Int(exponent) { result *= 10 }
    return result
  }

  static func identifier(_ kind: UInt8, _ index: UInt8) -> UIMIdentifier {
    UIMIdentifier(uuidBytes: [kind, index, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, index])
  }

  static func garbageFields(_ model: inout MotorModel) throws -> UIMDocument {
    var document = UIMDocument()
    let nan = Float.nan
    let inf = Float.infinity
    document.properties = [
      UIMProperty(
        name: "will://document/3.0/Title", value: String(repeating: "\u{202E}", count: 300)),
      UIMProperty(name: "\u{1B}[2J\u{7}", value: "\u{1B}]0;evil\u{7}"),
      UIMProperty(name: String(repeating: "p", count: 5_000), value: ""),
    ]

    // Input: channels with NaN, infinite and zero resolutions, the largest precision and
    // metric; runs of Int32's extremes, of different lengths, naming channels that are absent.
    let channelIDs = (0..<4).map { identifier(0xC0, UInt8($0)) }
    var context = UIMSensorChannelsContext(
      id: identifier(0xC1, 0),
      channels: [
        UIMSensorChannel(
          id: channelIDs[0], type: "will://input/3.0/channel/X", metric: .max, resolution: .nan,
          min: nan, max: -inf, precision: .max),
        UIMSensorChannel(
          id: channelIDs[1], type: "will://input/3.0/channel/Timestamp", metric: 1,
          resolution: -.infinity, precision: 22),
        UIMSensorChannel(
          id: channelIDs[2], type: "\u{1B}]0;evil\u{7}", metric: 6, resolution: 0, precision: 23),
        UIMSensorChannel(
          id: nil, type: "", metric: 5, resolution: .greatestFiniteMagnitude, precision: 1),
      ], inkInputProviderID: identifier(0xC2, 0), inputDeviceID: UIMIdentifier(wireBytes: [1]))
    context.samplingRateHint = .max
    context.latency = .max
    var configuration = UIMInputConfiguration()
    configuration.sensorContexts = [
      UIMSensorContext(id: identifier(0xC3, 0), channelsContexts: [context])
    ]
    configuration.inkInputProviders = [
      UIMInkInputProvider(id: identifier(0xC2, 0), type: .max)
    ]
    configuration.inputContexts = [
      UIMInputContext(id: identifier(0xC4, 0), environmentID: nil, sensorContextID: nil)
    ]
    var record = UIMSensorData(
      id: identifier(0xC5, 0), inputContextID: identifier(0xC4, 0), timestamp: .max,
      channels: [
        UIMChannelData(sensorChannelID: channelIDs[0], deltas: [.max, .max, .min, .min, .max]),
        UIMChannelData(sensorChannelID: channelIDs[1], deltas: [.min, .max]),
        UIMChannelData(sensorChannelID: channelIDs[2], deltas: []),
        UIMChannelData(sensorChannelID: identifier(0xC6, 0), deltas: [1, 2, 3]),
      ])
    record.state = .max
    document.inputData = UIMInputData(configuration: configuration, sensorData: [record])

    // Brushes: NaN and infinite sizes, shapes and spacings; raster brushes whose textures are
    // not images, or claim 2^31 − 1 pixels a side.
    var prototype = UIMBrushPrototype(
      shapeURI: "will://brush/3.0/shape/Circle?precision=4294967295&radius=nan", size: -inf)
    prototype.coordX = [nan, inf, -inf]
    prototype.coordY = [0, nan]
    prototype.indices = [.max, 7, 0]
    document.brushes.vectorBrushes = [
      UIMVectorBrush(name: "app://garbage/vector", prototypes: [prototype], spacing: nan)
    ]
    var raster = UIMRasterBrush(name: "app://garbage/raster")
    raster.spacing = nan
    raster.scattering = inf
    raster.rotationMode = .max
    raster.blendMode = .max
    raster.shapeTextures = [[0x89, 0x50, 0x4E, 0x47], hugePNGHeader(), []]
    raster.fillTexture = Array(repeating: 0xFF, count: 64)
    raster.fillWidth = -inf
    raster.fillHeight = nan
    raster.randomizeFill = true
    var tiny = UIMRasterBrush(name: "app://garbage/tiny-spacing")
    tiny.spacing = .leastNonzeroMagnitude
    tiny.scattering = -.greatestFiniteMagnitude
    tiny.shapeTextures = [hugePNGHeader()]
    tiny.fillWidth = .greatestFiniteMagnitude
    tiny.fillHeight = .leastNonzeroMagnitude
    document.brushes.rasterBrushes = [raster, tiny]

    // Ink data: a transform and a unit scale that are not finite, extreme style tables.
    var ink = UIMInkData()
    ink.unitScaleFactor = nan
    ink.transform = UIMMatrix(values: [inf, nan, 0, -inf, 0, 1e38, 0, nan, 1, 0, 0, 0, 0, 0, 0, 1])
    ink.brushURIs = [
      "app://willdoc/will2/paint/4294967295", "app://willdoc/will2/paint/99999999999999999999",
      "app://garbage/raster", "app://garbage/tiny-spacing", "app://willdoc/will2/paint/+1",
    ]
    ink.renderModeURIs = [
      "app://willdoc/will2/blend-mode/-9223372036854775808",
      "app://willdoc/will2/blend-mode/9223372036854775807",
      "app://willdoc/will2/blend-mode/99999999999999999999",
      "will://rasterization/3.0/blend-mode/Min",
      "",
    ]
    var nanProperties = UIMPathPointProperties(color: .min, size: -1e9)
    nanProperties.rotation = nan
    nanProperties.scaleX = inf
    nanProperties.offsetZ = -inf
    ink.properties = [
      nanProperties, UIMPathPointProperties(color: -1, size: 0),
      UIMPathPointProperties(color: .max, size: 3e6),
    ]

    // s0: precision 15 everywhere (the scheme −1), deltas ±2^31, ts NaN, tf +∞.
    var s0 = fixedStroke(
      id: 0, precisions: -1, xDeltas: [.max, .min, .max, .min, .max],
      yDeltas: [.min, .max, .min, .max, .min])
    s0.startParameter = nan
    s0.endParameter = inf
    s0.properties = .index(2)
    s0.brushURI = .index(1)
    s0.renderModeURI = .index(1)
    s0.randomSeed = .max
    // s1: precision 0, coordinates at Int32's ends, colour values past 255.
    var s1 = fixedStroke(
      id: 1, precisions: 0, xDeltas: [.max, .min, .max, 0], yDeltas: [.min, 0, 0, 0])
    s1[.red] = [4_294_967_295, 0, 256, 255]
    s1[.green] = [300, 300, 300, 300]
    s1[.blue] = [0, 0, 0, 0]
    s1[.alpha] = [255, 0, 4_294_967_295, 1]
    s1.endParameter = -inf
    s1.properties = .index(1)
    s1.brushURI = .index(2)
    s1.renderModeURI = .index(2)
    // s2: floats: subnormal, negative zero, 10^7; rotation, scale and offset channels.
    var s2 = UIMStroke(id: identifier(0x51, 2))
    s2.splineFormat = .floats
    s2[.x] = [Double(Float.leastNonzeroMagnitude), -0.0, 1e7, -1e7]
    s2[.y] = [-1e7, 1e7, Double(-Float.leastNormalMagnitude), 0]
    s2[.size] = [0, -0.0, 1e-40, 3e6]
    s2[.rotation] = [Double(nan), Double(inf), 0, 1]
    s2[.scaleX] = [1, 1, 1, 1]
    s2[.offsetZ] = [-1, 0, 1, 2]
    s2.startParameter = -5
    s2.endParameter = 1e30
    s2.properties = .index(2)
    s2.brushURI = .index(3)
    s2.renderModeURI = .index(4)
    // s3: no points; every other field at its largest.
    var s3 = UIMStroke(id: UIMIdentifier(wireBytes: Array(repeating: 0xEE, count: 1_000)))
    s3.splineFormat = .fixedPoint
    s3.precisions = UIMPrecisionScheme(rawValue: .min)
    s3.sensorDataMapping = [.max, 0, .max]
    s3.sensorDataOffset = .max
    s3.sensorDataID = identifier(0xC5, 9)
    s3.randomSeed = .max
    s3.brushURI = .value("app://willdoc/will2/paint/4294967295")
    s3.renderModeURI = .value("app://willdoc/will2/blend-mode/-9223372036854775808")
    s3.properties = .value(nanProperties)
    s3.endParameter = nan
    // s4 to s6: a real stroke drawn with each raster brush and the paint URI of +1.
    let real = model.longStroke(startX: 100, startY: 100, count: 40, step: 4)
    var strokes = [s0, s1, s2, s3]
    for (offset, brush) in [3, 4, 5].enumerated() {
      var stroke = fixedStroke(
        id: UInt8(4 + offset), precisions: 0x22,
        xDeltas: deltas(real.points.map(\.x)), yDeltas: deltas(real.points.map(\.y)))
      stroke.endParameter = 1
      stroke.properties = .index(3)
      stroke.brushURI = .index(UInt32(brush))
      stroke.renderModeURI = .index(5)
      stroke.randomSeed = UInt32(offset)
      strokes.append(stroke)
    }
    ink.strokes = strokes

    document.inkData = ink
    // Trees: willdoc's layout, so that the page has a size and the strokes are drawn on it
    // whatever their coordinates; bounds that are not numbers, a stroke drawn three times,
    // fragments past the points, groups of odd identifiers, a stroke outside the layout, a
    // view whose name is a terminal escape.
    let namespace = UIMWillMapping.namespace
    let page = identifier(0x71, 1)
    let element = identifier(0x71, 2)
    let farElement = identifier(0x71, 3)
    var root = UIMNode(depth: 0, content: .group(identifier(0x71, 0)))
    root.bounds = UIMRectangle(x: nan, y: inf, width: -inf, height: nan)
    var fragment = UIMNode(depth: 3, content: .stroke(1))
    fragment.interval = UIMInterval(fromIndex: .max, toIndex: .max, fromTValue: nan, toTValue: inf)
    var nodes = [
      root,
      UIMNode(
        depth: 1, content: .group(page), bounds: UIMRectangle(x: 0, y: 0, width: 592, height: 864)),
      UIMNode(depth: 2, content: .group(element)),
    ]
    for index in strokes.indices {
      nodes.append(UIMNode(depth: 3, content: .stroke(UInt32(index))))
    }
    nodes += [
      UIMNode(depth: 3, content: .stroke(1)), UIMNode(depth: 3, content: .stroke(1)),
      UIMNode(
        depth: 2, content: .group(UIMIdentifier(wireBytes: Array(repeating: 0xAB, count: 999)))),
      fragment, UIMNode(depth: 2, content: .group(UIMIdentifier(wireBytes: []))),
      UIMNode(depth: 3, content: .stroke(0)), UIMNode(depth: 2, content: .group(farElement)),
      UIMNode(depth: 3, content: .stroke(0)), UIMNode(depth: 3, content: .stroke(5)),
      UIMNode(depth: 1, content: .stroke(2)),
    ]
    document.structure = UIMInkStructure(
      mainTree: UIMInkTree(nodes: nodes),
      views: [
        UIMInkTree(name: "\u{1B}[31mview", nodes: [root, fragment.withDepth(1)]),
        UIMInkTree(name: "", nodes: [root]),
      ])
    document.structure.type = .max
    func statement(_ subject: String, _ name: String, _ object: String) -> UIMTriple {
      UIMTriple(subject: subject, predicate: namespace + name, object: object)
    }
    document.knowledgeGraph = [
      statement("uim:node/main/\(page)", "type", "section"),
      statement("uim:node/main/\(page)", "width", "592"),
      statement("uim:node/main/\(page)", "height", "864"),
      statement("uim:node/main/\(element)", "type", "paths"),
      statement("uim:node/main/\(farElement)", "type", "paths"),
      statement("uim:node/main/\(farElement)", "transform", "1e+300 0 0 -1e+300 1e+300 -1e+300"),
      statement("uim:stroke/\(identifier(0x51, 0))", "widths", "-5"),
      statement("uim:stroke/\(identifier(0x51, 1))", "colors", "-1"),
      UIMTriple(
        subject: "\u{1B}[2J", predicate: "\u{0}", object: String(repeating: "\u{202E}", count: 100)),
    ]
    return document
  }

  /// willdoc's layout of three pages (nested transforms, two paths elements, a paint, widths
  /// and colours of every length), then a wrong value for each of willdoc's statements and
  /// every right one stated a second time.
  static func garbageStatements(seed: UInt64) throws -> UIMDocument {
    var model = MotorModel(seed: seed &+ 301)
    var strokes = model.write("ink", x: 40, y: 60, size: 40)
    strokes[0].widths = Array(strokes[0].widths.prefix(2))
    strokes[0].colors = []
    strokes[1].colors = (0..<3).map { InkColor(rgba: UInt32($0) &* 0x1020_3040) }
    strokes[1].id = 41
    strokes[1].particlesRandomSeed = 0
    strokes[1].paintIndex = 0
    strokes[2].widths = []
    strokes[2].wire.storedFields = [.endParameter]
    strokes[2].wire.unknownFields = [0x58, 0x01]
    let rotate = AffineTransform(a: 0.866, b: 0.5, c: -0.5, d: 0.866, e: 10, f: 20)
    var first = Section(
      width: 592, height: 864, background: InkColor(rgba: 0xFFFF_00FF),
      nodes: [
        .paths(PathsElement(strokes: strokes)),
        .paths(
          PathsElement(strokes: model.write("two", x: 40, y: 300, size: 30), transform: rotate)),
      ])
    first.partName = "/sections/first.svg"
    var second = Section(
      width: 1188,
      nodes: [
        .paths(PathsElement(strokes: model.write("page", x: 40, y: 60, size: 30)))
      ])
    second.partName = "/sections/second.svg"
    var will = WillDocument(sections: [first, second, Section()])
    var paint = ParticlesPaint()
    paint.shape = [onePixelPNG]
    paint.fill = [onePixelPNG, [], onePixelPNG]
    paint.rotation = .unknown(-3)
    paint.blendMode = BlendMode(rawValue: 12)
    paint.id = 7
    will.paints = [paint]
    var document = try UIMDocument(converting: will)
    let namespace = UIMWillMapping.namespace
    let right = document.knowledgeGraph
    var wrong: [UIMTriple] = []
    let values: [String: [String]] = [
      "type": ["section", "paths", "Section", ""],
      "width": ["inf", "nan", "-0", "1e308", "592.0", " 592", "-1e+308"],
      "height": ["-inf", "0x10", "864 ", "1e+308"],
      "part": ["../../../etc/passwd", "/a/../b.svg", "/sections/", "relative.svg", "/x\\y"],
      "background": ["zz", "-1", "1ffffffff", "FFFFFFFF", "+ff", ""],
      "transform": [
        "nan 0 0 1 0 0", "1 0 0 1 0", "1  0 0 1 0 0", "1e308 0 0 1e308 0 0",
        "1e+308 0 0 1e+308 -1e+308 1e+308", "inf 0 0 inf 0 0",
      ],
      "widths": ["-5", "99999999999999999999", "nan", "1", "2", "02", "none", "4294967295"],
      "colors": ["-1", "0", "3", "none", "18446744073709551616"],
      "storedFields": ["255", "-1", "15", "16", "04"],
      "particlesRandomSeed": ["1", "00", "-0"],
      "id": ["-1", "4294967296", "+5", "0x10"],
      "unknown": [
        "2206d00fd00f00000000", "1804", "zz", "", "5", "0a", "0d0000803f", "a20601",
      ],
      "rotation": ["2", "0", "-9223372036854775808", "9223372036854775808", "x"],
      "blend": ["2", "-9223372036854775808", "1e3"],
      "fills": ["zz", ";;;", "0"],
      "paintId": ["-1", "4294967296"],
    ]
    var subjects: [String] = []
    for triple in right where !subjects.contains(triple.subject) { subjects.append(triple.subject) }
    for stroke in document.inkData.strokes.prefix(6) {
      if let id = stroke.id { subjects.append("uim:stroke/\(id)") }
    }
    subjects.append(UIMWillMapping.paintBrushURI(0))
    for subject in subjects {
      for (name, objects) in values.sorted(by: { $0.key < $1.key }) {
        for object in objects {
          wrong.append(UIMTriple(subject: subject, predicate: namespace + name, object: object))
        }
      }
    }
    // Statements the document has no subject for, and every right statement again.
    wrong.append(UIMTriple(subject: "uim:stroke/", predicate: namespace + "widths", object: "2"))
    wrong.append(UIMTriple(subject: "", predicate: namespace, object: ""))
    document.knowledgeGraph = right + wrong + right
    return document
  }

  /// `strokes` empty strokes naming a brush URI that is none of `brushes` raster brushes, all
  /// of one name.
  static func rasterBrushLookups(strokes: Int, brushes: Int) -> UIMDocument {
    var document = UIMDocument()
    document.brushes.rasterBrushes = Array(
      repeating: UIMRasterBrush(name: "app://attack/raster"), count: brushes)
    var stroke = UIMStroke()
    stroke.brushURI = .index(1)
    document.inkData.brushURIs = ["app://attack/not-a-raster-brush"]
    document.inkData.strokes = Array(repeating: stroke, count: strokes)
    return document
  }

  /// `channels` sensor channels of one identifier and `records` records, each with one empty
  /// run naming another identifier.
  static func sensorChannelLookups(channels: Int, records: Int) -> UIMDocument {
    var document = UIMDocument()
    // Only the identifier, so that a million fit the part size limit.
    let channel = UIMSensorChannel(
      id: identifier(0xD0, 0), type: "", metric: 0, resolution: 0, precision: 0)
    var configuration = UIMInputConfiguration()
    configuration.sensorContexts = [
      UIMSensorContext(
        id: identifier(0xD1, 0),
        channelsContexts: [
          UIMSensorChannelsContext(
            id: identifier(0xD2, 0), channels: Array(repeating: channel, count: channels),
            inkInputProviderID: nil, inputDeviceID: nil)
        ])
    ]
    let record = UIMSensorData(
      id: nil, inputContextID: nil, timestamp: 0,
      channels: [UIMChannelData(sensorChannelID: identifier(0xD0, 1), deltas: [])])
    document.inputData = UIMInputData(
      configuration: configuration, sensorData: Array(repeating: record, count: records))
    return document
  }

  /// `stroke` once in the ink data, drawn by `copies` nodes of the main tree.
  static func sharedStroke(_ stroke: Stroke, copies: Int) throws -> UIMDocument {
    var document = try UIMDocument(
      converting: WillDocument(strokes: [stroke], pageWidth: 592, pageHeight: 864))
    document.knowledgeGraph = []
    let root = UIMNode(depth: 0, content: .group(identifier(0x72, 0)))
    document.structure = UIMInkStructure(
      mainTree: UIMInkTree(
        nodes: [root] + Array(repeating: UIMNode(depth: 1, content: .stroke(0)), count: copies)))
    return document
  }

  /// willdoc's layout with `count` page groups of one identifier, one of them drawing a
  /// stroke.
  static func manySections(_ count: Int) throws -> UIMDocument {
    let dot = Stroke(points: [InkPoint(x: 10, y: 10), InkPoint(x: 11, y: 11)], widths: [2])
    var document = try UIMDocument(
      converting: WillDocument(strokes: [dot], pageWidth: 592, pageHeight: 864))
    let page = identifier(0x73, 0)
    document.knowledgeGraph = [
      UIMTriple(
        subject: "uim:node/main/\(page)", predicate: UIMWillMapping.namespace + "type",
        object: "section")
    ]
    var nodes = [UIMNode(depth: 0, content: .group(identifier(0x72, 0)))]
    nodes += [
      UIMNode(depth: 1, content: .group(page)),
      UIMNode(depth: 2, content: .group(identifier(0x74, 0))),
      UIMNode(depth: 3, content: .stroke(0)),
    ]
    nodes += Array(repeating: UIMNode(depth: 1, content: .group(page)), count: count - 1)
    document.structure = UIMInkStructure(mainTree: UIMInkTree(nodes: nodes))
    return document
  }

  /// Differences of `values` at precision 2.
  static func deltas(_ values: [Double]) -> [Int32] {
    var previous: Int32 = 0
    return values.map { value in
      let integer = Int32((value * 100).rounded())
      defer { previous = integer }
      return integer &- previous
    }
  }

  /// A PNG signature and header claiming 2^31 − 1 × 2^31 − 1 RGBA pixels, and nothing else.
  static func hugePNGHeader() -> [UInt8] {
    let header = Attack.bigEndian(0x7FFF_FFFF) + Attack.bigEndian(0x7FFF_FFFF) + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGWriter.chunk("IHDR", header)
  }
}

extension UIMNode {
  /// This node at another depth.
  fileprivate func withDepth(_ depth: UInt32) -> UIMNode {
    var copy = self
    copy.depth = depth
    return copy
  }
}
