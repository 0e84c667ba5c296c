/// One page of a document: an SVG section with its size, background and ink.
///
/// The section keeps its SVG tree: groups with transforms, the elements that include paths
/// and image parts, and everything else verbatim, so saving keeps what the model does not
/// interpret.
public struct Section: Sendable, Hashable {
  /// The nodes under `<svg>`, in document order.
  public var nodes: [SectionNode]
  /// The part the section was read from (`/sections/section0.svg`), or `nil`.
  public var partName: String?
  /// The `<svg>` element's attributes, kept verbatim (width, height, namespaces, …).
  package var svgAttributes: [XMLAttribute]
  /// The id of the package relationship that included the section, reused when saving.
  package var relationshipID: String?
  /// Relationships of the section that no node includes, with their parts.
  package var unreferencedRelationships: [StoredPart]
  /// The section's parts as read, written back unchanged while the section writes the same
  /// XML and relationships; not compared by `==`.
  package var source: NotCompared<SectionSource>?

  /// Creates a section.
  /// - Parameters:
  ///   - width: The page width in user units, or `nil` when the page has no size.
  ///   - height: The page height.
  ///   - background: The page colour, drawn as a `<rect>`.
  ///   - nodes: The content.
  public init(
    width: Double? = nil, height: Double? = nil, background: InkColor? = nil,
    nodes: [SectionNode] = []
  ) {
    self.nodes = nodes
    self.partName = nil
    self.relationshipID = nil
    self.svgAttributes = []
    self.unreferencedRelationships = []
    self.source = nil
    self.width = width
    self.height = height
    if let background { self.background = background }
  }

  /// The page width from `<svg width>`, in user units.
  public var width: Double? {
    get { svgAttributes.first { $0.name == "width" }.flatMap { Self.length($0.value) } }
    set { setSVGAttribute("width", newValue.map(NumberText.shortest)) }
  }

  /// The page height from `<svg height>`.
  public var height: Double? {
    get { svgAttributes.first { $0.name == "height" }.flatMap { Self.length($0.value) } }
    set { setSVGAttribute("height", newValue.map(NumberText.shortest)) }
  }

  /// The view box from `<svg viewBox>` or the first `<view viewBox>`: x, y, width, height.
  public var viewBox: [Double]? {
    let text =
      svgAttributes.first { $0.name == "viewBox" }?.value
      ?? nodes.lazy.compactMap { node -> String? in
        guard case .unmodelled(let other) = node, other.node.element?.localName == "view" else {
          return nil
        }
        return other.attribute("viewBox")
      }.first
    guard let text else { return nil }
    let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    return numbers.count == 4 ? numbers : nil
  }

  /// The page size: `width`×`height`, else the view box's size, else `nil` (RIFF and raw
  /// documents have no page).
  public var pageSize: PageSize? {
    if let width, let height { return PageSize(width: width, height: height) }
    if let box = viewBox { return PageSize(width: box[2], height: box[3]) }
    return nil
  }

  /// The page colour from the first top-level `<rect fill>`; setting it updates that rect or
  /// adds one covering the page.
  public var background: InkColor? {
    get {
      for case .unmodelled(let other) in nodes where other.node.element?.localName == "rect" {
        guard let fill = other.attribute("fill") else { continue }
        return InkColor(
          svgPaint: fill, opacity: other.attribute("fill-opacity").flatMap { Double($0) })
      }
      return nil
    }
    set {
      let index = nodes.firstIndex { node in
        if case .unmodelled(let other) = node { return other.node.element?.localName == "rect" }
        return false
      }
      guard let newValue else {
        if let index { nodes.remove(at: index) }
        return
      }
      var attributes: [XMLAttribute] = [
        .init("fill", newValue.svgHex), .init("x", "0"), .init("y", "0"),
        .init("width", NumberText.shortest(width ?? 0)),
        .init("height", NumberText.shortest(height ?? 0)),
      ]
      if newValue.alpha != 255 {
        attributes.insert(.init("fill-opacity", (Double(newValue.alpha) / 255).description), at: 1)
      }
      if let index, case .unmodelled(var other) = nodes[index], var element = other.node.element {
        element.attributes.removeAll { $0.name == "fill" || $0.name == "fill-opacity" }
        element.attributes.insert(
          contentsOf: attributes.prefix(newValue.alpha != 255 ? 2 : 1), at: 0)
        other.node = .element(element)
        nodes[index] = .unmodelled(other)
      } else {
        nodes.insert(
          .unmodelled(UnmodelledNode(.element(XMLElement("rect", attributes: attributes)))), at: 0)
      }
    }
  }

  /// Every paths element in document order, with the product of its ancestors' transforms
  /// and its own (outer on the left).
  public var pathsElements: [PlacedPaths] {
    var result: [PlacedPaths] = []
    func visit(_ nodes: [SectionNode], _ outer: AffineTransform) {
      for node in nodes {
        switch node {
        case .group(let group): visit(group.children, outer.concatenating(group.transform))
        case .paths(let paths):
          result.append(
            PlacedPaths(element: paths, transform: outer.concatenating(paths.transform)))
        case .image, .unmodelled: continue
        }
      }
    }
    visit(nodes, .identity)
    return result
  }

  /// Every image element in document order.
  public var images: [ImageElement] {
    var result: [ImageElement] = []
    func visit(_ nodes: [SectionNode]) {
      for node in nodes {
        if case .group(let group) = node { visit(group.children) }
        if case .image(let image) = node { result.append(image) }
      }
    }
    visit(nodes)
    return result
  }

  /// Every stroke of the section, in document order.
  public var strokes: [Stroke] { pathsElements.flatMap { $0.element.strokes } }

  private mutating func setSVGAttribute(_ name: String, _ value: String?) {
    let index = svgAttributes.firstIndex { $0.name == name }
    switch (index, value) {
    case (let index?, let value?):
      if Self.length(svgAttributes[index].value) != Self.length(value) {
        svgAttributes[index].value = value
      }
    case (let index?, nil): svgAttributes.remove(at: index)
    case (nil, let value?): svgAttributes.append(XMLAttribute(name, value))
    case (nil, nil): break
    }
  }

  /// An SVG length in user units (`864`, `592.0`, `864px`).
  static func length(_ text: String) -> Double? {
    let trimmed = text[...].trimmingWhitespace
    let number = trimmed.hasSuffix("px") ? String(trimmed.dropLast(2)) : trimmed
    return Double(number).flatMap { $0.isFinite ? $0 : nil }
  }
}
