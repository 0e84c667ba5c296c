/// The way back from UIM to WILL 2 (``WillDocument/init(converting:limits:losses:)``), one
/// concern per method.
///
/// Geometry and style come from the fields UIM defines for them; willdoc's statements
/// (``UIMWillStatements``) only restore what UIM has no field for, and only where they agree
/// with those fields. Every count that multiplies work (tree nodes naming the same stroke,
/// sections, paths elements, paints) is charged to the limits as it grows.
struct UIMWillReader {
  let uim: UIMDocument
  let limits: DecodingLimits
  /// willdoc's statements, and which of them were used.
  var statements: UIMWillStatements
  /// The index of the first raster brush of each name.
  let rasterBrushIndex: [String: Int]

  /// Strokes converted so far, once per tree node that draws them.
  var strokeCount = 0
  /// Points converted so far, likewise.
  var pointCount = 0
  /// The UIM stroke index of each stroke converted, in the order converted (document order).
  var strokeSources: [Int] = []

  var floatStrokes = 0
  var droppedChannels: Set<String> = []
  var unmappedModes: Set<String> = []
  var foreignBrushes: Set<String> = []
  var strokesOutsideTree = 0
  var strokesOutsideLayout = 0
  var requantised = 0
  var nonFiniteParameters = 0
  var clampedColors = 0
  var ignoredTransform: String?

  init(uim: UIMDocument, limits: DecodingLimits) {
    self.uim = uim
    self.limits = limits
    statements = UIMWillStatements(uim.knowledgeGraph)
    var index: [String: Int] = [:]
    for (position, brush) in uim.brushes.rasterBrushes.enumerated() where index[brush.name] == nil {
      index[brush.name] = position
    }
    rasterBrushIndex = index
  }

  /// The `will://document/3.0/` names WILL 2's document properties come from.
  static let propertyNames = [
    "Title", "CreationDate", "ModificationDate", "Application", "ApplicationVersion", "Template",
  ].map { "will://document/3.0/" + $0 }

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

  // MARK: Paints

  /// One particle paint per raster brush, in order (a stroke names its paint by position).
  mutating func paints() throws(WillError) -> [ParticlesPaint] {
    let brushes = uim.brushes.rasterBrushes
    try limits.check(.paints, brushes.count, part: "BRSH")
    var paints: [ParticlesPaint] = []
    paints.reserveCapacity(brushes.count)
    for brush in brushes { paints.append(paint(brush)) }
    return paints
  }

  private mutating func paint(_ brush: UIMRasterBrush) -> ParticlesPaint {
    let name = brush.name
    var paint = ParticlesPaint()
    paint.shape = brush.shapeTextures
    paint.fill = brush.fillTexture.isEmpty ? [] : [brush.fillTexture]
    // Fills after the first: the first is then the fill texture, even an empty one.
    if let extra = statements.take(name, "fills", Self.fills) {
      paint.fill = [brush.fillTexture] + extra
    }
    paint.spacing = brush.spacing
    paint.scattering = brush.scattering
    paint.rotation = .init(rawValue: Int64(brush.rotationMode))
    // willdoc states a rotation only when the enum cannot hold it, and then leaves it NONE.
    if brush.rotationMode == 0,
      let raw = statements.take(
        name, "rotation",
        {
          UIMWillStatements.canonicalInt64($0).flatMap { (0...2).contains($0) ? nil : $0 }
        })
    {
      paint.rotation = .init(rawValue: raw)
    }
    paint.fillWidth = brush.fillWidth
    paint.fillHeight = brush.fillHeight
    paint.randomizeFill = brush.randomizeFill
    if let entry = UIMWillMapping.brushBlendModes.first(where: { $0.value == brush.blendMode }) {
      paint.blendMode = BlendMode(rawValue: entry.key)
    } else {
      unmappedModes.insert("raster brush blend mode \(brush.blendMode)")
    }
    // Likewise a blend number the enum has no value for, with the enum left SOURCE_OVER.
    if brush.blendMode == 0,
      let raw = statements.take(
        name, "blend",
        {
          UIMWillStatements.canonicalInt64($0).flatMap {
            UIMWillMapping.brushBlendModes[$0] == nil ? $0 : nil
          }
        })
    {
      paint.blendMode = BlendMode(rawValue: raw)
    }
    paint.id = statements.take(name, "paintId") { UIMWillStatements.canonicalUnsigned($0) }
    if let unknown = statements.take(name, "unknown", UIMWillStatements.paintUnknownFields) {
      paint.unknownFields = unknown
    }
    return paint
  }

  /// Fills in hex, `;`-separated (an empty fill is empty text).
  static func fills(_ text: String) -> [[UInt8]]? {
    var result: [[UInt8]] = []
    for part in text.split(separator: ";", omittingEmptySubsequences: false) {
      guard let bytes = UIMWillMapping.bytes(hex: String(part)) else { return nil }
      result.append(bytes)
    }
    return result
  }

  // MARK: Sections

  mutating func sections() throws(WillError) -> [Section] {
    let strokes = uim.inkData.strokes
    guard let tree = uim.structure.mainTree else {
      return [try genericSection(Array(strokes.indices))]
    }
    let inTree = Set(tree.strokeIndices)
    strokesOutsideTree = strokes.indices.lazy.filter { !inTree.contains($0) }.count
    let isWilldoc = tree.nodes.contains { node in
      if case .group(let id) = node.content, node.depth == 1 {
        return statements.object("uim:node/main/\(id)", "type") == "section"
      }
      return false
    }
    guard isWilldoc else {
      return [try genericSection(tree.strokeIndices.filter { $0 < strokes.count })]
    }
    return try willdocSections(tree)
  }

  /// The sections of willdoc's layout: depth-1 groups are sections, depth-2 groups paths
  /// elements, depth-3 stroke nodes their strokes; stroke nodes elsewhere are not drawn.
  private mutating func willdocSections(_ tree: UIMInkTree) throws(WillError) -> [Section] {
    let strokeCount = uim.inkData.strokes.count
    var sections: [Section] = []
    var elements: [(PathsElement, [Int])] = []
    var elementCount = 0
    func finishSection() throws(WillError) {
      guard !sections.isEmpty else { return }
      for (element, indices) in elements {
        var paths = element
        paths.strokes.reserveCapacity(indices.count)
        for index in indices { paths.strokes.append(try stroke(index)) }
        sections[sections.count - 1].nodes.append(.paths(paths))
      }
      elements = []
    }
    for node in tree.nodes.dropFirst() {
      switch (node.depth, node.content) {
      case (_, .stroke(let index)):
        if node.depth == 3, !elements.isEmpty, Int(index) < strokeCount {
          elements[elements.count - 1].1.append(Int(index))
        } else {
          strokesOutsideLayout += 1
        }
      case (1, let content):
        try finishSection()
        try limits.check(.sections, sections.count + 1, part: "INKS")
        sections.append(section(content, bounds: node.bounds))
      case (2, let content) where !sections.isEmpty:
        elementCount += 1
        try limits.check(.references, elementCount, part: "INKS")
        elements.append((pathsElement(content), []))
      default: continue
      }
    }
    try finishSection()
    return sections
  }

  /// A section from a depth-1 group: its page size only when it agrees with the group's
  /// bounds (willdoc writes bounds = the page when it has both sizes, none otherwise).
  private mutating func section(_ content: UIMNode.Content, bounds: UIMRectangle?) -> Section {
    guard case .group(let id) = content else { return Section() }
    let subject = "uim:node/main/\(id)"
    guard statements.object(subject, "type") == "section" else { return Section() }
    statements.accept(subject, "type")
    let width = statements.object(subject, "width").flatMap(UIMWillStatements.canonicalNumber)
    let height = statements.object(subject, "height").flatMap(UIMWillStatements.canonicalNumber)
    var page: (Double?, Double?) = (nil, nil)
    let agrees: Bool
    if let width, let height, let bounds {
      agrees =
        bounds.x == 0 && bounds.y == 0 && bounds.width == Float(width)
        && bounds.height == Float(height)
    } else {
      agrees = (width == nil || height == nil) && bounds == nil
    }
    if agrees {
      page = (width, height)
      if width != nil { statements.accept(subject, "width") }
      if height != nil { statements.accept(subject, "height") }
    }
    var section = Section(
      width: page.0, height: page.1,
      background: statements.take(subject, "background", UIMWillStatements.color))
    section.partName = statements.take(subject, "part", UIMWillStatements.partName)
    return section
  }

  /// A paths element from a depth-2 group, without its strokes.
  private mutating func pathsElement(_ content: UIMNode.Content) -> PathsElement {
    var element = PathsElement(strokes: [])
    guard case .group(let id) = content else { return element }
    let subject = "uim:node/main/\(id)"
    guard statements.object(subject, "type") == "paths" else { return element }
    statements.accept(subject, "type")
    element.transform =
      statements.take(subject, "transform", UIMWillStatements.transform) ?? .identity
    element.partName = statements.take(subject, "part", UIMWillStatements.partName)
    return element
  }

  /// One page holding `indices` in one paths element with the ink data's transform.
  mutating func genericSection(_ indices: [Int]) throws(WillError) -> Section {
    var transform = AffineTransform.identity
    let inkData = uim.inkData
    if let m = inkData.transform?.values, m.count == 16, m.contains(where: { $0 != 0 }) {
      if m.allSatisfy(\.isFinite) {
        transform = AffineTransform(
          a: Double(m[0]), b: Double(m[4]), c: Double(m[1]), d: Double(m[5]), e: Double(m[3]),
          f: Double(m[7]))
        let flat: [Float] = [0, 0, 1, 0, 0, 0, 0, 1]
        if m[2] != 0 || m[6] != 0 || Array(m[8...]) != flat {
          droppedChannels.insert("the transform's 3D part")
        }
      } else {
        ignoredTransform = "the ink data's transform"
      }
    } else if inkData.unitScaleFactor != 0 && inkData.unitScaleFactor != 1 {
      if inkData.unitScaleFactor.isFinite {
        let s = Double(inkData.unitScaleFactor)
        transform = .scale(x: s, y: s)
      } else {
        ignoredTransform = "the ink data's unit scale factor"
      }
    }
    var strokes: [Stroke] = []
    strokes.reserveCapacity(indices.count)
    for index in indices { strokes.append(try stroke(index)) }
    return Section(nodes: [.paths(PathsElement(strokes: strokes, transform: transform))])
  }

  // MARK: Strokes

  /// One UIM stroke as a WILL 2 stroke, charged to the limits once per call.
  mutating func stroke(_ index: Int) throws(WillError) -> Stroke {
    let source = uim.inkData.strokes[index]
    strokeCount += 1
    strokeSources.append(index)
    try limits.check(.strokes, strokeCount, part: "INKS")
    pointCount += source.pointCount
    try limits.check(.totalPoints, pointCount, part: "INKS")
    // A stroke without an identifier has no subject, so no statements.
    let subject = source.id.map { "uim:stroke/\($0)" }
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
    let widths = try self.widths(source, properties, precision, subject, strokeIndex: index)
    let colors = self.colors(source, properties, subject)
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
      if brush.hasPrefix(paintPrefix),
        let index: UInt32 = UIMWillStatements.canonicalUnsigned(
          String(brush.dropFirst(paintPrefix.count)))
      {
        // willdoc's name for a WILL 2 paint index, kept even when the paint does not exist.
        paintIndex = index
      } else if let raster = rasterBrushIndex[brush] {
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
    if source.randomSeed == 0,
      statements.take(subject, "particlesRandomSeed", { $0 == "0" ? true : nil }) != nil
    {
      seed = 0
    }
    // WILL 2 holds only finite ts and tf: others draw the whole stroke.
    var ts = source.startParameter
    var tf = source.endParameter
    if !ts.isFinite || !tf.isFinite {
      nonFiniteParameters += 1
      if !ts.isFinite { ts = 0 }
      if !tf.isFinite { tf = 1 }
    }
    var stroke = Stroke(
      points: points, widths: widths, colors: colors, startParameter: ts, endParameter: tf,
      blendMode: blend, paintIndex: paintIndex, particlesRandomSeed: seed,
      id: statements.take(subject, "id") { UIMWillStatements.canonicalUnsigned($0) },
      decimalPrecision: precision)
    if let raw: UInt8 = statements.take(
      subject, "storedFields",
      {
        UIMWillStatements.canonicalUnsigned($0).flatMap { (raw: UInt8) in
          raw & ~Stroke.StoredFields.all.rawValue == 0 && raw != Stroke.StoredFields.all.rawValue
            ? raw : nil
        }
      })
    {
      stroke.wire.storedFields = Stroke.StoredFields(rawValue: raw)
    }
    if let unknown = statements.take(subject, "unknown", UIMWillStatements.unknownFields) {
      stroke.wire.unknownFields = unknown
    }
    return stroke
  }

  /// The widths: the size channel, else the properties' size; willdoc's `widths` statement
  /// shortens them only to what the channel shows (`none` where the stroke has no size, a
  /// count after which the channel repeats its last value).
  private mutating func widths(
    _ source: UIMStroke, _ properties: UIMPathPointProperties, _ precision: Int,
    _ subject: String?, strokeIndex: Int
  ) throws(WillError) -> [Double] {
    let sizes = source[.size]
    var widths: [Double]
    if !sizes.isEmpty {
      widths = try Self.quantised(sizes, "size", precision, strokeIndex: strokeIndex)
    } else {
      widths = try Self.quantised(
        [Double(properties.size)], "size", precision, strokeIndex: strokeIndex)
    }
    if let count = statements.take(
      subject, "widths",
      { text in
        if text == "none" { return sizes.isEmpty && properties.size == 0 ? 0 : nil }
        return Self.shortListCount(text, channels: [sizes], points: source.pointCount)
      })
    {
      widths = Array(widths.prefix(count))
    }
    return widths
  }

  /// The colours: the red, green, blue and alpha channels (clamped to 0…255), else the
  /// properties' colour; willdoc's `colors` statement shortens them as `widths` does.
  private mutating func colors(
    _ source: UIMStroke, _ properties: UIMPathPointProperties, _ subject: String?
  ) -> [InkColor] {
    let channels = [source[.red], source[.green], source[.blue], source[.alpha]]
    var colors: [InkColor]
    if channels.contains(where: { !$0.isEmpty }) {
      let base = properties.inkColor
      let defaults = [base.red, base.green, base.blue, base.alpha]
      var clamped = false
      func byte(_ k: Int, _ point: Int) -> UInt8 {
        let values = channels[k]
        guard point < values.count else { return defaults[k] }
        let value = values[point]
        guard value >= 0, value <= 255 else {
          clamped = true
          return value > 255 ? 255 : 0  // NaN as 0
        }
        return UInt8(value)
      }
      colors = []
      colors.reserveCapacity(source.pointCount)
      for point in 0..<source.pointCount {
        colors.append(
          InkColor(
            red: byte(0, point), green: byte(1, point), blue: byte(2, point),
            alpha: byte(3, point)))
      }
      if clamped { clampedColors += 1 }
    } else {
      colors = [properties.inkColor]
    }
    if let count = statements.take(
      subject, "colors",
      { text in
        if text == "none" {
          return channels.allSatisfy(\.isEmpty) && properties.color == 0 ? 0 : nil
        }
        return Self.shortListCount(text, channels: channels, points: source.pointCount)
      })
    {
      colors = Array(colors.prefix(count))
    }
    return colors
  }

  /// The length of a short list willdoc padded to the points: `text` is a count from 2 to
  /// one less than the points, and every channel holds its value at `count − 1` to the end.
  static func shortListCount(_ text: String, channels: [[Double]], points: Int) -> Int? {
    guard let count: UInt32 = UIMWillStatements.canonicalUnsigned(text),
      count >= 2, Int(count) < points
    else { return nil }
    let last = Int(count) - 1
    for values in channels {
      guard values.count == points else { return nil }
      let kept = values[last]
      for index in last..<points where values[index] != kept { return nil }
    }
    return Int(count)
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
      guard value.isFinite else {
        throw WillError(.nonFiniteValue(channel: channel), part: "INKD", strokeIndex: strokeIndex)
      }
      let scaled = (value * scale).rounded(.toNearestOrEven)
      guard let integer = Int32(exactly: scaled) else {
        throw WillError(
          .valueTooLarge(channel: channel, value: value, precision: precision), part: "INKD",
          strokeIndex: strokeIndex)
      }
      result.append(FixedPoint.value(integer, precision: precision))
    }
    return result
  }

  // MARK: Losses

  /// At most eight of `items`, each cut at 100 characters, then how many more: a hostile
  /// file can hold a million names of megabytes each.
  static func listed(_ items: some Collection<String>) -> String {
    let shown = items.prefix(8).map { $0.count > 100 ? String($0.prefix(100)) + "…" : $0 }
    let more = items.count - shown.count
    return shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
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
          + Self.listed(unmappedModes.sorted()))
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
    if nonFiniteParameters > 0 {
      losses.drawingChanges.append(
        "\(nonFiniteParameters) strokes with a ts or tf that is not finite would be drawn whole")
    }
    if clampedColors > 0 {
      losses.drawingChanges.append(
        "\(clampedColors) strokes with colour values outside 0…255 would be clamped")
    }
    if let ignoredTransform {
      losses.drawingChanges.append(
        "\(ignoredTransform) holds values that are not finite: it would not be applied")
    }
    if strokesOutsideLayout > 0 {
      losses.drawingChanges.append(
        "\(strokesOutsideLayout) stroke nodes outside willdoc's section layout would not be drawn")
    }
    if !foreignBrushes.isEmpty {
      losses.droppedMetadata.append(
        "brush shapes (every stroke is drawn as a WILL 2 circle): "
          + Self.listed(foreignBrushes.sorted()))
    }
    let sensors = uim.inputData.sensorData.count
    if sensors > 0 || uim.inputData.configuration != nil {
      losses.droppedMetadata.append("input data (\(sensors) sensor data records)")
    }
    if !uim.structure.views.isEmpty {
      losses.droppedMetadata.append(
        "views " + Self.listed(uim.structure.views.lazy.map { "\"\($0.name)\"" }))
    }
    if statements.foreign > 0 {
      losses.droppedMetadata.append("\(statements.foreign) knowledge-graph statements")
    }
    let ignored = statements.ignored
    if ignored > 0, let first = statements.firstIgnored {
      losses.droppedMetadata.append(
        "\(ignored) \(UIMWillMapping.namespace) statements not in willdoc's form or not matching the ink (the first: \(first))"
      )
    }
    if strokesOutsideTree > 0 {
      losses.droppedMetadata.append("\(strokesOutsideTree) strokes outside the main ink tree")
    }
    let others = uim.properties.lazy.filter { !Self.propertyNames.contains($0.name) }.map(\.name)
    if !others.isEmpty {
      losses.droppedMetadata.append("document properties " + Self.listed(others))
    }
  }
}
