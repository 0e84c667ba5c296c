/// UIM 3.0.0: one `InkObject` in the `DATA` chunk, identifiers as text, style per stroke.
///
/// Reading upgrades it the way Wacom's library does: identifiers become 16-byte values, each
/// stroke's `Style` goes into the ink data's tables (path point properties and brush URIs in
/// first-use order, SourceOver never entered), colour floats become bytes as `int(c · 255)`.
/// Tree node identifiers of stroke nodes and the chunk indices are not kept; view names are
/// kept as stored (`will://views/3.0/HWR`).
extension UIMDocument {
  mutating func readInkObject(_ r: inout MessageReader, limits: DecodingLimits) throws(WillError) {
    var mainNodes: [UIMNode] = []
    var nodeCount = 0
    // Shared by every inkData message, so that repeating the message resets no count.
    var totalPoints = 0
    var tables = UIMStyleTableIndex(inkData)
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1:
        var m = try r.message("InkObject.inputData")
        inputData = try UIMInputData(reading: &m, legacy: true, limits: limits)
      case 2:
        var m = try r.message("InkObject.inkData")
        try readLegacyInkData(&m, limits: limits, totalPoints: &totalPoints, tables: &tables)
      case 3:
        var m = try r.message("InkObject.brushes")
        brushes = try UIMBrushes(reading: &m)
      case 4:
        nodeCount += 1
        try limits.check(.elements, nodeCount, offset: r.fieldOffset)
        var m = try r.message("InkObject.inkTree")
        mainNodes.append(try Self.readLegacyNode(&m))
      case 5:
        var m = try r.message("InkObject.views")
        var view = UIMInkTree(name: "", nodes: [])
        while let inner = try m.next() {
          switch inner.fieldNumber {
          case 1: view.name = try m.string("View.name")
          case 2:
            nodeCount += 1
            try limits.check(.elements, nodeCount, offset: m.fieldOffset)
            var n = try m.message("View.tree")
            view.nodes.append(try Self.readLegacyNode(&n))
          default: try m.keepUnknown()
          }
        }
        structure.views.append(view)
      case 6:
        var m = try r.message("InkObject.knowledgeGraph")
        knowledgeGraph = try Self.readTriples(&m, limits: limits)
      case 7:
        var m = try r.message("InkObject.transform")
        inkData.transform = try UIMMatrix(reading: &m)
      case 8: properties.append(try UIMProperty.readList(&r, "InkObject.properties"))
      default: try r.keepUnknown()
      }
    }
    if !mainNodes.isEmpty { structure.mainTree = UIMInkTree(nodes: mainNodes) }
  }

  private mutating func readLegacyInkData(
    _ r: inout MessageReader, limits: DecodingLimits, totalPoints: inout Int,
    tables: inout UIMStyleTableIndex
  ) throws(WillError) {
    while let tag = try r.next() {
      guard tag.fieldNumber == 1 else {
        try r.keepUnknown()
        continue
      }
      let offset = r.fieldOffset
      try limits.check(.strokes, inkData.strokes.count + 1, offset: offset)
      var m = try r.message("InkData.strokes")
      do {
        let stroke = try readLegacyStroke(&m, limits: limits, tables: &tables)
        totalPoints += stroke.pointCount
        try limits.check(.totalPoints, totalPoints)
        inkData.strokes.append(stroke)
      } catch {
        throw error.located(part: nil, strokeIndex: inkData.strokes.count).withOffset(offset)
      }
    }
  }

  private mutating func readLegacyStroke(
    _ r: inout MessageReader, limits: DecodingLimits, tables: inout UIMStyleTableIndex
  ) throws(WillError) -> UIMStroke {
    var stroke = UIMStroke()
    var floats: [[Float]] = Array(repeating: [], count: 15)
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: stroke.id = try r.identifier("Stroke.id", legacyText: true)
      case 2: stroke.startParameter = try r.float("Stroke.startParameter")
      case 3: stroke.endParameter = try r.float("Stroke.endParameter")
      case 4...18:
        let channel = UIMSplineChannel(rawValue: Int(tag.fieldNumber) - 3)!
        try r.appendFloats("Stroke." + channel.name, to: &floats[channel.rawValue - 1])
        stroke.splineFormat = .floats
      case 19: stroke.sensorDataOffset = try r.uint32("Stroke.sensorDataOffset")
      case 20: stroke.sensorDataID = try r.identifier("Stroke.sensorDataID", legacyText: true)
      case 21: try r.appendUInt32s("Stroke.sensorDataMapping", to: &stroke.sensorDataMapping)
      case 22:
        var m = try r.message("Stroke.style")
        try readLegacyStyle(&m, into: &stroke, tables: &tables)
      default: try r.keepUnknown()
      }
    }
    for channel in UIMSplineChannel.allCases {
      let values = floats[channel.rawValue - 1]
      stroke[channel] =
        channel.isColor
        ? values.map { Double(UIMPathPointProperties.byte($0)) } : values.map(Double.init)
    }
    try stroke.checkChannelLengths(limits: limits)
    return stroke
  }

  private mutating func readLegacyStyle(
    _ r: inout MessageReader, into stroke: inout UIMStroke, tables: inout UIMStyleTableIndex
  ) throws(WillError) {
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1:
        var m = try r.message("Style.properties")
        let value = try UIMPathPointProperties(readingLegacy: &m)
        stroke.properties = .index(tables.index(of: value, in: &inkData))
      case 2:
        let uri = try r.string("Style.brushURI")
        stroke.brushURI = uri.isEmpty ? .none : .index(tables.index(ofBrush: uri, in: &inkData))
      case 3: stroke.randomSeed = try r.uint32("Style.particlesRandomSeed")
      case 4:
        let uri = try r.string("Style.renderModeURI")
        stroke.renderModeURI =
          uri.isEmpty || uri == UIMInkData.sourceOverURI
          ? .none : .index(tables.index(ofRenderMode: uri, in: &inkData))
      default: try r.keepUnknown()
      }
    }
  }

  /// A 3.0.0 `Node`: a stroke node (type STROKE) keeps its index, every other node becomes a
  /// group with its identifier.
  private static func readLegacyNode(_ r: inout MessageReader) throws(WillError) -> UIMNode {
    var id: UIMIdentifier?
    var depth: UInt32 = 0
    var index: UInt32 = 0
    var type: UInt32 = 0
    var bounds: UIMRectangle?
    while let tag = try r.next() {
      switch tag.fieldNumber {
      case 1: id = try r.identifier("Node.id", legacyText: true)
      case 2: depth = try r.uint32("Node.depth")
      case 3: index = try r.uint32("Node.index")
      case 4: type = try r.uint32("Node.type")
      case 5:
        var m = try r.message("Node.groupBoundingBox")
        bounds = try UIMRectangle(reading: &m)
      case 6, 7: _ = try r.uint32("Node.chunkIndex")
      default: try r.keepUnknown()
      }
    }
    // STROKE 2 and SENSOR_DATA 3 are leaves; the groups have identifiers.
    if type == 2 || type == 3 { return UIMNode(depth: depth, content: .stroke(index)) }
    return UIMNode(depth: depth, content: id.map { .group($0) } ?? .none, bounds: bounds)
  }
}
