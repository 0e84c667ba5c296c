extension InkMLDocument {
  /// The document as InkML 1.0: one `<definitions>` with a context per distinct trace format
  /// (every channel `decimal`) and the brushes, then the trace groups, each with its page size
  /// as an `<annotation type="pageSize">`. Values are written as the shortest text that reads
  /// back as the same `Double`.
  /// - Throws: ``WillErrorKind/nonFiniteValue(channel:)`` for a value, brush width or page size
  ///   that is NaN or infinite (no InkML reader takes `nan` back), and
  ///   ``WillErrorKind/unsupported(_:)`` for names XML cannot carry, and
  ///   ``WillErrorKind/limitExceeded(_:value:limit:)`` for `.xmlPartBytes` at the first trace
  ///   whose text takes the file past what an XML reader parses
  ///   (``DecodingLimits/ceiling(of:)``).
  public func serialized() throws(WillError) -> [UInt8] {
    try serialized(profile: .standard)
  }

  /// The document as InkML 1.0 in `profile`'s form: ``serialized()`` for
  /// ``InkMLProfile/standard``, the Office form (`officeSerialized()`) for ``InkMLProfile/office``.
  /// - Throws: What the profile's writer throws.
  public func serialized(profile: InkMLProfile) throws(WillError) -> [UInt8] {
    if profile == .office { return try officeSerialized() }
    var formatIDs: [[String]: String] = [:]
    var definitions: [XMLNode] = []
    for trace in traces where formatIDs[trace.channels] == nil {
      let id = "format\(formatIDs.count)"
      formatIDs[trace.channels] = id
      let channels = trace.channels.map { name in
        XMLNode.element(
          XMLElement(
            "channel", attributes: [XMLAttribute("name", name), XMLAttribute("type", "decimal")]))
      }
      definitions.append(
        .element(
          XMLElement(
            "context", attributes: [XMLAttribute("xml:id", "context\(formatIDs.count - 1)")],
            children: [
              .element(
                XMLElement(
                  "traceFormat", attributes: [XMLAttribute("xml:id", id)], children: channels))
            ])))
    }
    // The brushes the traces use that are not in the list, each once: a set of ids, not a
    // scan of the list per trace, which is quadratic for a brush per trace.
    var brushSet = brushes
    var brushIDs = Set(brushes.map(\.id))
    for trace in traces {
      if let brush = trace.brush, brushIDs.insert(brush.id).inserted { brushSet.append(brush) }
    }
    for brush in brushSet {
      if let width = brush.width, !width.isFinite {
        throw WillError(.nonFiniteValue(channel: "brush width"))
      }
      var properties: [XMLNode] = []
      func property(_ name: String, _ value: String) {
        properties.append(
          .element(
            XMLElement(
              "brushProperty",
              attributes: [XMLAttribute("name", name), XMLAttribute("value", value)])))
      }
      if let color = brush.color {
        property("color", "#" + String(color.svgHex.dropFirst().prefix(6)))
      }
      if let width = brush.width { property("width", NumberText.shortest(width)) }
      if let transparency = brush.transparency { property("transparency", String(transparency)) }
      definitions.append(
        .element(
          XMLElement("brush", attributes: [XMLAttribute("xml:id", brush.id)], children: properties))
      )
    }
    var children: [XMLNode] = [.element(XMLElement("definitions", children: definitions))]
    let contextIDs = formatIDs.mapValues { "context" + $0.dropFirst("format".count) }
    var traceIndex = 0
    var budget = InkMLTextBudget()
    for group in groups {
      var items: [XMLNode] = []
      if let size = group.pageSize { items.append(try Self.pageSizeAnnotation(size)) }
      for trace in group.traces {
        defer { traceIndex += 1 }
        // Never `nan` or `inf` in the text: no InkML reader takes it back.
        for (name, column) in zip(trace.channels, trace.columns)
        where !column.allSatisfy(\.isFinite) {
          throw WillError(.nonFiniteValue(channel: name), strokeIndex: traceIndex)
        }
        var attributes = [XMLAttribute("contextRef", "#" + contextIDs[trace.channels]!)]
        if let id = trace.id { attributes.insert(XMLAttribute("xml:id", id), at: 0) }
        if let brush = trace.brush { attributes.append(XMLAttribute("brushRef", "#" + brush.id)) }
        var text = ""
        for point in 0..<trace.pointCount {
          if point > 0 { text += ", " }
          for (k, column) in trace.columns.enumerated() {
            if k > 0 { text += " " }
            text += NumberText.shortest(column[point])
          }
        }
        try budget.add(text, traceIndex: traceIndex)
        items.append(.element(XMLElement("trace", attributes: attributes, children: [.text(text)])))
      }
      var attributes: [XMLAttribute] = []
      if let id = group.id { attributes.append(XMLAttribute("xml:id", id)) }
      children.append(.element(XMLElement("traceGroup", attributes: attributes, children: items)))
    }
    let root = XMLElement(
      "ink", attributes: [XMLAttribute("xmlns", Self.namespace)], children: children)
    return try XMLDocument(declaration: XMLDeclaration(), root: root).serialized()
  }

  /// willdoc's `<annotation type="pageSize">` (`prefix` before the element's name): the page
  /// size in page units, as the shortest text that reads back the same.
  /// - Throws: `nonFiniteValue` for an infinite or NaN size.
  static func pageSizeAnnotation(_ size: PageSize, prefix: String = "") throws(WillError)
    -> XMLNode
  {
    guard size.width.isFinite, size.height.isFinite else {
      throw WillError(.nonFiniteValue(channel: "pageSize"))
    }
    return .element(
      XMLElement(
        prefix + "annotation", attributes: [XMLAttribute("type", "pageSize")],
        children: [.text(NumberText.shortest(size.width) + " " + NumberText.shortest(size.height))]
      ))
  }
}
