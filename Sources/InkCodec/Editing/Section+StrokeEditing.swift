extension Section {
  /// The index of every stroke, in document order.
  public var strokeIndices: [StrokeIndex] {
    pathsElements.enumerated().flatMap { element, placed in
      placed.element.strokes.indices.map { StrokeIndex(element: element, stroke: $0) }
    }
  }

  /// The stroke at `index`.
  /// - Precondition: `index` names a stroke of the section.
  public subscript(stroke index: StrokeIndex) -> Stroke {
    get { pathsElements[index.element].element.strokes[index.stroke] }
    set { updatePathsElement(at: index.element) { $0.strokes[index.stroke] = newValue } }
  }

  /// Changes the paths element at `index` (in ``pathsElements`` order) in place, wherever it
  /// sits in the section's tree; everything else is kept as it is.
  /// - Precondition: `index` is less than `pathsElements.count`.
  @discardableResult
  public mutating func updatePathsElement<Result>(
    at index: Int, _ change: (inout PathsElement) throws -> Result
  ) rethrows -> Result {
    var remaining = index
    func visit(_ nodes: inout [SectionNode]) throws -> Result? {
      for position in nodes.indices {
        switch nodes[position] {
        case .paths(var element):
          guard remaining == 0 else {
            remaining -= 1
            continue
          }
          let result = try change(&element)
          nodes[position] = .paths(element)
          return result
        case .group(var group):
          guard let result = try visit(&group.children) else { continue }
          nodes[position] = .group(group)
          return result
        case .image, .unmodelled: continue
        }
      }
      return nil
    }
    precondition(index >= 0, "a paths element index is never negative")
    guard let result = try visit(&nodes) else {
      preconditionFailure("the section has no paths element \(index)")
    }
    return result
  }

  /// Adds a paths element after the section's other content; a package writes its strokes
  /// to a paths part of their own.
  public mutating func appendPathsElement(_ element: PathsElement) {
    nodes.append(.paths(element))
  }

  /// Adds strokes at the end of the section's last paths element, or in a new element when
  /// the section has none, and returns where the first one went.
  @discardableResult
  public mutating func appendStrokes(_ strokes: [Stroke]) -> StrokeIndex {
    let count = pathsElements.count
    guard count > 0 else {
      appendPathsElement(PathsElement(strokes: strokes))
      return StrokeIndex(element: 0, stroke: 0)
    }
    return updatePathsElement(at: count - 1) { element in
      element.strokes.append(contentsOf: strokes)
      return StrokeIndex(element: count - 1, stroke: element.strokes.count - strokes.count)
    }
  }

  /// Inserts strokes before the stroke at `index` (or at the end of its element when
  /// `index.stroke` equals the element's stroke count).
  public mutating func insertStrokes(_ strokes: [Stroke], at index: StrokeIndex) {
    updatePathsElement(at: index.element) {
      $0.strokes.insert(contentsOf: strokes, at: index.stroke)
    }
  }

  /// Replaces the stroke at `index` with `strokes` (none removes it), as an eraser replaces a
  /// stroke with its pieces.
  public mutating func replaceStroke(at index: StrokeIndex, with strokes: [Stroke]) {
    updatePathsElement(at: index.element) {
      $0.strokes.replaceSubrange(index.stroke...index.stroke, with: strokes)
    }
  }

  /// Removes the strokes at `indices` (in any order, repeats allowed). Paths elements stay,
  /// even when emptied, so the section's tree keeps its shape.
  public mutating func removeStrokes(at indices: some Sequence<StrokeIndex>) {
    let byElement = Dictionary(grouping: Set(indices), by: \.element)
    for (element, removed) in byElement {
      let doomed = Set(removed.map(\.stroke))
      updatePathsElement(at: element) { paths in
        paths.strokes = paths.strokes.indices.filter { !doomed.contains($0) }.map {
          paths.strokes[$0]
        }
      }
    }
  }

  /// Moves the stroke at `source` so that it is drawn at `destination`: the index it has once
  /// moved (in the same or another element). Drawing order is stacking order, so this
  /// brings a stroke forward or sends it back.
  public mutating func moveStroke(from source: StrokeIndex, to destination: StrokeIndex) {
    let stroke = self[stroke: source]
    updatePathsElement(at: source.element) { _ = $0.strokes.remove(at: source.stroke) }
    insertStrokes([stroke], at: destination)
  }

  /// Maps the strokes at `indices` through `transform`, given in page coordinates (the
  /// section's), whatever transform their paths element is placed with.
  ///
  /// Widths scale by the transform's ``AffineTransform/lengthScale``. Strokes of an element
  /// whose placement cannot be undone (a singular transform) are mapped in their own
  /// coordinates.
  public mutating func transformStrokes(
    at indices: some Sequence<StrokeIndex>, by transform: AffineTransform
  ) {
    let placements = pathsElements.map(\.transform)
    for index in Set(indices) {
      let placement = placements[index.element]
      // Page → element coordinates: the element sees placement⁻¹ · transform · placement.
      let local =
        placement.inverted.map { $0.concatenating(transform).concatenating(placement) }
        ?? transform
      self[stroke: index] = self[stroke: index].transformed(by: local)
    }
  }

  /// The largest stroke id in the section, or `nil` when no stroke has one.
  public var largestStrokeID: UInt32? {
    pathsElements.lazy.flatMap { $0.element.strokes }.compactMap { $0.id }.max()
  }
}

extension WillDocument {
  /// The largest stroke id in the document, or `nil` when no stroke has one; new strokes
  /// take ids above it.
  public var largestStrokeID: UInt32? { sections.compactMap(\.largestStrokeID).max() }
}

extension Section {
  /// Copies the strokes at `indices` to the end of their own paths elements (drawn above
  /// everything there) and returns the copies' indices, in document order. Copies of strokes
  /// with ids take fresh ones, above `largestID` (the document's ``WillDocument/largestStrokeID``,
  /// or the section's when `nil`).
  @discardableResult
  public mutating func duplicateStrokes(
    at indices: some Sequence<StrokeIndex>, idsAbove largestID: UInt32? = nil
  ) -> [StrokeIndex] {
    var ids = StrokeIDs(above: largestID ?? largestStrokeID)
    var copies: [StrokeIndex] = []
    for index in Set(indices).sorted() {
      var copy = self[stroke: index]
      copy.id = ids.fresh(for: copy.id)
      copy.wire.recordRange = nil
      copies.append(
        updatePathsElement(at: index.element) { element in
          element.strokes.append(copy)
          return StrokeIndex(element: index.element, stroke: element.strokes.count - 1)
        })
    }
    return copies
  }
}
