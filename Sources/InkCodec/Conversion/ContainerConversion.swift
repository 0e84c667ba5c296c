/// What writing a document into a container changes or drops, before anything is written.
///
/// A RIFF or raw file holds one stream of strokes: no pages, no transforms, no images, no
/// paints and no metadata. A package (OPC) holds everything but the RIFF chunks it has no
/// part for. ``drawingChanges`` lists what would make the ink look different — several
/// pages landing on one another, a transform dropped, an image or a paint that strokes use
/// vanishing; ``WillDocument/serialized(container:options:)`` refuses to write those.
/// ``droppedMetadata`` lists what goes without changing the drawing (properties, page size,
/// background, parts the model does not interpret); the write goes ahead and the caller
/// reports it.
///
/// ```swift
/// let losses = document.losses(convertingTo: .riff)
/// if !losses.drawingChanges.isEmpty {
///     document = try document.flattened(section: 0)
/// }
/// let bytes = try document.serialized(container: .riff)
/// ```
public struct ConversionLosses: Sendable, Hashable {
  /// What makes a document fit a container that holds less.
  public enum Remedy: Sendable, Hashable, CaseIterable {
    /// Keep one page: ``WillDocument/keepingSection(_:)``.
    case keepOneSection
    /// Bake transforms into coordinates: ``WillDocument/flattened(section:)``.
    case flatten
    /// Remove the images: ``WillDocument/removeImages()``.
    case dropImages
    /// Remove the paints (``WillDocument/paints``).
    case dropPaints
  }

  /// What would change how the ink looks, one sentence each; empty when the drawing fits.
  public var drawingChanges: [String] = []
  /// What would make the drawing fit, in the order of ``drawingChanges``, each once.
  public var remedies: [Remedy] = []
  /// What would be dropped without changing the drawing, one phrase each.
  public var droppedMetadata: [String] = []

  /// Creates an empty list: nothing lost.
  public init() {}

  /// Whether the target keeps everything.
  public var isLossless: Bool { drawingChanges.isEmpty && droppedMetadata.isEmpty }

  mutating func add(remedy: Remedy) {
    if !remedies.contains(remedy) { remedies.append(remedy) }
  }
}

extension WillDocument {
  /// What writing the document into `container` would change or drop.
  public func losses(convertingTo container: ContainerKind) -> ConversionLosses {
    var losses = ConversionLosses()
    let unknownChunks = riffChunks.filter { !$0.isInk && $0.id != "HEAD" }
    // A package has no place for them, nor does a raw stream.
    if !unknownChunks.isEmpty, container == .opc || container == .raw {
      losses.droppedMetadata.append(
        "RIFF chunks "
          + unknownChunks.map { "\"\($0.id)\" (\($0.data.count) bytes)" }
          .joined(separator: ", "))
    }
    // A stream holds less than a package; from one stream to another, only chunks go.
    if container != .opc && self.container == .opc { streamLosses(&losses) }
    return losses
  }

  /// What a one-stream container cannot hold of a package.
  private func streamLosses(_ losses: inout ConversionLosses) {
    let inked = sections.indices.filter { !sections[$0].strokes.isEmpty }
    if inked.count > 1 {
      losses.add(remedy: .keepOneSection)
      losses.drawingChanges.append(
        "the ink of \(inked.count) pages (sections \(inked.map(String.init).joined(separator: ", "))) "
          + "would land on one another; pick one page")
    }
    for index in sections.indices {
      let section = sections[index]
      // "section 2's page size", or "the page size" when there is one page.
      let owner = sections.count == 1 ? "the" : "section \(index)'s"
      let transformed = section.pathsElements.filter {
        !$0.transform.isIdentity && !$0.element.strokes.isEmpty
      }
      if let first = transformed.first {
        losses.add(remedy: .flatten)
        losses.drawingChanges.append(
          "\(owner) transform \(first.transform.svgTransform) would be dropped "
            + "(\(transformed.reduce(0) { $0 + $1.element.strokes.count }) strokes); flatten it")
      }
      let images = section.images.count
      if images > 0 {
        losses.add(remedy: .dropImages)
        losses.drawingChanges.append(
          "\(owner) \(images == 1 ? "image" : "\(images) images") would vanish")
      }
      if let size = section.pageSize {
        losses.droppedMetadata.append(
          "\(owner) page size \(NumberText.shortest(size.width))×"
            + NumberText.shortest(size.height))
      }
      if let background = section.background {
        losses.droppedMetadata.append("\(owner) background \(background.svgHex)")
      }
      let others = section.unmodelledElementNames.filter {
        $0 != "rect" || section.background == nil
      }
      let counted = Dictionary(grouping: others, by: { $0 }).mapValues(\.count)
      if !counted.isEmpty {
        losses.droppedMetadata.append(
          "\(owner) SVG elements "
            + counted.sorted { $0.key < $1.key }.map { "<\($0.key)> ×\($0.value)" }
            .joined(separator: ", "))
      }
      if section.strokes.isEmpty && section.images.isEmpty {
        losses.droppedMetadata.append("section \(index) (a page without ink)")
      }
    }
    let paintedStrokes = strokes.filter { stroke in
      stroke.paintIndex.map { Int($0) < paints.count } ?? false
    }.count
    if paintedStrokes > 0 {
      losses.add(remedy: .dropPaints)
      losses.drawingChanges.append(
        "the particle paints \(paintedStrokes) strokes use would vanish")
    } else if !paints.isEmpty {
      losses.droppedMetadata.append("\(paints.count) particle paints no stroke uses")
    }
    let filled = [
      ("title", properties.title), ("created", properties.created),
      ("modified", properties.modified), ("application", properties.application),
      ("app version", properties.appVersion), ("template", properties.template),
    ].filter { $0.1 != nil }.map(\.0)
    if !filled.isEmpty {
      losses.droppedMetadata.append("document properties (\(filled.joined(separator: ", ")))")
    }
    for part in otherParts {
      losses.droppedMetadata.append(
        "part \(part.name)" + (part.data.isEmpty ? "" : " (\(part.data.count) bytes)"))
    }
  }

  /// The document with every transform baked into its strokes' coordinates, ready for a
  /// RIFF or raw file: one section (`section`, or every page's ink together, which is only
  /// right when a single page has any) whose paths elements have no transform. The page
  /// keeps its size, background and other top-level elements (those of the first page with
  /// ink when `section` is `nil`); images keep their place under a group with their
  /// transform. Widths scale by the transform's ``AffineTransform/lengthScale``. Values are
  /// re-quantised at each stroke's precision when written, so a point may move by up to half
  /// a unit of that precision.
  /// - Throws: ``WillErrorKind/unsupported(_:)`` when `section` is not a page of the document.
  public func flattened(section: Int? = nil) throws(WillError) -> WillDocument {
    let chosen = try section.map { index throws(WillError) in [try page(index)] } ?? sections
    // The page whose size, background and elements the flat page keeps.
    let template = chosen.firstIndex { !$0.strokes.isEmpty } ?? 0
    var nodes: [SectionNode] = []
    for (index, source) in chosen.enumerated() {
      Self.flatten(source.nodes, .identity, keepingPageElements: index == template, into: &nodes)
    }
    var flatPage = chosen.isEmpty ? Section() : chosen[template]
    flatPage.nodes = nodes
    var flat = self
    flat.sections = [flatPage]
    return flat
  }

  /// Appends `children` to `nodes` with `outer` (their ancestors' transform) baked in.
  private static func flatten(
    _ children: [SectionNode], _ outer: AffineTransform, keepingPageElements: Bool,
    into nodes: inout [SectionNode]
  ) {
    for node in children {
      switch node {
      case .group(let group):
        flatten(
          group.children, outer.concatenating(group.transform), keepingPageElements: false,
          into: &nodes)
      case .paths(let element):
        let transform = outer.concatenating(element.transform)
        var baked = element
        baked.transform = .identity
        baked.transformText = nil
        if !transform.isIdentity {
          baked.strokes = element.strokes.map { $0.transformed(by: transform) }
        }
        nodes.append(.paths(baked))
      case .image(let image):
        nodes.append(.group(SectionGroup(transform: outer, children: [.image(image)])))
      case .unmodelled:
        // The page's own elements (background, view) only: inside a group they would lose
        // their transform.
        if keepingPageElements { nodes.append(node) }
      }
    }
  }

  /// The document with one page: `section`, unchanged.
  /// - Throws: ``WillErrorKind/unsupported(_:)`` when `section` is not a page of the document.
  public func keepingSection(_ section: Int) throws(WillError) -> WillDocument {
    var copy = self
    copy.sections = [try page(section)]
    return copy
  }

  private func page(_ index: Int) throws(WillError) -> Section {
    guard sections.indices.contains(index) else {
      throw WillError(
        .unsupported(
          "there is no section \(index): the document has \(sections.count) (counted from 0)"))
    }
    return sections[index]
  }

  /// A RIFF or raw document laid out as Inkspace writes a package: one section
  /// (`/sections/section0.svg`) whose page is the ink's bounds with a margin, one paths part
  /// (`/sections/media/paths0.protobuf`) holding every stroke, included by a `<g>` in a
  /// `<g>`. A package's sections are returned unchanged.
  func inkspaceLayout() -> WillDocument {
    guard container != .opc else { return self }
    let strokes = self.strokes
    let bounds = Self.inkBounds(strokes)
    // A margin of 5 % of the larger extent (at least 10 units) around the ink, from the
    // origin, as pages start at 0, 0.
    let extent = max(bounds.maxX, bounds.maxY, 0)
    let margin = max(10, (0.05 * extent).rounded(.up))
    let width = (max(bounds.maxX, 0) + margin).rounded(.up)
    let height = (max(bounds.maxY, 0) + margin).rounded(.up)
    var element = PathsElement(strokes: strokes)
    element.partName = "/sections/media/paths0.protobuf"
    var section = Section(
      width: width, height: height,
      nodes: [.group(SectionGroup(children: [.paths(element)]))])
    section.partName = "/sections/section0.svg"
    var converted = WillDocument(sections: [section], properties: properties, container: .opc)
    converted.paints = paints
    return converted
  }

  /// The box around every stroke's points and half-widths; zero for no ink.
  private static func inkBounds(_ strokes: [Stroke]) -> (maxX: Double, maxY: Double) {
    var box = (maxX: 0.0, maxY: 0.0)
    for stroke in strokes {
      guard let bounds = stroke.bounds else { continue }
      let half = (stroke.widths.max() ?? 0) / 2
      if bounds.maxX.isFinite { box.maxX = max(box.maxX, bounds.maxX + half) }
      if bounds.maxY.isFinite { box.maxY = max(box.maxY, bounds.maxY + half) }
    }
    return box
  }
}

extension Section {
  /// The qualified names of the unmodelled elements anywhere in the section.
  var unmodelledElementNames: [String] {
    var names: [String] = []
    func visit(_ nodes: [SectionNode]) {
      for node in nodes {
        switch node {
        case .group(let group): visit(group.children)
        case .unmodelled(let other):
          if let element = other.node.element { names.append(element.localName) }
        case .paths, .image: continue
        }
      }
    }
    visit(nodes)
    return names
  }
}
