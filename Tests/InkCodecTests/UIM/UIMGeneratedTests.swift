import Foundation
import InkCodec
import InkTestSupport
import Testing

/// A UIM built in code with every spline channel, raster and vector brushes, sensor data,
/// several views and a knowledge graph: it round-trips through willdoc, compressed or not, and
/// Wacom's `UIMParser` reads its strokes.
@Suite("UIM generated documents")
struct UIMGeneratedTests {
  static func id(_ n: UInt8) -> UIMIdentifier {
    UIMIdentifier(uuidBytes: [n, 1, 2, 3, 4, 5, 0x46, 7, 0x88, 9, 10, 11, 12, 13, 14, n])
  }

  /// Every channel, fixed point and floats, three strokes, a main tree with a group, two views.
  static func everything() -> UIMDocument {
    var document = UIMDocument()
    document.properties = [UIMProperty(name: "will://document/3.0/Title", value: "Every channel")]
    let x = UIMSensorChannel(
      id: id(20), type: UIMSensorChannel.typePrefix + "X", metric: 0, resolution: 3779.5275590592,
      precision: 2)
    let t = UIMSensorChannel(
      id: id(21), type: UIMSensorChannel.typePrefix + "Timestamp", metric: 1, resolution: 1000,
      precision: 0)
    var configuration = UIMInputConfiguration()
    configuration.inputContexts = [
      UIMInputContext(id: id(30), environmentID: id(31), sensorContextID: id(32))
    ]
    configuration.environments = [
      UIMEnvironment(id: id(31), properties: [UIMProperty(name: "env.name", value: "TEST")])
    ]
    configuration.inkInputProviders = [UIMInkInputProvider(id: id(33), type: 0)]
    configuration.inputDevices = [UIMInputDevice(id: id(34), properties: [])]
    configuration.sensorContexts = [
      UIMSensorContext(
        id: id(32),
        channelsContexts: [
          UIMSensorChannelsContext(
            id: id(35), channels: [x, t], inkInputProviderID: id(33), inputDeviceID: id(34))
        ])
    ]
    document.inputData = UIMInputData(
      configuration: configuration,
      sensorData: [
        UIMSensorData(
          id: id(40), inputContextID: id(30), timestamp: 1_615_372_849_955,
          channels: [
            UIMChannelData(sensorChannelID: id(20), deltas: [137200, 0, -100, -200]),
            UIMChannelData(sensorChannelID: id(21), deltas: [0, 56, 31, 19]),
          ])
      ])
    var raster = UIMRasterBrush(name: "app://test/raster-brush/Pencil")
    raster.spacing = 0.15
    raster.scattering = 0.05
    raster.rotationMode = 1
    raster.shapeTextures = [[0x89, 0x50, 0x4E, 0x47]]
    raster.fillTexture = [0x89, 0x50, 0x4E, 0x47, 1]
    raster.fillWidth = 32
    raster.fillHeight = 32
    raster.randomizeFill = true
    raster.blendMode = 3
    document.brushes = UIMBrushes(
      vectorBrushes: [
        UIMVectorBrush(
          name: "app://test/vector-brush/Circle",
          prototypes: [
            UIMBrushPrototype(
              shapeURI: "will://brush/3.0/shape/Circle?precision=4&radius=0.5", size: 0),
            UIMBrushPrototype(
              shapeURI: "will://brush/3.0/shape/Circle?precision=8&radius=0.5", size: 2),
          ], spacing: 1)
      ], rasterBrushes: [raster])
    var ink = UIMInkData()
    ink.brushURIs = ["app://test/vector-brush/Circle", "app://test/raster-brush/Pencil"]
    ink.renderModeURIs = ["will://rasterization/3.0/blend-mode/Lighter"]
    ink.properties = [UIMPathPointProperties(color: Int32(bitPattern: 0x1E66_15B3), size: 2.5)]
    ink.unitScaleFactor = 1
    ink.transform = .identity
    var fixed = UIMStroke(id: id(50))
    fixed.splineFormat = .fixedPoint
    fixed.precisions = UIMPrecisionScheme(position: 2, size: 3, rotation: 4, scale: 2, offset: 2)
    fixed.startParameter = 0.25
    fixed.endParameter = 0.75
    for channel in UIMSplineChannel.allCases {
      fixed[channel] =
        channel.isColor
        ? [10, 20, 30, 40].map { Double($0 + channel.rawValue) }
        : [1.25, -3.5, 1000.75, 0]
    }
    fixed.properties = .index(1)
    fixed.brushURI = .index(1)
    fixed.renderModeURI = .index(1)
    fixed.sensorDataID = id(40)
    fixed.sensorDataOffset = 0
    fixed.sensorDataMapping = [0, 1, 2, 3]
    var floats = UIMStroke(id: id(51))
    floats.splineFormat = .floats
    floats.endParameter = 1
    floats[.x] = [1.5, 2.5, 3.5]
    floats[.y] = [4.25, 5.25, 6.25]
    floats[.size] = [1, 2, 3]
    floats[.alpha] = [255, 128, 0]
    floats.properties = .index(1)
    floats.brushURI = .index(2)
    floats.randomSeed = 234
    var plain = UIMStroke(id: id(52))
    plain.splineFormat = .fixedPoint
    plain.precisions = UIMPrecisionScheme(position: 1, size: 1)
    plain.endParameter = 1
    plain[.x] = [0, 10, 20, 30]
    plain[.y] = [0, 0.5, 1, 1.5]
    plain.properties = .value(UIMPathPointProperties(color: 0x0000_00FF, size: 1))
    plain.brushURI = .value("app://test/vector-brush/Circle")
    ink.strokes = [fixed, floats, plain]
    document.inkData = ink
    document.knowledgeGraph = [
      UIMTriple(
        subject: "uim:node/hwr/\(id(60))",
        predicate: "http://www.w3.org/1999/02/22-rdf-syntax-ns#type",
        object: "will://semantic/3.0/TextLine"),
      UIMTriple(
        subject: "uim:node/hwr/\(id(60))", predicate: "will://semantic/3.0/hasContent",
        object: "ink"),
    ]
    let root = UIMNode(
      depth: 0, content: .group(id(1)), bounds: UIMRectangle(x: 0, y: 0, width: 100, height: 50))
    var fragment = UIMNode(depth: 2, content: .stroke(1))
    fragment.interval = UIMInterval(fromIndex: 0, toIndex: 2, fromTValue: 0.25, toTValue: 0.75)
    document.structure = UIMInkStructure(
      mainTree: UIMInkTree(
        nodes: [
          root, UIMNode(depth: 1, content: .stroke(0)), UIMNode(depth: 1, content: .group(id(2))),
          UIMNode(depth: 2, content: .stroke(1)), UIMNode(depth: 1, content: .stroke(2)),
        ]),
      views: [
        UIMInkTree(
          name: "hwr",
          nodes: [
            UIMNode(depth: 0, content: .group(id(3))), UIMNode(depth: 1, content: .group(id(60))),
            fragment, UIMNode(depth: 2, content: .stroke(0)),
          ]),
        UIMInkTree(
          name: "ner",
          nodes: [
            UIMNode(depth: 0, content: .group(id(4))), UIMNode(depth: 1, content: .stroke(2)),
          ]),
      ])
    return document
  }

  @Test("every channel, brush, view and triple round-trips")
  func roundTrip() throws {
    let document = Self.everything()
    let bytes = try document.serialized()
    let read = try UIMDocument(parsing: bytes)
    #expect(read.inkData == document.inkData)
    #expect(read.inputData == document.inputData)
    #expect(read.brushes == document.brushes)
    #expect(read.knowledgeGraph == document.knowledgeGraph)
    #expect(read.structure == document.structure)
    #expect(read.properties == document.properties)
    #expect(read.inkData.strokes[0][.x] == [1.25, -3.5, 1000.75, 0])
    #expect(read.inkData.strokes[0][.rotation] == [1.25, -3.5, 1000.75, 0])
    #expect(read.inkData.strokes[0][.red] == [14, 24, 34, 44])
    #expect(try read.serialized() == bytes, "writing is stable")
    let file = try UIMFile(parsing: bytes)
    #expect(file.chunks.map(\.id) == ["PRPS", "INPT", "BRSH", "INKD", "KNWG", "INKS"])
  }

  /// LZMA chunks in a build without liblzma: written as zlib (nothing lost), and refused by
  /// name when read.
  @Test(
    "compressed chunks are written as zlib (ZIP) and xz (LZMA) streams and read back",
    arguments: [UIMChunkDescriptor.Compression.zip, .lzma])
  func compressedChunks(compression: UIMChunkDescriptor.Compression) throws {
    var file = try Self.everything().container()
    for index in file.chunks.indices {
      file.chunks[index].descriptor = UIMChunkDescriptor(compression: compression)
    }
    let bytes = file.serialized()
    let written = compression == .lzma && !LZMA.isAvailable ? .zip : compression
    let read = try UIMFile(parsing: bytes)
    #expect(read.chunks.map(\.payload) == file.chunks.map(\.payload))
    #expect(read.chunks.allSatisfy { $0.descriptor?.compression == written })
    // The stored bytes are zlib (78 xx) or xz (FD 37 7A 58 5A 00) streams, not the payloads.
    let firstData: Int = 12 + 8 + 4 + 6 * 8 + 8
    #expect(bytes[firstData] == (written == .zip ? 0x78 : 0xFD))
    if !LZMA.isAvailable {
      // An xz chunk made elsewhere: refused by name, at the chunk.
      var xz = bytes
      xz[12 + 8 + 4 + 4] = UIMChunkDescriptor.Compression.lzma.rawValue
      let error = #expect(throws: WillError.self) { try UIMFile(parsing: xz) }
      guard case .unsupported(let reason)? = error?.kind else {
        Issue.record("an LZMA chunk gives \(String(describing: error))")
        return
      }
      #expect(error?.part == "PRPS" && reason.contains("LZMA") && reason.contains("portable"))
    }
    let document = try UIMDocument(parsing: bytes)
    #expect(document.inkData == Self.everything().inkData)
    #expect(try UIMDocument(parsing: try document.serialized()) == document, "compression kept")
  }

  @Test("Wacom's UIMParser reads the generated document", .enabled(if: Oracle.isAvailable))
  func oracleReadsGenerated() throws {
    var document = Self.everything()
    // Wacom's library reads only the index members of the style oneofs (value members are
    // read back by willdoc in the round trip above).
    document.inkData.strokes[2].properties = .index(1)
    document.inkData.strokes[2].brushURI = .index(1)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uim-generated-\(UUID().uuidString).uim")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(try document.serialized()).write(to: url)
    let oracle = try Oracle.readUIM(url)
    try UIMOracleComparison.expect(document, equals: oracle, sample: "generated")
  }
}
