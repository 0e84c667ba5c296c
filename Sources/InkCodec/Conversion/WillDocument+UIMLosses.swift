extension WillDocument {
  /// What ``UIMDocument/init(converting:)`` does not carry into UIM, one phrase each: a raw
  /// container (UIM has no raw form; a RIFF file's `INK ` chunks come back by their part
  /// names, see ``containerOfParts``), a `HEAD` chunk of another version than the one written
  /// (``WillDataFile/currentVersion``), RIFF chunks other than the header and ink,
  /// properties other than the title, dates, application, its version and template (a
  /// core.xml `version`, say), each section's images and SVG elements the model does not
  /// interpret (a `<view>`), and the package's other parts (thumbnails, custom parts).
  ///
  /// Everything else — strokes at their stored precision, pages, transforms, paints, those
  /// six properties — comes back from UIM as it was. Linear in the document's size.
  public var uimConversionLosses: [String] {
    var lost: [String] = []
    if container == .raw {
      lost.append("the raw container (UIM holds ink, not a file layout)")
    }
    if let head = riffChunks.first(where: { $0.id == "HEAD" }),
      head.data != WillDataFile.currentVersion
    {
      let version = { (bytes: [UInt8]) in
        bytes.prefix(8).map { String($0) }.joined(separator: ".") + (bytes.count > 8 ? "…" : "")
      }
      lost.append(
        "the RIFF HEAD chunk (version \(version(head.data)), \(head.data.count) bytes; "
          + "RIFF back from UIM gets \(version(WillDataFile.currentVersion)))")
    }
    let chunks = riffChunks.filter { !$0.isInk && $0.id != "HEAD" }
    if !chunks.isEmpty {
      lost.append(
        "RIFF chunks "
          + chunks.map { "\"\($0.id)\" (\($0.data.count) bytes)" }
          .joined(separator: ", "))
    }
    lost += unmappedProperties()
    for (index, section) in sections.enumerated() {
      let owner = sections.count == 1 ? "the page's" : "section \(index)'s"
      let images = section.images.count
      if images > 0 { lost.append("\(owner) \(images == 1 ? "image" : "\(images) images")") }
      var elements: [String: Int] = [:]
      var order: [String] = []
      func visit(_ nodes: [SectionNode]) {
        for node in nodes {
          switch node {
          case .group(let group): visit(group.children)
          case .unmodelled(let other):
            guard let name = other.elementName else { continue }
            if elements[name] == nil { order.append(name) }
            elements[name, default: 0] += 1
          case .paths, .image: continue
          }
        }
      }
      visit(section.nodes)
      // The background rect is carried (as the section's background).
      if section.background != nil, let rects = elements["rect"] {
        elements["rect"] = rects - 1
      }
      for name in order {
        let count = elements[name] ?? 0
        guard count > 0 else { continue }
        lost.append("\(owner) <\(name)> element\(count == 1 ? "" : "s (\(count))")")
      }
    }
    for part in otherParts { lost.append("part \(part.name)") }
    return lost
  }

  /// The properties of the stored core.xml and app.xml that UIM's six `will://document`
  /// properties do not hold, by element name.
  private func unmappedProperties() -> [String] {
    var lost: [String] = []
    let mappedApp: Set<String> = ["Application", "AppVersion", "Template"]
    for (part, isCore) in [(propertiesSource?.core, true), (propertiesSource?.app, false)] {
      guard let part,
        let xml = try? XMLDocument(parsing: part.data, part: part.name, limits: .default)
      else { continue }
      xml.walk { element, namespaces, ancestors in
        guard !ancestors.isEmpty, element.childElements.isEmpty else { return }
        let uri = element.namespaceURI(in: namespaces)
        let mapped =
          isCore
          ? (uri == WillNamespace.dublinCore && element.localName == "title")
            || (uri == WillNamespace.dublinCoreTerms
              && ["created", "modified"].contains(element.localName))
          : mappedApp.contains(element.localName)
        if !mapped {
          let value = element.textContent
          lost.append(
            "property \(element.name)"
              + (value.isEmpty ? "" : " \"\(value.count > 40 ? value.prefix(40) + "…" : value)\""))
        }
      }
    }
    return lost
  }
}
