extension WillDocument {
  /// Applies `change` to every stroke of every section, in place, keeping the section trees.
  ///
  /// ```swift
  /// document.updateStrokes { $0.decimalPrecision = 3 }   // re-quantise when saved
  /// ```
  /// - Parameter change: Called once per stroke, in document order.
  public mutating func updateStrokes(_ change: (inout Stroke) -> Void) {
    func visit(_ nodes: inout [SectionNode]) {
      for index in nodes.indices {
        switch nodes[index] {
        case .group(var group):
          visit(&group.children)
          nodes[index] = .group(group)
        case .paths(var element):
          for stroke in element.strokes.indices { change(&element.strokes[stroke]) }
          nodes[index] = .paths(element)
        case .image, .unmodelled: continue
        }
      }
    }
    for section in sections.indices { visit(&sections[section].nodes) }
  }
}

extension WillDocument {
  /// Removes every image element from every section, and returns how many there were.
  @discardableResult
  public mutating func removeImages() -> Int {
    var removed = 0
    func visit(_ nodes: inout [SectionNode]) {
      nodes.removeAll { node in
        if case .image = node {
          removed += 1
          return true
        }
        return false
      }
      for index in nodes.indices {
        guard case .group(var group) = nodes[index] else { continue }
        visit(&group.children)
        nodes[index] = .group(group)
      }
    }
    for section in sections.indices { visit(&sections[section].nodes) }
    return removed
  }
}
