extension InkMLDocument {
  /// Parses InkML.
  /// - Parameters:
  ///   - bytes: The XML.
  ///   - limits: The XML limits, ``DecodingLimits/maxStrokes`` (traces),
  ///     ``DecodingLimits/maxPointsPerStroke`` and ``DecodingLimits/maxTotalPoints``.
  /// - Throws: ``WillErrorKind/malformedXML(line:message:)``, a limit, or
  ///   ``WillErrorKind/invalidAttribute(name:value:)`` for a trace or reference that does not
  ///   resolve.
  public init(parsing bytes: [UInt8], limits: DecodingLimits = .default) throws(WillError) {
    let xml = try XMLReader.parse(bytes, part: nil, limits: limits)
    guard xml.root.localName == "ink" else {
      throw WillError(.invalidAttribute(name: "root element", value: xml.root.name))
    }
    var reader = InkMLReader(limits: limits)
    try reader.read(xml.root)
    self.init(brushes: reader.brushOrder.compactMap { reader.brushes[$0] }, groups: reader.groups)
  }
}

/// Walks an `<ink>` tree, keeping the definitions and the current context.
struct InkMLReader {
  let limits: DecodingLimits
  var brushes: [String: InkMLDocument.Brush] = [:]
  var brushOrder: [String] = []
  var formats: [String: [String]] = [:]
  var contexts: [String: (format: [String]?, brush: String?)] = [:]
  var defaultFormat = ["X", "Y"]
  var current: (format: [String]?, brush: String?) = (nil, nil)
  var groups: [InkMLDocument.TraceGroup] = []
  var loose: Int?
  var traceCount = 0
  var pointCount = 0

  init(limits: DecodingLimits) { self.limits = limits }

  static func reference(_ value: String?) -> String? {
    guard let value else { return nil }
    return value.hasPrefix("#") ? String(value.dropFirst()) : value
  }

  static func id(_ element: XMLElement) -> String? {
    element.attribute("xml:id") ?? element.attribute("id")
  }

  mutating func read(_ root: XMLElement) throws(WillError) {
    for child in root.childElements {
      switch child.localName {
      case "definitions": for definition in child.childElements { try define(definition) }
      case "traceFormat":
        let format = Self.format(child)
        if let id = Self.id(child) { formats[id] = format }
        defaultFormat = format
      case "brush", "inkSource", "canvas", "canvasTransform", "timestamp", "mapping":
        try define(child)
      case "context":
        try define(child)
        current = try context(child)
      case "trace":
        if loose == nil {
          loose = groups.count
          groups.append(InkMLDocument.TraceGroup(traces: []))
        }
        let trace = try trace(child, inherited: current)
        groups[loose!].traces.append(trace)
      case "traceGroup":
        var group = InkMLDocument.TraceGroup(id: Self.id(child), traces: [])
        try collect(child, into: &group, inherited: current)
        groups.append(group)
      default: continue
      }
    }
  }

  mutating func define(_ element: XMLElement) throws(WillError) {
    switch element.localName {
    case "brush":
      guard let id = Self.id(element) else { return }
      var brush = InkMLDocument.Brush(id: id)
      for property in element.childElements where property.localName == "brushProperty" {
        let value = property.attribute("value") ?? ""
        switch property.attribute("name")?.lowercased() {
        case "color": brush.color = InkColor(svgPaint: value, opacity: nil)
        case "width": brush.width = Double(value)
        case "transparency": brush.transparency = Int(value).map { max(0, min(255, $0)) }
        default: continue
        }
      }
      if brushes[id] == nil { brushOrder.append(id) }
      brushes[id] = brush
    case "traceFormat":
      if let id = Self.id(element) { formats[id] = Self.format(element) }
    case "context":
      if let id = Self.id(element) { contexts[id] = try context(element) }
    default:
      for child in element.childElements
      where child.localName == "traceFormat" || child.localName == "brush" {
        try define(child)
      }
    }
  }

  /// A context: its format and brush, from references, inline definitions or a base context.
  mutating func context(_ element: XMLElement) throws(WillError) -> (
    format: [String]?, brush: String?
  ) {
    var result =
      Self.reference(element.attribute("contextRef")).flatMap { contexts[$0] } ?? (nil, nil)
    if let ref = Self.reference(element.attribute("traceFormatRef")) {
      result.format = formats[ref]
    }
    if let ref = Self.reference(element.attribute("brushRef")) { result.brush = ref }
    for child in element.childElements {
      switch child.localName {
      case "traceFormat":
        let format = Self.format(child)
        if let id = Self.id(child) { formats[id] = format }
        result.format = format
      case "brush":
        try define(child)
        result.brush = Self.id(child)
      case "inkSource":
        for format in child.childElements where format.localName == "traceFormat" {
          result.format = Self.format(format)
          if let id = Self.id(format) { formats[id] = result.format }
        }
      default: continue
      }
    }
    return result
  }

  static func format(_ element: XMLElement) -> [String] {
    var channels: [String] = []
    for child in element.childElements {
      if child.localName == "channel", let name = child.attribute("name") { channels.append(name) }
      if child.localName == "intermittentChannels" {
        channels += child.childElements.compactMap {
          $0.localName == "channel" ? $0.attribute("name") : nil
        }
      }
    }
    return channels
  }

  mutating func collect(
    _ element: XMLElement, into group: inout InkMLDocument.TraceGroup,
    inherited: (format: [String]?, brush: String?)
  ) throws(WillError) {
    var scope = inherited
    if let ref = Self.reference(element.attribute("contextRef")), let context = contexts[ref] {
      scope = (context.format ?? scope.format, context.brush ?? scope.brush)
    }
    if let ref = Self.reference(element.attribute("brushRef")) { scope.brush = ref }
    for child in element.childElements {
      switch child.localName {
      case "trace": group.traces.append(try trace(child, inherited: scope))
      case "traceGroup": try collect(child, into: &group, inherited: scope)
      case "annotation" where child.attribute("type") == "pageSize":
        let numbers = child.textContent.split(whereSeparator: {
          $0 == " " || $0 == "\n" || $0 == "\t"
        })
        .compactMap { Double($0) }
        if numbers.count == 2 { group.pageSize = PageSize(width: numbers[0], height: numbers[1]) }
      default: continue
      }
    }
  }

  mutating func trace(_ element: XMLElement, inherited: (format: [String]?, brush: String?))
    throws(WillError) -> InkMLDocument.Trace
  {
    traceCount += 1
    try limits.check(.strokes, traceCount)
    var scope = inherited
    if let ref = Self.reference(element.attribute("contextRef")) {
      guard let context = contexts[ref] else {
        throw WillError(.invalidAttribute(name: "contextRef", value: ref))
      }
      scope = (context.format ?? scope.format, context.brush ?? scope.brush)
    }
    if let ref = Self.reference(element.attribute("brushRef")) { scope.brush = ref }
    let channels = scope.format ?? defaultFormat
    let columns = try InkMLTraceText.columns(
      element.textContent, channels: channels.count, maxPoints: limits.maxPointsPerStroke)
    pointCount += columns.first?.count ?? 0
    try limits.check(.totalPoints, pointCount)
    return InkMLDocument.Trace(
      id: Self.id(element), brush: scope.brush.flatMap { brushes[$0] }, channels: channels,
      columns: columns)
  }
}
