extension Section {
  /// Hands `body` every paths element in document order (the order of ``pathsElements``),
  /// with its placed transform, to update in place.
  mutating func updatePathsElements(
    _ body: (inout PathsElement, AffineTransform) throws(WillError) -> Void
  ) throws(WillError) {
    try Self.update(&nodes, .identity, body)
  }

  private static func update(
    _ nodes: inout [SectionNode], _ outer: AffineTransform,
    _ body: (inout PathsElement, AffineTransform) throws(WillError) -> Void
  ) throws(WillError) {
    for index in nodes.indices {
      switch nodes[index] {
      case .group(var group):
        try update(&group.children, outer.concatenating(group.transform), body)
        nodes[index] = .group(group)
      case .paths(var paths):
        try body(&paths, outer.concatenating(paths.transform))
        nodes[index] = .paths(paths)
      case .image, .unmodelled: continue
      }
    }
  }
}

extension WillDocument {
  /// Where a paths element is: its section and the product of the transforms above it and
  /// its own.
  struct PathsReference {
    var section: Int
    var transform: AffineTransform
  }

  /// Visits the paths parts a package's sections include, once the package's structure is
  /// read: section by section, element by element, in document order, charging each
  /// reference's strokes and points to `budget` (under the section's name). `decode` reads
  /// one reference's part and returns its stroke and point counts.
  ///
  /// Both the reader that keeps strokes and the one that streams them go through here, so
  /// they meet errors and limits in the same order.
  static func forEachPathsReference(
    in sections: inout [Section], package: InkPackage, budget: inout ReadingBudget,
    _ decode: (
      _ part: ZipEntry, _ bytes: [UInt8], _ element: inout PathsElement, PathsReference
    ) throws(WillError) -> (strokes: Int, points: Int)
  ) throws(WillError) {
    // Names are checked once each: the same part may be included thousands of times.
    var keys: [String: String] = [:]
    func normalizedKey(of name: String) throws(WillError) -> String {
      if let key = keys[name] { return key }
      let key = try PartName(name).normalizedKey
      keys[name] = key
      return key
    }
    // A part included more than once is kept once read: a package whose paths parts are read
    // on demand would otherwise decompress it again for every inclusion.
    var inclusions: [String: Int] = [:]
    for section in sections {
      for placed in section.pathsElements {
        if let name = placed.element.partName {
          inclusions[try normalizedKey(of: name), default: 0] += 1
        }
      }
    }
    var kept: [String: [UInt8]] = [:]
    for index in sections.indices {
      let sectionPart = sections[index].partName ?? "(section)"
      try sections[index].updatePathsElements { (element, transform) throws(WillError) in
        guard let name = element.partName,
          let part = package.part(normalizedKey: try normalizedKey(of: name))
        else {
          throw WillError(.missingPart(element.partName ?? "(paths)"), part: sectionPart)
        }
        let key = part.name.normalizedKey
        let bytes: [UInt8]
        if let read = kept[key] {
          bytes = read
        } else {
          bytes = try package.data(of: part)
          if inclusions[key, default: 0] > 1 { kept[key] = bytes }
        }
        let counts = try decode(
          part, bytes, &element, PathsReference(section: index, transform: transform))
        try budget.charge(
          ReadingCost(strokes: counts.strokes, points: counts.points), part: sectionPart)
      }
    }
  }
}
