extension InkMLDocument {
  /// The channels the Office form writes in centimetres, with their resolution per cm, type
  /// and decimals: the lengths willdoc's InkML holds.
  static let officeLengthChannels: [String: (resolution: Double, type: String, decimals: Int)] =
    [
      "X": (1000, "decimal", 3), "Y": (1000, "decimal", 3), "W": (100_000, "integer", 0),
    ]

  /// The document as Office writes InkML (``InkMLProfile/office``): `<inkml:ink>`, one
  /// context per distinct trace format holding an `<inkSource>` with that trace format and
  /// its `<channelProperties>`: X and Y as `decimal` channels in `cm` at a `resolution` of
  /// 1000 per `1/cm` (each value a HIMETRIC unit, 0.01 mm), written to 3 decimals (at most
  /// 0.00002 page units off); W as an `integer` channel in `cm` at 100,000 per `1/cm` (0.1 µm,
  /// at most 0.002 page units off: Wacom's parser reads the column after X and Y as its
  /// integer timestamps when there is no T); other channels to 9 decimals with no units. No
  /// exponents are written: Wacom's parser reads plain decimals only. Brushes carry `width` and
  /// `height` in `cm`, `color` and `transparency`; every trace an `xml:id` (its own when it
  /// has a unique one), its context and its brush. Trace groups keep their page size as
  /// willdoc's `<inkml:annotation type="pageSize">` in page units.
  ///
  /// The document's values are taken as page units (1/96 in): traces with ``Trace/scales``
  /// (read from InkML with units, not yet converted) are written as if they were.
  /// - Throws: ``WillErrorKind/nonFiniteValue(channel:)`` for a value, brush width or page
  ///   size that is NaN or infinite, ``WillErrorKind/unsupported(_:)`` for names XML
  ///   cannot carry, and `limitExceeded` for `.xmlPartBytes` as ``serialized()``.
  func officeSerialized() throws(WillError) -> [UInt8] {
    func element(_ name: String, _ attributes: [(String, String)], _ children: [XMLNode] = [])
      -> XMLNode
    {
      .element(
        XMLElement(
          "inkml:" + name, attributes: attributes.map { XMLAttribute($0.0, $0.1) },
          children: children))
    }
    var contextIDs: [[String]: String] = [:]
    var definitions: [XMLNode] = []
    for trace in traces where contextIDs[trace.channels] == nil {
      let index = contextIDs.count
      contextIDs[trace.channels] = "ctx\(index)"
      var channels: [XMLNode] = []
      var properties: [XMLNode] = []
      for name in trace.channels {
        if let length = Self.officeLengthChannels[name] {
          channels.append(
            element("channel", [("name", name), ("type", length.type), ("units", "cm")]))
          properties.append(
            element(
              "channelProperty",
              [
                ("channel", name), ("name", "resolution"),
                ("value", NumberText.shortest(length.resolution)), ("units", "1/cm"),
              ]))
        } else {
          channels.append(element("channel", [("name", name), ("type", "decimal")]))
        }
      }
      var source = [element("traceFormat", [("xml:id", "format\(index)")], channels)]
      if !properties.isEmpty { source.append(element("channelProperties", [], properties)) }
      definitions.append(
        element(
          "context", [("xml:id", "ctx\(index)")],
          [element("inkSource", [("xml:id", "inkSrc\(index)")], source)]))
    }
    // The brushes the traces use that are not in the list, each once (a set, not a scan).
    var brushSet = brushes
    var brushIDs = Set(brushes.map(\.id))
    for trace in traces {
      if let brush = trace.brush, brushIDs.insert(brush.id).inserted { brushSet.append(brush) }
    }
    for brush in brushSet {
      var properties: [XMLNode] = []
      if let width = brush.width {
        guard width.isFinite else { throw WillError(.nonFiniteValue(channel: "brush width")) }
        // Page units to centimetres; a brush read with units of its own keeps its size.
        let cm = width * (brush.widthScale ?? 1) * 2.54 / 96
        let text = NumberText.rounded(cm, decimals: 6)
        properties.append(
          element("brushProperty", [("name", "width"), ("value", text), ("units", "cm")]))
        properties.append(
          element("brushProperty", [("name", "height"), ("value", text), ("units", "cm")]))
      }
      if let color = brush.color {
        properties.append(
          element(
            "brushProperty",
            [("name", "color"), ("value", "#" + String(color.svgHex.dropFirst().prefix(6)))]))
      }
      if let transparency = brush.transparency {
        properties.append(
          element("brushProperty", [("name", "transparency"), ("value", String(transparency))]))
      }
      definitions.append(element("brush", [("xml:id", brush.id)], properties))
    }
    var children = [element("definitions", [], definitions)]
    // Trace ids unique within the file: a trace's own, else (or when taken) `trN`.
    var usedIDs: Set<String> = []
    var traceIndex = 0
    var budget = InkMLTextBudget()
    for group in groups {
      var items: [XMLNode] = []
      if let size = group.pageSize {
        items.append(try Self.pageSizeAnnotation(size, prefix: "inkml:"))
      }
      for trace in group.traces {
        defer { traceIndex += 1 }
        for (name, column) in zip(trace.channels, trace.columns)
        where !column.allSatisfy(\.isFinite) {
          throw WillError(.nonFiniteValue(channel: name), strokeIndex: traceIndex)
        }
        var id = trace.id ?? "tr\(traceIndex)"
        var suffix = 0
        while !usedIDs.insert(id).inserted {
          suffix += 1
          id = "tr\(traceIndex)_\(suffix)"
        }
        var attributes = [("xml:id", id), ("contextRef", "#" + contextIDs[trace.channels]!)]
        if let brush = trace.brush { attributes.append(("brushRef", "#" + brush.id)) }
        // Page units to the channel's units: cm per page unit times values per cm.
        let forms = trace.channels.map { name in
          Self.officeLengthChannels[name].map { (2.54 / 96 * $0.resolution, $0.decimals) }
            ?? (1, 9)
        }
        var text = ""
        for point in 0..<trace.pointCount {
          if point > 0 { text += ", " }
          for (k, column) in trace.columns.enumerated() {
            if k > 0 { text += " " }
            text += NumberText.rounded(column[point] * forms[k].0, decimals: forms[k].1)
          }
        }
        try budget.add(text, traceIndex: traceIndex)
        items.append(element("trace", attributes, [.text(text)]))
      }
      children.append(element("traceGroup", group.id.map { [("xml:id", $0)] } ?? [], items))
    }
    let root = XMLElement(
      "inkml:ink", attributes: [XMLAttribute("xmlns:inkml", Self.namespace)], children: children)
    return try XMLDocument(declaration: XMLDeclaration(), root: root).serialized()
  }
}
