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
    notes = reader.notes
    diagnostics = reader.findings.finished()
  }
}

/// Walks an `<ink>` tree (in the InkML namespace or in none, with any prefix), keeping the
/// definitions and the current context.
struct InkMLReader {
  /// A trace format: its channels and what their values measure.
  struct Format: Hashable {
    var channels: [String]
    /// Page units per value, one per channel, or empty when no channel has a length unit.
    var scales: [Double?] = []
    /// The unit text of X and Y when they have no physical unit and are taken as HIMETRIC.
    var assumed: String?
  }

  let limits: DecodingLimits
  var brushes: [String: InkMLDocument.Brush] = [:]
  var brushOrder: [String] = []
  var formats: [String: Format] = [:]
  /// Ink sources by id: their trace formats with the resolutions of their channels.
  var inkSources: [String: Format] = [:]
  var contexts: [String: (format: Format?, brush: String?)] = [:]
  var defaultFormat = Format(channels: ["X", "Y"])
  var current: (format: Format?, brush: String?) = (nil, nil)
  var notes = InkMLDocument.ReadingNotes()
  /// What reading tolerated (see ``InkMLDocument/diagnostics``).
  var findings = DiagnosticList(maximumRepeats: 100)
  var groups: [InkMLDocument.TraceGroup] = []
  var loose: Int?
  var traceCount = 0
  var pointCount = 0
  /// Trace groups, contexts and trace formats read, against ``DecodingLimits/maxElements``.
  var elementCount = 0

  init(limits: DecodingLimits) { self.limits = limits }

  /// The channel names InkML 1.0 defines (§4.1.1); `B` may be numbered (`B1`, `B2`, …).
  static let knownChannels: Set<String> = [
    "X", "Y", "Z", "F", "S", "B", "OTx", "OTy", "OA", "OE", "OR", "C", "CR", "CB", "T", "W",
  ]

  /// Whether `name` is a channel InkML defines.
  static func isKnownChannel(_ name: String) -> Bool {
    knownChannels.contains(name)
      || (name.count > 1 && name.first == "B"
        && name.dropFirst().allSatisfy { $0 >= "0" && $0 <= "9" })
  }

  /// Records a warning with `code` (built only when listed).
  mutating func warn(_ code: String, _ message: @autoclosure () -> String) {
    findings.append(
      code: code, part: nil, Diagnostic(.warning, code: code, message: message()))
  }

  /// `trace 3` or `trace 3 ("t7")`: the trace counted so far, 0-based, with its id.
  func traceName(_ element: XMLElement) -> String {
    "trace \(traceCount - 1)" + (Self.id(element).map { " (\"\(Self.excerpt($0))\")" } ?? "")
  }

  /// At most 40 characters of a value from the file.
  static func excerpt(_ value: String) -> String { String(value.prefix(40)) }

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
      case "annotation", "annotationXML": notes.annotations += 1
      case "context":
        // Read once: as a definition when it has an id, and as the current context.
        let context = try context(child)
        if let id = Self.id(child) { contexts[id] = context }
        current = context
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
        try collect(child, into: &group, inherited: current, nested: false)
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
      var sawWidth = false
      for property in element.childElements where property.localName == "brushProperty" {
        let value = property.attribute("value") ?? ""
        switch property.attribute("name")?.lowercased() {
        case "color":
          brush.color = InkColor(svgPaint: value, opacity: nil)
          if brush.color == nil {
            warn(
              "inkml-bad-brush-property",
              "brush \"\(Self.excerpt(id))\": color \"\(Self.excerpt(value))\" is no colour: "
                + "its traces are drawn black")
          }
        case let name where name == "width" || (name == "height" && !sawWidth):
          // The width, else the height (Office writes both, for a round tip the same).
          guard let width = Double(value), width.isFinite else {
            throw WillError(.invalidAttribute(name: "brush width", value: String(value.prefix(40))))
          }
          sawWidth = sawWidth || name == "width"
          brush.width = width
          brush.widthScale = property.attribute("units").flatMap(InkMLUnits.pageUnits(per:))
          if let units = property.attribute("units"), brush.widthScale == nil {
            warn(
              "inkml-unknown-units",
              "brush \"\(Self.excerpt(id))\": width units \"\(Self.excerpt(units))\" are no "
                + "length: the width is taken in its traces' units")
          }
        case "transparency":
          brush.transparency = Int(value).map { max(0, min(255, $0)) }
          if brush.transparency == nil {
            warn(
              "inkml-bad-brush-property",
              "brush \"\(Self.excerpt(id))\": transparency \"\(Self.excerpt(value))\" is no "
                + "integer: ignored")
          }
        default: continue
        }
      }
      if brushes[id] == nil { brushOrder.append(id) }
      brushes[id] = brush
    case "traceFormat":
      let format = try format(element)
      if let id = Self.id(element) { formats[id] = format }
    case "inkSource":
      if let format = try inkSource(element), let id = Self.id(element) { inkSources[id] = format }
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

  /// An ink source's trace format, with its channels' resolutions (`<channelProperties>`):
  /// `nil` when it has no trace format.
  mutating func inkSource(_ element: XMLElement) throws(WillError) -> Format? {
    var resolutions: [String: (value: Double, units: String?)] = [:]
    var bad: [String] = []
    func property(_ property: XMLElement) {
      guard property.localName == "channelProperty",
        property.attribute("name")?.lowercased() == "resolution",
        let channel = property.attribute("channel")
      else { return }
      guard let value = property.attribute("value").flatMap({ Double($0) }), value.isFinite,
        value > 0
      else {
        bad.append(
          "channel \(Self.excerpt(channel)): resolution \""
            + Self.excerpt(property.attribute("value") ?? "") + "\"")
        return
      }
      resolutions[channel] = (value, property.attribute("units"))
    }
    for child in element.childElements {
      property(child)
      if child.localName == "channelProperties" {
        for item in child.childElements { property(item) }
      }
    }
    for text in bad {
      warn(
        "inkml-bad-resolution",
        "ink source" + (Self.id(element).map { " \"\(Self.excerpt($0))\"" } ?? "") + ": \(text) "
          + "is not a positive number: ignored, the channel's units apply")
    }
    var result: Format?
    for child in element.childElements where child.localName == "traceFormat" {
      let format = try self.format(child, resolutions: resolutions)
      if let id = Self.id(child) { formats[id] = format }
      result = format
    }
    return result
  }

  /// Records an `inkml-unresolved-reference` warning: `attribute` of `owner` names `ref`,
  /// which nothing defined before it.
  mutating func unresolved(_ owner: String, _ attribute: String, _ ref: String, _ effect: String) {
    warn(
      "inkml-unresolved-reference",
      "\(owner): \(attribute) \"\(Self.excerpt(ref))\" names nothing defined before it: \(effect)")
  }

  /// A context: its format and brush, from references, inline definitions or a base context.
  mutating func context(_ element: XMLElement) throws(WillError) -> (
    format: Format?, brush: String?
  ) {
    try countElement()
    let name = "context" + (Self.id(element).map { " \"\(Self.excerpt($0))\"" } ?? "")
    var result =
      Self.reference(element.attribute("contextRef")).flatMap { contexts[$0] } ?? (nil, nil)
    if let ref = Self.reference(element.attribute("contextRef")), contexts[ref] == nil {
      unresolved(name, "contextRef", ref, "it starts from no context")
    }
    if let ref = Self.reference(element.attribute("inkSourceRef")) {
      if let format = inkSources[ref] {
        result.format = format
      } else {
        unresolved(name, "inkSourceRef", ref, "ignored")
      }
    }
    if let ref = Self.reference(element.attribute("traceFormatRef")) {
      result.format = formats[ref]
      if result.format == nil {
        unresolved(name, "traceFormatRef", ref, "its traces have the default format")
      }
    }
    if let ref = Self.reference(element.attribute("brushRef")) {
      result.brush = ref
      if brushes[ref] == nil { unresolved(name, "brushRef", ref, "its traces' brush is unset") }
    }
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
        if let format = try inkSource(child) {
          result.format = format
          if let id = Self.id(child) { inkSources[id] = format }
        }
      default: continue
      }
    }
    return result
  }

  /// A trace format's channels, at most ``DecodingLimits/maxChannels``: every trace keeps a
  /// column per channel, so the channels multiply the cost of each trace. Each channel's scale
  /// comes from its resolution in `resolutions` (an ink source's) or its `units`; X and Y
  /// with a unit that is no length (`ink`, `dev`) and no resolution are taken as HIMETRIC.
  mutating func format(
    _ element: XMLElement, resolutions: [String: (value: Double, units: String?)] = [:]
  ) throws(WillError) -> Format {
    try countElement()
    var result = Format(channels: [])
    var scales: [Double?] = []
    func add(_ channel: XMLElement) throws(WillError) {
      guard channel.localName == "channel", let name = channel.attribute("name") else { return }
      try limits.check(.channels, result.channels.count + 1)
      result.channels.append(name)
      if !Self.isKnownChannel(name) {
        warn(
          "inkml-unknown-channel",
          "trace format" + (Self.id(element).map { " \"\(Self.excerpt($0))\"" } ?? "")
            + ": channel \"\(Self.excerpt(name))\" is none InkML 1.0 defines: its values are "
            + "read and not drawn")
      }
      let units = channel.attribute("units")
      let resolution = resolutions[name]
      var scale =
        InkMLUnits.isLength(name)
        ? InkMLUnits.scale(
          units: units, resolution: resolution?.value, resolutionUnits: resolution?.units) : nil
      if scale == nil, InkMLUnits.isLength(name), let units, !units.isEmpty {
        warn(
          "inkml-unknown-units",
          "channel \(name): units \"\(Self.excerpt(units))\" are no length willdoc converts, and "
            + "no resolution gives one: "
            + (name == "X" || name == "Y" ? "taken as HIMETRIC (0.01 mm)" : "taken as page units"))
      }
      if scale == nil, name == "X" || name == "Y", let units, !units.isEmpty {
        scale = InkMLUnits.assumed
        result.assumed = units
      }
      scales.append(scale)
    }
    for child in element.childElements {
      try add(child)
      if child.localName == "intermittentChannels" {
        for channel in child.childElements { try add(channel) }
      }
    }
    if scales.contains(where: { $0 != nil }) { result.scales = scales }
    return result
  }

  mutating func collect(
    _ element: XMLElement, into group: inout InkMLDocument.TraceGroup,
    inherited: (format: Format?, brush: String?), nested: Bool
  ) throws(WillError) {
    // Nesting is bounded by DecodingLimits.maxXMLDepth, and each group is visited once.
    try countElement()
    if nested { notes.nestedGroups += 1 }
    var scope = inherited
    let name = "trace group" + (Self.id(element).map { " \"\(Self.excerpt($0))\"" } ?? "")
    if let ref = Self.reference(element.attribute("contextRef")) {
      if let context = contexts[ref] {
        scope = (context.format ?? scope.format, context.brush ?? scope.brush)
      } else {
        unresolved(name, "contextRef", ref, "ignored")
      }
    }
    if let ref = Self.reference(element.attribute("brushRef")) {
      scope.brush = ref
      if brushes[ref] == nil { unresolved(name, "brushRef", ref, "its traces' brush is unset") }
    }
    for child in element.childElements {
      switch child.localName {
      case "trace": group.traces.append(try trace(child, inherited: scope))
      case "traceGroup": try collect(child, into: &group, inherited: scope, nested: true)
      case "annotationXML": notes.annotations += 1
      case "annotation" where child.attribute("type") != "pageSize": notes.annotations += 1
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

  mutating func trace(_ element: XMLElement, inherited: (format: Format?, brush: String?))
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
    if let ref = Self.reference(element.attribute("brushRef")) {
      scope.brush = ref
      if brushes[ref] == nil {
        unresolved(traceName(element), "brushRef", ref, "drawn with the default brush")
      }
    }
    let format = scope.format ?? defaultFormat
    var shortPoints = 0
    let columns = try InkMLTraceText.columns(
      element.textContent, channels: format.channels.count, maxPoints: limits.maxPointsPerStroke,
      shortPoints: &shortPoints)
    if shortPoints > 0 {
      let count = columns.first?.count ?? 0
      let name = traceName(element)
      warn(
        "inkml-short-point",
        "\(name): \(shortPoints) of its \(count) points have fewer values than "
          + "the \(format.channels.count) channels of its format: the missing ones repeat the "
          + "point before")
    }
    if let t = format.channels.firstIndex(of: "T"), t < columns.count {
      let times = columns[t]
      if let back = times.indices.dropFirst().first(where: { times[$0] < times[$0 - 1] }) {
        let name = traceName(element)
        warn(
          "inkml-time-decreases",
          "\(name): time (channel T) goes back at point \(back), from "
            + "\(times[back - 1]) to \(times[back])")
      }
    }
    pointCount += columns.first?.count ?? 0
    try limits.check(.totalPoints, pointCount)
    if let assumed = format.assumed { notes.assumedUnits[assumed, default: 0] += 1 }
    for child in element.childElements
    where child.localName == "annotation" || child.localName == "annotationXML" {
      notes.annotations += 1
    }
    return InkMLDocument.Trace(
      id: Self.id(element), brush: scope.brush.flatMap { brushes[$0] }, channels: format.channels,
      columns: columns, scales: format.scales)
  }
}
