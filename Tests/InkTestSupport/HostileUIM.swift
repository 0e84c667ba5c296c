import InkCodec

/// UIM documents whose every field holds a value drawn from the extremes (NaN, infinities,
/// subnormals, the ends of every integer type, indices just inside and past their tables,
/// willdoc's statements with wrong values), seeded: what a hostile file can hold once it
/// parses. References stay within their tables, so that the document reads back.
public enum HostileUIM {
  /// The floats a field may hold.
  public static let floats: [Float] = [
    .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    .leastNonzeroMagnitude, -0.0, 0, 1, -1, 0.5, 1e30, -1e30, 2_147_483_648, 1e-30,
  ]
  /// The channel values a spline may hold: floats, and fixed-point values near Int32's ends.
  public static let values: [Double] = [
    .nan, .infinity, -.infinity, 0, -0.0, 1, -1, 0.001, 21.47, -21.47, 1e7, -1e7, 2_147_483_647,
    -2_147_483_648, 4_294_967_295, 1e300, .leastNonzeroMagnitude,
  ]
  /// The 32-bit unsigned values an index, seed or enum may hold.
  public static let unsigned: [UInt32] = [0, 1, 2, 3, 4, 5, 6, 7, 255, 256, .max - 1, .max]
  /// Objects of willdoc's statements: right forms for some, wrong ones for all.
  public static let statementObjects = [
    "", "0", "1", "2", "3", "-1", "-5", "02", "+2", "none", "section", "paths", "nan", "inf",
    "-inf", "1e+308", "1e308", "99999999999999999999", "4294967296", "18446744073709551616",
    "-9223372036854775808", "9223372036854775807", "1 0 0 1 0 0", "nan 0 0 1 0 0",
    "1e+300 0 0 1e+300 0 0", "1 0 0 1 0", "ffffffff", "zz", "2206d00fd00f0000", "1804", "5801",
    "a206", ";;", "../x", "/sections/section0.svg", "INK ", "INK #1",
  ]
  /// willdoc's statement names.
  public static let statementNames = [
    "type", "width", "height", "part", "background", "transform", "widths", "colors",
    "storedFields", "particlesRandomSeed", "id", "unknown", "rotation", "blend", "fills",
    "paintId",
  ]

  /// A document for `seed`.
  public static func document(seed: UInt64) -> UIMDocument {
    var random = SeededRandom(seed: seed)
    func pick<T>(_ values: [T]) -> T { values[random.below(values.count)] }
    func float() -> Float { pick(floats) }
    var document = UIMDocument()

    var ink = UIMInkData()
    ink.unitScaleFactor = float()
    if random.below(2) == 0 { ink.transform = UIMMatrix(values: (0..<16).map { _ in float() }) }
    ink.brushURIs = [
      UIMWillMapping.paintBrushURI(random.below(3)), "app://willdoc/will2/paint/4294967295",
      "app://willdoc/will2/paint/+1", "app://hostile/raster", UIMWillMapping.circleBrushURI,
    ]
    ink.renderModeURIs = [
      "app://willdoc/will2/blend-mode/-9223372036854775808",
      "app://willdoc/will2/blend-mode/\(pick(unsigned))", "will://rasterization/3.0/blend-mode/Max",
      "", "will://rasterization/3.0/blend-mode/Copy",
    ]
    for _ in 0..<3 {
      var properties = UIMPathPointProperties(
        color: Int32(bitPattern: pick(unsigned)), size: float())
      properties.rotation = float()
      properties.scaleX = float()
      properties.offsetY = float()
      ink.properties.append(properties)
    }
    let strokeCount = 1 + random.below(6)
    for index in 0..<strokeCount {
      var stroke = UIMStroke(
        id: UIMIdentifier(
          uuidBytes: [0x48, UInt8(index), 0, 0, 0, 0, 0x40, 0, 0x80] + [
            0, 0, 0, 0, 0, 0, UInt8(index),
          ]))
      let points = random.below(6)
      switch random.below(3) {
      case 0:
        stroke.splineFormat = .fixedPoint
        stroke.precisions = UIMPrecisionScheme(
          rawValue: Int32(bitPattern: UInt32(random.next() & 0xFFFF_FFFF)))
      case 1: stroke.splineFormat = .floats
      default: stroke.splineFormat = .none
      }
      if stroke.splineFormat != .none {
        for channel in UIMSplineChannel.allCases
        where channel == .x || channel == .y || random.below(3) == 0 {
          stroke[channel] = (0..<points).map { _ in
            channel.isColor ? Double(pick(unsigned)) : safe(pick(values), stroke, channel)
          }
        }
      }
      stroke.startParameter = float()
      stroke.endParameter = float()
      stroke.properties = random.below(4) == 0 ? .none : .index(UInt32(1 + random.below(3)))
      stroke.brushURI =
        random.below(5) == 0
        ? .value("app://hostile/\(index)") : .index(UInt32(1 + random.below(5)))
      stroke.renderModeURI = .index(UInt32(random.below(6)))
      stroke.randomSeed = pick(unsigned)
      stroke.sensorDataOffset = pick(unsigned)
      stroke.sensorDataMapping = (0..<random.below(3)).map { _ in pick(unsigned) }
      ink.strokes.append(stroke)
    }
    document.inkData = ink

    var raster = UIMRasterBrush(
      name: random.below(2) == 0 ? UIMWillMapping.paintBrushURI(0) : "app://hostile/raster")
    raster.spacing = float()
    raster.scattering = float()
    raster.rotationMode = pick(unsigned)
    raster.blendMode = pick(unsigned)
    raster.fillWidth = float()
    raster.fillHeight = float()
    raster.shapeTextures = [[0x89, 0x50, 0x4E, 0x47], []]
    raster.fillTexture = [0xFF]
    document.brushes.rasterBrushes = [raster, raster]
    var prototype = UIMBrushPrototype(
      shapeURI: "will://brush/3.0/shape/Circle?precision=\(pick(unsigned))", size: float())
    prototype.coordX = [float(), float()]
    prototype.indices = [pick(unsigned)]
    document.brushes.vectorBrushes = [
      UIMVectorBrush(name: UIMWillMapping.circleBrushURI, prototypes: [prototype], spacing: float())
    ]

    // The main tree: willdoc's layout or another, strokes named any number of times.
    let group = { (n: UInt8) in
      UIMIdentifier(uuidBytes: [0x47, n, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, n])
    }
    var nodes = [UIMNode(depth: 0, content: .group(group(0)))]
    var depth: UInt32 = 0
    for n in 1..<UInt8(2 + random.below(10)) {
      if random.below(2) == 0 || depth == 0 {
        depth = UInt32(1 + random.below(Int(min(depth, 2)) + 1))
        var node = UIMNode(depth: depth, content: .group(group(n)))
        if random.below(2) == 0 {
          node.bounds = UIMRectangle(x: float(), y: float(), width: float(), height: float())
        }
        nodes.append(node)
      } else {
        var node = UIMNode(depth: depth + 1, content: .stroke(UInt32(random.below(strokeCount))))
        if random.below(3) == 0 {
          node.interval = UIMInterval(
            fromIndex: pick(unsigned), toIndex: pick(unsigned), fromTValue: float(),
            toTValue: float())
        }
        nodes.append(node)
      }
    }
    document.structure = UIMInkStructure(
      mainTree: UIMInkTree(nodes: nodes), views: [UIMInkTree(name: "\u{1B}[2J", nodes: [nodes[0]])])

    // willdoc's statements on every subject the document has, and a few it has not.
    var subjects = (0..<12).map { "uim:node/main/\(group(UInt8($0)))" }
    subjects += ink.strokes.compactMap { $0.id.map { "uim:stroke/\($0)" } }
    subjects += [UIMWillMapping.paintBrushURI(0), "app://hostile/raster", ""]
    for _ in 0..<(10 + random.below(40)) {
      document.knowledgeGraph.append(
        UIMTriple(
          subject: pick(subjects), predicate: UIMWillMapping.namespace + pick(statementNames),
          object: pick(statementObjects)))
    }
    for subject in subjects.prefix(12) where random.below(2) == 0 {
      document.knowledgeGraph.append(
        UIMTriple(subject: subject, predicate: UIMWillMapping.namespace + "type", object: "section")
      )
    }

    let channel = UIMSensorChannel(
      id: group(200), type: "will://input/3.0/channel/X", metric: pick(unsigned),
      resolution: Double(float()), precision: pick(unsigned))
    var configuration = UIMInputConfiguration()
    configuration.sensorContexts = [
      UIMSensorContext(
        id: nil,
        channelsContexts: [
          UIMSensorChannelsContext(
            id: nil, channels: [channel], inkInputProviderID: nil, inputDeviceID: nil)
        ])
    ]
    document.inputData = UIMInputData(
      configuration: configuration,
      sensorData: [
        UIMSensorData(
          id: group(201), inputContextID: nil, timestamp: random.next(),
          channels: [
            UIMChannelData(sensorChannelID: group(200), deltas: [.max, .min, 0]),
            UIMChannelData(sensorChannelID: group(202), deltas: [1]),
          ])
      ])
    return document
  }

  /// A fixed-point value that can be written: the encoder refuses what does not fit, which
  /// a file cannot hold either.
  static func safe(_ value: Double, _ stroke: UIMStroke, _ channel: UIMSplineChannel) -> Double {
    guard stroke.splineFormat == .fixedPoint else { return value }
    guard value.isFinite else { return 0 }
    var scale = 1.0
    for _ in 0..<stroke.precision(of: channel) { scale *= 10 }
    return abs(value * scale) < 1e9 ? value : 1 / scale
  }
}
