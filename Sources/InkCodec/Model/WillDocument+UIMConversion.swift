extension WillDocument {
  /// Converts a UIM document to WILL 2, listing in `losses` everything WILL 2 cannot hold.
  ///
  /// A UIM that willdoc wrote from a WILL 2 document (``UIMWillMapping``) comes back exactly:
  /// the same sections, page sizes, transforms and strokes (points, widths, colours, ts/tf,
  /// blend modes, paints, seeds, ids). Any other UIM becomes one page whose paths element holds
  /// the strokes in drawing order (main-tree pre-order) with the ink data's transform; float
  /// splines are quantised at 2 decimals; `size` becomes the width.
  /// - Parameters:
  ///   - uim: The UIM document.
  ///   - losses: Filled with what changes the drawing (``ConversionLosses/drawingChanges``) and
  ///     what is dropped (``ConversionLosses/droppedMetadata``): sensor data, views, the
  ///     knowledge graph, brush shapes, z/rotation/scale/offset channels, render modes WILL 2
  ///     has no number for, strokes outside the main tree.
  /// - Throws: ``WillErrorKind/valueTooLarge(channel:value:precision:)`` when a value does not
  ///   fit `Int32` at its precision.
  public init(converting uim: UIMDocument, losses: inout ConversionLosses) throws(WillError) {
    self.init(container: .opc)
    var reader = UIMWillReader(uim: uim)
    properties = reader.documentProperties()
    paints = reader.paints()
    sections = try reader.sections()
    reader.reportLosses(&losses)
  }
}

/// The way back from UIM to WILL 2, one concern per method.
struct UIMWillReader {
  let uim: UIMDocument
  /// willdoc's triples by subject, then name.
  var facts: [String: [String: String]] = [:]
  /// How many triples are not willdoc's.
  var foreignTriples = 0
  var floatStrokes = 0
  var droppedChannels: Set<String> = []
  var unmappedModes: Set<String> = []
  var foreignBrushes: Set<String> = []
  var strokesOutsideTree = 0
  var requantised = 0

  init(uim: UIMDocument) {
    self.uim = uim
    for triple in uim.knowledgeGraph {
      if triple.predicate.hasPrefix(UIMWillMapping.namespace) {
        let name = String(triple.predicate.dropFirst(UIMWillMapping.namespace.count))
        facts[triple.subject, default: [:]][name] = triple.object
      } else {
        foreignTriples += 1
      }
    }
  }

  func documentProperties() -> DocumentProperties {
    var result = DocumentProperties()
    for property in uim.properties {
      switch property.name {
      case "will://document/3.0/Title": result.title = property.value
      case "will://document/3.0/CreationDate": result.created = property.value
      case "will://document/3.0/ModificationDate": result.modified = property.value
      case "will://document/3.0/Application": result.application = property.value
      case "will://document/3.0/ApplicationVersion": result.appVersion = property.value
      case "will://document/3.0/Template": result.template = property.value
      default: break
      }
    }
    return result
  }

  func paints() -> [ParticlesPaint] {
    uim.brushes.rasterBrushes.map { brush in
      let facts = self.facts[brush.name] ?? [:]
      var paint = ParticlesPaint()
      paint.shape = brush.shapeTextures
      paint.fill = brush.fillTexture.isEmpty ? [] : [brush.fillTexture]
      if let extra = facts["fills"] {
        paint.fill += extra.split(separator: ";").compactMap {
          UIMWillMapping.bytes(hex: String($0))
        }
      }
      paint.spacing = brush.spacing
      paint.scattering = brush.scattering
      paint.rotation = .init(
        rawValue: facts["rotation"].flatMap { Int64($0) } ?? Int64(brush.rotationMode))
      paint.fillWidth = brush.fillWidth
      paint.fillHeight = brush.fillHeight
      paint.randomizeFill = brush.randomizeFill
      if let raw = facts["blend"].flatMap({ Int64($0) }) {
        paint.blendMode = BlendMode(rawValue: raw)
      } else if let entry = UIMWillMapping.brushBlendModes.first(where: {
        $0.value == brush.blendMode
      }) {
        paint.blendMode = BlendMode(rawValue: entry.key)
      }
      paint.id = facts["paintId"].flatMap { UInt32($0) }
      return paint
    }
  }

  mutating func sections() throws(WillError) -> [Section] {
    let strokes = uim.inkData.strokes
    guard let tree = uim.structure.mainTree else {
      return [try genericSection(Array(strokes.indices))]
    }
    let isWilldoc = tree.nodes.contains { node in
      if case .group(let id) = node.content, node.depth == 1 {
        return facts["uim:node/main/\(id)"]?["type"] == "section"
      }
      return false
    }
    let inTree = Set(tree.strokeIndices)
    strokesOutsideTree = strokes.indices.filter { !inTree.contains($0) }.count
    guard isWilldoc else {
      return [try genericSection(tree.strokeIndices.filter { $0 < strokes.count })]
    }
    var sections: [Section] = []
    var elements: [(facts: [String: String], strokes: [Int])] = []
    func finishSection() throws(WillError) {
      guard !sections.isEmpty else { return }
      var nodes: [SectionNode] = []
      for element in elements {
        var paths = PathsElement(
          strokes: try element.strokes.map { (i) throws(WillError) in try self.stroke(i) },
          transform: try Self.transform(element.facts["transform"]))
        paths.partName = element.facts["part"]
        nodes.append(.paths(paths))
      }
      sections[sections.count - 1].nodes += nodes
      elements = []
    }
    for node in tree.nodes.dropFirst() {
      switch (node.depth, node.content) {
      case (1, .group(let id)):
        try finishSection()
        let facts = self.facts["uim:node/main/\(id)"] ?? [:]
        var section = Section(
          width: facts["width"].flatMap(Double.init), height: facts["height"].flatMap(Double.init),
          background: facts["background"].flatMap { UInt32($0, radix: 16) }.map(
            InkColor.init(rgba:)))
        section.partName = facts["part"]
        sections.append(section)
      case (2, .group(let id)):
        elements.append((self.facts["uim:node/main/\(id)"] ?? [:], []))
      case (3, .stroke(let index)) where !elements.isEmpty && Int(index) < strokes.count:
        elements[elements.count - 1].strokes.append(Int(index))
      default: continue
      }
    }
    try finishSection()
    return sections
  }

  /// One page holding `indices` in one paths element with the ink data's transform.
  mutating func genericSection(_ indices: [Int]) throws(WillError) -> Section {
    var transform = AffineTransform.identity
    if let m = uim.inkData.transform?.values, m.contains(where: { $0 != 0 }) {
      transform = AffineTransform(
        a: Double(m[0]), b: Double(m[4]), c: Double(m[1]), d: Double(m[5]), e: Double(m[3]),
        f: Double(m[7]))
      let flat: [Float] = [0, 0, 1, 0, 0, 0, 0, 1]
      if m[2] != 0 || m[6] != 0 || Array(m[8...]) != flat {
        droppedChannels.insert("the transform's 3D part")
      }
    } else if uim.inkData.unitScaleFactor != 0 && uim.inkData.unitScaleFactor != 1 {
      let s = Double(uim.inkData.unitScaleFactor)
      transform = .scale(x: s, y: s)
    }
    let strokes = try indices.map { (i) throws(WillError) in try stroke(i) }
    return Section(nodes: [.paths(PathsElement(strokes: strokes, transform: transform))])
  }

  /// One UIM stroke as a WILL 2 stroke.
  mutating func stroke(_ index: Int) throws(WillError) -> Stroke {
    let source = uim.inkData.strokes[index]
    let facts = source.id.flatMap { self.facts["uim:stroke/\($0)"] } ?? [:]
    let properties = uim.inkData.properties(of: source) ?? UIMPathPointProperties()
    var precision = FixedPoint.defaultPrecision
    if source.splineFormat == .fixedPoint {
      precision = min(source.precisions.position, FixedPoint.supportedPrecisions.upperBound)
      if source.precisions.position != precision
        || (!source[.size].isEmpty && source.precisions.size != precision)
      {
        requantised += 1
      }
    } else if source.pointCount > 0 {
      floatStrokes += 1
    }
    let xs = try Self.quantised(source[.x], "x", precision, strokeIndex: index)
    let ys = try Self.quantised(source[.y], "y", precision, strokeIndex: index)
    var points: [InkPoint] = []
    points.reserveCapacity(xs.count)
    for (x, y) in zip(xs, ys) { points.append(InkPoint(x: x, y: y)) }
    var widths: [Double]
    if !source[.size].isEmpty {
      widths = try Self.quantised(source[.size], "size", precision, strokeIndex: index)
    } else {
      widths = try Self.quantised([Double(properties.size)], "size", precision, strokeIndex: index)
    }
    if let stored = facts["widths"] {
      widths = stored == "none" ? [] : Array(widths.prefix(Int(stored) ?? widths.count))
    }
    var colors: [InkColor]
    let channels: [UIMSplineChannel] = [.red, .green, .blue, .alpha]
    if channels.contains(where: { !source[$0].isEmpty }) {
      let base = properties.inkColor
      let defaults = [base.red, base.green, base.blue, base.alpha]
      colors = (0..<source.pointCount).map { point in
        let c = channels.enumerated().map { (k, channel) -> UInt8 in
          let values = source[channel]
          return point < values.count ? UInt8(clamping: Int(values[point])) : defaults[k]
        }
        return InkColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
      }
    } else {
      colors = [properties.inkColor]
    }
    if let stored = facts["colors"] {
      colors = stored == "none" ? [] : Array(colors.prefix(Int(stored) ?? colors.count))
    }
    let mode = uim.inkData.renderModeURI(of: source)
    var blend = BlendMode.sourceOver
    if let mapped = UIMWillMapping.blendMode(mode) {
      blend = mapped
    } else {
      unmappedModes.insert(mode)
    }
    var paintIndex: UInt32?
    let paintPrefix = UIMWillMapping.namespace + "paint/"
    if let brush = uim.inkData.brushURI(of: source) {
      if brush.hasPrefix(paintPrefix), let index = UInt32(brush.dropFirst(paintPrefix.count)) {
        // willdoc's name for a WILL 2 paint index, kept even when the paint does not exist.
        paintIndex = index
      } else if let raster = uim.brushes.rasterBrushes.firstIndex(where: { $0.name == brush }) {
        paintIndex = UInt32(raster)
      } else if brush != UIMWillMapping.circleBrushURI {
        foreignBrushes.insert(brush)
      }
    }
    for channel in [
      UIMSplineChannel.z, .rotation, .scaleX, .scaleY, .scaleZ, .offsetX, .offsetY, .offsetZ,
    ]
    where !source[channel].isEmpty {
      droppedChannels.insert(channel.name)
    }
    var seed: UInt32? = source.randomSeed == 0 ? nil : source.randomSeed
    if facts["particlesRandomSeed"] == "0" { seed = 0 }
    var stroke = Stroke(
      points: points, widths: widths, colors: colors, startParameter: source.startParameter,
      endParameter: source.endParameter, blendMode: blend, paintIndex: paintIndex,
      particlesRandomSeed: seed, id: facts["id"].flatMap { UInt32($0) }, decimalPrecision: precision
    )
    if let raw = facts["storedFields"].flatMap({ UInt8($0) }) {
      stroke.wire.storedFields = Stroke.StoredFields(rawValue: raw)
    }
    if let unknown = facts["unknown"].flatMap({ UIMWillMapping.bytes(hex: $0) }) {
      stroke.wire.unknownFields = unknown
    }
    return stroke
  }

  /// `values` at `precision`: each rounded to the stored integer (half to even, as UIM
  /// encoders round) and divided back, as WILL 2 decoders compute values.
  static func quantised(_ values: [Double], _ channel: String, _ precision: Int, strokeIndex: Int)
    throws(WillError) -> [Double]
  {
    let scale = FixedPoint.scale(precision: precision)
    var result: [Double] = []
    result.reserveCapacity(values.count)
    for value in values {
      let scaled = (value * scale).rounded(.toNearestOrEven)
      guard let integer = Int32(exactly: scaled) else {
        throw WillError(
          .valueTooLarge(channel: channel, value: value, precision: precision),
          strokeIndex: strokeIndex)
      }
      result.append(FixedPoint.value(integer, precision: precision))
    }
    return result
  }

  static func transform(_ text: String?) throws(WillError) -> AffineTransform {
    guard let text else { return .identity }
    let values = text.split(separator: " ").compactMap { Double($0) }
    guard values.count == 6 else {
      throw WillError(.invalidAttribute(name: UIMWillMapping.namespace + "transform", value: text))
    }
    return AffineTransform(
      a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
  }

  func reportLosses(_ losses: inout ConversionLosses) {
    if !droppedChannels.isEmpty {
      losses.drawingChanges.append(
        "channels WILL 2 cannot hold would be dropped: \(droppedChannels.sorted().joined(separator: ", "))"
      )
    }
    if !unmappedModes.isEmpty {
      losses.drawingChanges.append(
        "render modes WILL 2 has no number for would draw as SourceOver: "
          + unmappedModes.sorted().joined(separator: ", "))
    }
    if floatStrokes > 0 {
      losses.drawingChanges.append(
        "\(floatStrokes) strokes stored as floats would be rounded to \(FixedPoint.defaultPrecision) decimals"
      )
    }
    if requantised > 0 {
      losses.drawingChanges.append(
        "\(requantised) strokes would be rounded to their position precision (size or precision past 8)"
      )
    }
    if !foreignBrushes.isEmpty {
      losses.droppedMetadata.append(
        "brush shapes (every stroke is drawn as a WILL 2 circle): "
          + foreignBrushes.sorted().joined(separator: ", "))
    }
    let sensors = uim.inputData.sensorData.count
    if sensors > 0 || uim.inputData.configuration != nil {
      losses.droppedMetadata.append("input data (\(sensors) sensor data records)")
    }
    if !uim.structure.views.isEmpty {
      losses.droppedMetadata.append(
        "views " + uim.structure.views.map { "\"\($0.name)\"" }.joined(separator: ", "))
    }
    if foreignTriples > 0 {
      losses.droppedMetadata.append("\(foreignTriples) knowledge-graph statements")
    }
    if strokesOutsideTree > 0 {
      losses.droppedMetadata.append("\(strokesOutsideTree) strokes outside the main ink tree")
    }
    let known = [
      "Title", "CreationDate", "ModificationDate", "Application", "ApplicationVersion", "Template",
    ].map { "will://document/3.0/" + $0 }
    let others = uim.properties.filter { !known.contains($0.name) }
    if !others.isEmpty {
      losses.droppedMetadata.append(
        "document properties " + others.map(\.name).joined(separator: ", "))
    }
  }
}
