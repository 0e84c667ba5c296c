extension UIMDocument {
  /// Converts a WILL 2 document to UIM 3.1.0 in the layout ``UIMWillMapping`` describes: the
  /// stored integers of every stroke carry over at their precision, pages and transforms
  /// become tree groups and triples, particle paints become raster brushes. No input data is
  /// invented. What UIM does not hold (the container, other properties, images, uninterpreted
  /// SVG elements such as `<view>`, other parts) is listed by
  /// ``WillDocument/uimConversionLosses``.
  /// - Parameter document: The WILL 2 document.
  /// - Throws: ``WillErrorKind/unsupported(_:)`` when a stroke's precision is outside 0…15.
  public init(converting document: WillDocument) throws(WillError) {
    self.init()
    let p = document.properties
    for (name, value) in [
      ("Title", p.title), ("CreationDate", p.created), ("ModificationDate", p.modified),
      ("Application", p.application), ("ApplicationVersion", p.appVersion),
      ("Template", p.template),
    ] {
      if let value {
        properties.append(UIMProperty(name: "will://document/3.0/" + name, value: value))
      }
    }
    brushes.vectorBrushes = [.circle(named: UIMWillMapping.circleBrushURI)]
    for (index, paint) in document.paints.enumerated() {
      brushes.rasterBrushes.append(rasterBrush(paint, index: index))
    }
    let root = UIMWillMapping.identifier(0, 0, 0)
    var nodes = [UIMNode(depth: 0, content: .group(root))]
    var strokeNumber = 0
    var tables = UIMStyleTableIndex(inkData)
    for (sectionIndex, section) in document.sections.enumerated() {
      let group = UIMWillMapping.identifier(1, sectionIndex, 0)
      let subject = "uim:node/main/\(group)"
      var bounds: UIMRectangle?
      if let width = section.width, let height = section.height {
        bounds = UIMRectangle(x: 0, y: 0, width: Float(width), height: Float(height))
      }
      nodes.append(UIMNode(depth: 1, content: .group(group), bounds: bounds))
      triple(subject, "type", "section")
      if let width = section.width { triple(subject, "width", NumberText.shortest(width)) }
      if let height = section.height { triple(subject, "height", NumberText.shortest(height)) }
      if let part = section.partName { triple(subject, "part", part) }
      if let background = section.background {
        triple(subject, "background", String(background.rgba, radix: 16))
      }
      for (elementIndex, placed) in section.pathsElements.enumerated() {
        let element = UIMWillMapping.identifier(2, sectionIndex, elementIndex)
        let elementSubject = "uim:node/main/\(element)"
        nodes.append(UIMNode(depth: 2, content: .group(element)))
        triple(elementSubject, "type", "paths")
        triple(
          elementSubject, "transform",
          placed.transform.coefficients.map(NumberText.shortest).concatenated(separator: " "))
        if let part = placed.element.partName { triple(elementSubject, "part", part) }
        for stroke in placed.element.strokes {
          nodes.append(UIMNode(depth: 3, content: .stroke(UInt32(inkData.strokes.count))))
          let converted = try convert(stroke, number: strokeNumber, tables: &tables)
          inkData.strokes.append(converted)
          strokeNumber += 1
        }
      }
    }
    structure = UIMInkStructure(mainTree: UIMInkTree(nodes: nodes))
  }

  private mutating func triple(_ subject: String, _ name: String, _ object: String) {
    knowledgeGraph.append(
      UIMTriple(subject: subject, predicate: UIMWillMapping.predicate(name), object: object))
  }

  private mutating func convert(_ stroke: Stroke, number: Int, tables: inout UIMStyleTableIndex)
    throws(WillError) -> UIMStroke
  {
    let id = UIMWillMapping.identifier(3, 0, number)
    // What the stroke's triples say, named by its subject once there are any: spelling the
    // subject of every stroke took a tenth of a conversion.
    var statements: [(name: String, object: String)] = []
    var result = UIMStroke(id: id)
    let precision = stroke.decimalPrecision
    guard (0...15).contains(precision) else {
      throw WillError(.unsupported("decimal precision \(precision) in UIM"), strokeIndex: number)
    }
    result.splineFormat = .fixedPoint
    result.precisions = UIMPrecisionScheme(position: precision, size: precision)
    result.startParameter = stroke.startParameter
    result.endParameter = stroke.endParameter
    result[.x] = stroke.points.map(\.x)
    result[.y] = stroke.points.map(\.y)
    let count = stroke.pointCount
    var properties = UIMPathPointProperties()
    switch stroke.widths.count {
    case 0: statements.append(("widths", "none"))
    case 1: properties.size = Float(stroke.widths[0])
    default:
      result[.size] = (0..<count).map { stroke.width(at: $0) ?? 0 }
      if stroke.widths.count != count { statements.append(("widths", String(stroke.widths.count))) }
    }
    switch stroke.colors.count {
    case 0: statements.append(("colors", "none"))
    case 1: properties.color = Int32(bitPattern: stroke.colors[0].rgba)
    default:
      let colors = (0..<count).map { stroke.color(at: $0) ?? .black }
      result[.red] = colors.map { Double($0.red) }
      result[.green] = colors.map { Double($0.green) }
      result[.blue] = colors.map { Double($0.blue) }
      result[.alpha] = colors.map { Double($0.alpha) }
      if stroke.colors.count != count { statements.append(("colors", String(stroke.colors.count))) }
    }
    result.properties = .index(tables.index(of: properties, in: &inkData))
    let brush =
      stroke.paintIndex.map { UIMWillMapping.paintBrushURI(Int($0)) }
      ?? UIMWillMapping.circleBrushURI
    result.brushURI = .index(tables.index(ofBrush: brush, in: &inkData))
    if let mode = UIMWillMapping.renderMode(stroke.blendMode) {
      result.renderModeURI = .index(tables.index(ofRenderMode: mode, in: &inkData))
    }
    if let seed = stroke.particlesRandomSeed {
      result.randomSeed = seed
      if seed == 0 { statements.append(("particlesRandomSeed", "0")) }
    }
    if stroke.wire.storedFields != .all {
      statements.append(("storedFields", String(stroke.wire.storedFields.rawValue)))
    }
    if let pathID = stroke.id { statements.append(("id", String(pathID))) }
    if !stroke.wire.unknownFields.isEmpty {
      statements.append(("unknown", UIMWillMapping.hex(stroke.wire.unknownFields)))
    }
    if !statements.isEmpty {
      let subject = "uim:stroke/\(id)"
      for (name, object) in statements { triple(subject, name, object) }
    }
    return result
  }

  private mutating func rasterBrush(_ paint: ParticlesPaint, index: Int) -> UIMRasterBrush {
    let name = UIMWillMapping.paintBrushURI(index)
    var brush = UIMRasterBrush(name: name)
    brush.spacing = paint.spacing
    brush.scattering = paint.scattering
    brush.shapeTextures = paint.shape
    brush.fillTexture = paint.fill.first ?? []
    brush.fillWidth = paint.fillWidth
    brush.fillHeight = paint.fillHeight
    brush.randomizeFill = paint.randomizeFill
    if let rotation = UInt32(exactly: paint.rotation.rawValue), rotation <= 2 {
      brush.rotationMode = rotation
    } else {
      triple(name, "rotation", String(paint.rotation.rawValue))
    }
    if let blend = UIMWillMapping.brushBlendModes[paint.blendMode.rawValue] {
      brush.blendMode = blend
    } else {
      triple(name, "blend", String(paint.blendMode.rawValue))
    }
    if let id = paint.id { triple(name, "paintId", String(id)) }
    if !paint.unknownFields.isEmpty {
      triple(name, "unknown", UIMWillMapping.hex(paint.unknownFields))
    }
    if paint.fill.count > 1 {
      triple(
        name, "fills", paint.fill.dropFirst().map(UIMWillMapping.hex).concatenated(separator: ";"))
    }
    return brush
  }
}
