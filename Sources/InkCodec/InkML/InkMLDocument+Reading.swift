extension InkMLDocument {
  /// Parses InkML.
  /// - Parameters:
  ///   - bytes: The XML.
  ///   - limits: The XML limits, ``DecodingLimits/maxStrokes`` (traces),
  ///     ``DecodingLimits/maxPointsPerStroke``, ``DecodingLimits/maxTotalPoints``,
  ///     ``DecodingLimits/maxChannels`` (channels of one trace format),
  ///     ``DecodingLimits/maxBrushes`` (distinct brush ids), ``DecodingLimits/maxSections``
  ///     (top-level trace groups, the loose traces' group included) and
  ///     ``DecodingLimits/maxElements`` (trace groups, contexts and trace formats together).
  /// - Throws: ``WillErrorKind/malformedXML(line:message:)``, a limit, or
  ///   ``WillErrorKind/invalidAttribute(name:value:)`` for a trace or reference that does not
  ///   resolve, a value past the range of a `Double`, or a brush width or page size that is
  ///   not a finite number.
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
  /// Trace groups, contexts and trace formats read, against ``DecodingLimits/maxElements``.
  var elementCount = 0

  init(limits: DecodingLimits) { self.limits = limits }

  static func reference(_ value: String?) -> String? {
    guard let value else { return nil }
    return value.hasPrefix("#") ? String(value.dropFirst()) : value
  }

  static func id(_ element: XMLElement) -> String? {
    element.attribute("xml:id") ?? element.attribute("id")
  }

  /// Counts one trace group, context or trace format against ``DecodingLimits/maxElements``.
  mutating func countElement() throws(WillError) {
    elementCount += 1
    try limits.check(.elements, elementCount)
  }

  /// Adds a top-level group, counted against ``DecodingLimits/maxSections``: each is a page.
  mutating func append(_ group: InkMLDocument.TraceGroup) throws(WillError) {
    try limits.check(.sections, groups.count + 1)
    groups.append(group)
  }

  mutating func read(_ root: XMLElement) throws(WillError) {
    for child in root.childElements {
      switch child.localName {
      case "definitions": for definition in child.childElements { try define(definition) }
      case "traceFormat":
        let format = try format(child)
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
          try append(InkMLDocument.TraceGroup(traces: []))
        }
        let trace = try trace(child, inherited: current)
        groups[loose!].traces.append(trace)
      case "traceGroup":
        try limits.check(.sections, groups.count + 1)
        var group = InkMLDocument.TraceGroup(id: Self.id(child), traces: [])
        try collect(child, into: &group, inherited: current)
        try append(group)
      default: continue
      }
    }
  }

  mutating func define(_ element: XMLElement) throws(WillError) {
    switch element.localName {
    case "brush":
      guard let id = Self.id(element) else { return }
      if brushes[id] == nil { try limits.check(.brushes, brushOrder.count + 1) }
      var brush = InkMLDocument.Brush(id: id)
      for property in element.childElements where property.localName == "brushProperty" {
        let value = property.attribute("value") ?? ""
        switch property.attribute("name")?.lowercased() {
        case "color": brush.color = InkColor(svgPaint: value, opacity: nil)
        case "width":
          guard let width = Double(value), width.isFinite else {
            throw WillError(.invalidAttribute(name: "brush width", value: String(value.prefix(40))))
          }
          brush.width = width
        case "transparency": brush.transparency = Int(value).map { max(0, min(255, $0)) }
        default: continue
        }
      }
      if brushes[id] == nil { brushOrder.append(id) }
      brushes[id] = brush
    case "traceFormat":
      let format = try format(element)
      if let id = Self.id(element) { formats[id] = format }
    case "context":
      let context = try context(element)
      if let id = Self.id(element) { contexts[id] = context }
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
    try countElement()
    var result =
      Self.reference(element.attribute("contextRef")).flatMap { contexts[$0] } ?? (nil, nil)
    if let ref = Self.reference(element.attribute("traceFormatRef")) {
      result.format = formats[ref]
    }
    if let ref = Self.reference(element.attribute("brushRef")) { result.brush = ref }
    for child in element.childElements {
      switch child.localName {
      case "traceFormat":
        let format = try format(child)
        if let id = Self.id(child) { formats[id] = format }
        result.format = format
      case "brush":
        try define(child)
        result.brush = Self.id(child)
      case "inkSource":
        for format in child.childElements where format.localName == "traceFormat" {
          result.format = try self.format(format)
          if let id = Self.id(format) { formats[id] = result.format }
        }
      default: continue
      }
    }
    return result
  }

  /// A trace format's channel names, at most ``DecodingLimits/maxChannels``: every trace
  /// keeps a column per channel, so the channels multiply the cost of each trace.
  mutating func format(_ element: XMLElement) throws(WillError) -> [String] {
    try countElement()
    var channels: [String] = []
    func add(_ channel: XMLElement) throws(WillError) {
      guard channel.localName == "channel", let name = channel.attribute("name") else { return }
      try limits.check(.channels, channels.count + 1)
      channels.append(name)
    }
    for child in element.childElements {
      try add(child)
      if child.localName == "intermittentChannels" {
        for channel in child.childElements { try add(channel) }
      }
    }
    return channels
  }

  mutating func collect(
    _ element: XMLElement, into group: inout InkMLDocument.TraceGroup,
    inherited: (format: [String]?, brush: String?)
  ) throws(WillError) {
    // Nesting is bounded by DecodingLimits.maxXMLDepth, and each group is visited once.
    try countElement()
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
        .prefix(3).map { Double($0) }
        if numbers.count == 2 {
          guard let width = numbers[0], let height = numbers[1], width.isFinite, height.isFinite,
            width >= 0, height >= 0
          else {
            throw WillError(
              .invalidAttribute(name: "pageSize", value: String(child.textContent.prefix(80))))
          }
          group.pageSize = PageSize(width: width, height: height)
        }
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
