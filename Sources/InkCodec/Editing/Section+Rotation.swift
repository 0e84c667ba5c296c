extension Section {
  /// The page's box in user units: the `<svg viewBox>`, else `0 0 width height`, else the
  /// first top-level `<view viewBox>`; `nil` when the section gives no page size.
  public var pageBox: (x: Double, y: Double, width: Double, height: Double)? {
    if let text = svgAttributes.first(where: { $0.name == "viewBox" })?.value,
      let box = Self.box(text)
    {
      return box
    }
    if let width, let height { return (0, 0, width, height) }
    return viewBox.map { ($0[0], $0[1], $0[2], $0[3]) }
  }

  /// Turns the page by `rotation`: its content is wrapped in a `<g transform>` (or an
  /// existing bare `<g>` around all of it takes the turn), `width` and `height` trade places
  /// after a quarter turn, and the view boxes and the background `<rect>` turn with the page.
  /// Strokes, their paths parts and every element inside the content stay as they are, so a
  /// turn and its ``PageRotation/inverse`` give back the same drawing.
  ///
  /// ```swift
  /// try document.sections[1].rotate(.clockwise90)   // fix a page scanned sideways
  /// ```
  /// - Throws: ``WillErrorKind/unsupported(_:)`` when the section has no page size (a RIFF
  ///   or raw document's only section): there is no page to turn.
  public mutating func rotate(_ rotation: PageRotation) throws(WillError) {
    guard rotation != .none else { return }
    guard let box = pageBox else {
      throw WillError(
        .unsupported("the section has no page size (no <svg width height> or viewBox) to turn"),
        part: partName)
    }
    let turn = rotation.transform(x: box.x, y: box.y, width: box.width, height: box.height)
    if rotation.swapsSides, let width, let height {
      // The setters rewrite an attribute only when its length changes: a square page keeps
      // its text (`864px`).
      self.width = height
      self.height = width
    }
    if let index = svgAttributes.firstIndex(where: { $0.name == "viewBox" }),
      let old = Self.box(svgAttributes[index].value)
    {
      svgAttributes[index].value = Self.boxText(Self.turned(old, by: turn))
    }
    nodes = Self.turning(nodes, by: turn)
  }

  /// The top-level nodes with the page elements turned in place (every `<view viewBox>`, and
  /// the background `<rect>` when its box is in numbers) and everything else inside one group
  /// that carries `turn`.
  private static func turning(_ nodes: [SectionNode], by turn: AffineTransform) -> [SectionNode] {
    let backgroundIndex = nodes.firstIndex { node in
      guard case .unmodelled(let other) = node, let element = other.node.element else {
        return false
      }
      return element.localName == "rect" && element.attribute("fill") != nil
    }
    var kept: [Int: SectionNode] = [:]
    for (index, node) in nodes.enumerated() {
      guard case .unmodelled(let other) = node, var element = other.node.element else { continue }
      if element.localName == "view" {
        if let text = element.attribute("viewBox"), let box = box(text) {
          element.setAttribute("viewBox", boxText(turned(box, by: turn)))
        }
        kept[index] = .unmodelled(UnmodelledNode(.element(element)))
      } else if index == backgroundIndex, element.attribute("transform") == nil,
        let turnedRect = turnedRect(element, by: turn)
      {
        kept[index] = .unmodelled(UnmodelledNode(.element(turnedRect)))
      }
    }
    let content = nodes.indices.filter { kept[$0] == nil }
    guard let first = content.first else { return nodes.indices.map { kept[$0]! } }
    let wrapped = content.map { nodes[$0] }
    let drawn = wrapped.filter { node in
      if case .unmodelled(let other) = node {
        return !(other.node.isWhitespace || Self.isComment(other.node))
      }
      return true
    }
    if drawn.count == 1, case .group(var existing) = drawn[0], existing.attributes.isEmpty,
      existing.elementName == "g"
    {
      // A bare group already holds all the content: it takes the turn, and a turn followed
      // by its inverse gives back its transform exactly.
      existing.transform = turn.concatenating(existing.transform)
      var result: [SectionNode] = []
      for index in nodes.indices {
        if let node = kept[index] {
          result.append(node)
        } else if case .group = nodes[index] {
          result.append(.group(existing))
        } else {
          result.append(nodes[index])
        }
      }
      return result
    }
    let group = SectionGroup(transform: turn, children: wrapped)
    var result: [SectionNode] = []
    for index in nodes.indices {
      if let node = kept[index] {
        result.append(node)
      } else if index == first {
        result.append(.group(group))
      }
    }
    return result
  }

  private static func isComment(_ node: XMLNode) -> Bool {
    if case .comment = node { return true }
    return false
  }

  /// The `<rect>` with its box turned, or `nil` when its box is not plain numbers (`100%`).
  private static func turnedRect(_ rect: XMLElement, by turn: AffineTransform) -> XMLElement? {
    func number(_ name: String, default value: Double?) -> Double? {
      guard let text = rect.attribute(name) else { return value }
      return length(text)
    }
    guard let x = number("x", default: 0), let y = number("y", default: 0),
      let width = number("width", default: nil), let height = number("height", default: nil)
    else { return nil }
    let box = turned((x, y, width, height), by: turn)
    var result = rect
    if rect.attribute("x") != nil || box.x != 0 {
      result.setAttribute("x", NumberText.shortest(box.x))
    }
    if rect.attribute("y") != nil || box.y != 0 {
      result.setAttribute("y", NumberText.shortest(box.y))
    }
    result.setAttribute("width", NumberText.shortest(box.width))
    result.setAttribute("height", NumberText.shortest(box.height))
    return result
  }

  /// The box around `box` mapped by `turn`.
  static func turned(
    _ box: (x: Double, y: Double, width: Double, height: Double), by turn: AffineTransform
  ) -> (x: Double, y: Double, width: Double, height: Double) {
    let corners = [
      turn.apply(x: box.x, y: box.y), turn.apply(x: box.x + box.width, y: box.y + box.height),
    ]
    let minX = min(corners[0].x, corners[1].x)
    let minY = min(corners[0].y, corners[1].y)
    return (
      minX, minY, max(corners[0].x, corners[1].x) - minX, max(corners[0].y, corners[1].y) - minY
    )
  }

  /// Four numbers separated by spaces or commas.
  static func box(_ text: String) -> (x: Double, y: Double, width: Double, height: Double)? {
    let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
    return (numbers[0], numbers[1], numbers[2], numbers[3])
  }

  static func boxText(_ box: (x: Double, y: Double, width: Double, height: Double)) -> String {
    [box.x, box.y, box.width, box.height].map(NumberText.shortest).joined(separator: " ")
  }
}

extension XMLElement {
  /// Sets an attribute's value where it is, or appends it.
  fileprivate mutating func setAttribute(_ name: String, _ value: String) {
    if let index = attributes.firstIndex(where: { $0.name == name }) {
      attributes[index].value = value
    } else {
      attributes.append(XMLAttribute(name, value))
    }
  }
}
