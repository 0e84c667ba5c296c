extension InkMLDocument {
  /// The document as InkML 1.0: one `<definitions>` with a context per distinct trace format
  /// (every channel `decimal`) and the brushes, then the trace groups, each with its page size
  /// as an `<annotation type="pageSize">`. Values are written as the shortest text that reads
  /// back as the same `Double`.
  /// - Throws: ``WillErrorKind/invalidInput`` category errors only for names XML cannot carry.
  public func serialized() throws(WillError) -> [UInt8] {
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
    var brushSet = brushes
    for trace in traces {
      if let brush = trace.brush, !brushSet.contains(where: { $0.id == brush.id }) {
        brushSet.append(brush)
      }
    }
    for brush in brushSet {
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
    for group in groups {
      var items: [XMLNode] = []
      if let size = group.pageSize {
        items.append(
          .element(
            XMLElement(
              "annotation", attributes: [XMLAttribute("type", "pageSize")],
              children: [
                .text(NumberText.shortest(size.width) + " " + NumberText.shortest(size.height))
              ])))
      }
      for trace in group.traces {
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
}
