extension WillDocument {
  /// One package holding the sections of `documents`, in order: the pages of the first, then
  /// those of the second, and so on.
  ///
  /// ```swift
  /// let notebook = try WillDocument(merging: [monday, tuesday])
  /// try notebook.write(to: url)
  /// ```
  ///
  /// The first document gives the properties. The paints are the first document's, then
  /// every paint of a later document not already held (compared by value), so every stroke
  /// draws with the paint it drew with: a later stroke whose paint now sits at another index
  /// is renumbered (its record re-encoded, see ``paintRenumbering(merging:)``), and a stroke
  /// whose index selects no paint in its own document keeps selecting none (it is renumbered
  /// past the merged paints where it would otherwise select one). Every other stroke keeps
  /// its record, and a paths part with no renumbered stroke comes out byte for byte. Every
  /// section keeps its SVG and its images; the parts of each
  /// later document whose names are already used get fresh ones (`paths.protobuf` →
  /// `paths-1.protobuf`), the same for every reference, so a part that several sections
  /// share stays one part. Other parts of later documents (thumbnails, custom parts) are
  /// kept the same way; their properties are not. A RIFF or raw document comes in as one
  /// page laid out as Inkspace writes a package (see ``serialized(container:options:)``).
  /// Time is linear in the documents' strokes and paints.
  /// - Parameter documents: The documents; none gives an empty package.
  /// - Throws: Nothing today; kept typed for merges that may refuse.
  public init(merging documents: [WillDocument]) throws(WillError) {
    let laidOut = documents.map { document in
      document.container == .opc ? document : Self.readBackOrder(document.inkspaceLayout())
    }
    guard var merged = laidOut.first else {
      self.init()
      return
    }
    merged.container = .opc
    merged.riffChunks = []
    merged.containerParts = []
    var renaming = PartRenaming()
    renaming.take(merged)
    let paints = MergedPaints(laidOut)
    merged.renumberPaints(paints, document: 0)
    for (offset, document) in laidOut.enumerated().dropFirst() {
      var renamed = renaming.renaming(document)
      renamed.renumberPaints(paints, document: offset)
      merged.sections += renamed.sections
      merged.otherParts += renamed.otherParts
    }
    if merged.paints != paints.paints {
      merged.paints = paints.paints
      // A later document whose paints are the merged ones keeps its part's bytes, under the
      // name the first document's paints would have had.
      merged.paintsSource = laidOut.lazy.compactMap(\.paintsSource).first {
        $0.paints == paints.paints
      }
      merged.paintsSource?.part.name = "/style/paints.protobuf"
    }
    self = merged
  }

  /// How ``init(merging:)`` renumbers the paint indices of each document's strokes: per
  /// document, in order, each index some stroke holds that the merge changes, with its new
  /// value, sorted by the old one. Empty lists for documents whose strokes keep their indices.
  /// - Parameter documents: The documents, as given to the merge.
  /// - Returns: One list per document.
  public static func paintRenumbering(merging documents: [WillDocument]) -> [[(
    from: UInt32, to: UInt32
  )]] {
    let paints = MergedPaints(documents)
    return documents.indices.map { index in
      MergedPaints.indices(documents[index]).sorted().compactMap { old in
        let new = paints.paintIndex(old, document: index)
        return new == old ? nil : (old, new)
      }
    }
  }

  /// The first document of `documents` that cannot join the ones before it in
  /// ``init(merging:)``, by its index, with the error the merge throws; `nil` when they merge.
  /// Every document merges today (paints are merged by value), so this is always `nil`.
  ///
  /// ```swift
  /// if let conflict = WillDocument.firstMergeConflict(in: documents) {
  ///   print("document \(conflict.index): \(conflict.error)")
  /// }
  /// ```
  public static func firstMergeConflict(in documents: [WillDocument]) -> (
    index: Int, error: WillError
  )? {
    nil
  }

  /// The strokes' paint indices as the merge numbers them (see ``MergedPaints``).
  private mutating func renumberPaints(_ paints: MergedPaints, document: Int) {
    func visit(_ nodes: inout [SectionNode]) {
      for position in nodes.indices {
        switch nodes[position] {
        case .paths(var element):
          var changed = false
          for k in element.strokes.indices {
            guard let old = element.strokes[k].paintIndex else { continue }
            let new = paints.paintIndex(old, document: document)
            if new != old {
              element.strokes[k].paintIndex = new
              changed = true
            }
          }
          if changed { nodes[position] = .paths(element) }
        case .group(var group):
          visit(&group.children)
          nodes[position] = .group(group)
        case .image, .unmodelled: continue
        }
      }
    }
    for s in sections.indices { visit(&sections[s].nodes) }
  }

  /// A package made in memory with its section's `<svg>` attributes as a reader gives them
  /// back (namespaces declared, sorted by name, as the XML reader sorts them), so that the
  /// merged package saved again gives the same bytes.
  private static func readBackOrder(_ document: WillDocument) -> WillDocument {
    var result = document
    for index in result.sections.indices {
      var attributes = result.sections[index].svgAttributes
      if !attributes.contains(where: { $0.name == "xmlns" }) {
        attributes.append(XMLAttribute("xmlns", WillNamespace.svg))
      }
      if !attributes.contains(where: { $0.value == WillNamespace.sectionRelationships }) {
        attributes.append(XMLAttribute("xmlns:r", WillNamespace.sectionRelationships))
      }
      result.sections[index].svgAttributes = attributes.sorted { $0.name < $1.name }
    }
    return result
  }

  /// The paints of a merge: the first document's, then each later document's paints not
  /// already held, by value; and for each document, where each of its paints went.
  private struct MergedPaints {
    var paints: [ParticlesPaint]
    /// Per document, the merged index of each of its own paints.
    var places: [[Int]] = []

    init(_ documents: [WillDocument]) {
      paints = documents.first?.paints ?? []
      var held: [ParticlesPaint: Int] = [:]
      for (index, paint) in paints.enumerated() where held[paint] == nil { held[paint] = index }
      guard let first = documents.first else { return }
      places.append(Array(first.paints.indices))
      for document in documents.dropFirst() {
        places.append(
          document.paints.map { paint in
            if let index = held[paint] { return index }
            paints.append(paint)
            held[paint] = paints.count - 1
            return paints.count - 1
          })
      }
    }

    static func indices(_ document: WillDocument) -> Set<UInt32> {
      var result = Set<UInt32>()
      for section in document.sections {
        for element in section.pathsElements {
          for stroke in element.element.strokes {
            if let index = stroke.paintIndex { result.insert(index) }
          }
        }
      }
      return result
    }

    /// The merged index of paint `old` of document `document`. An index past the
    /// document's paints selects none, and still does: unchanged when it lies past the
    /// merged paints, else moved past them by the paint count.
    func paintIndex(_ old: UInt32, document: Int) -> UInt32 {
      let own = places[document]
      if Int(old) < own.count { return UInt32(own[Int(old)]) }
      if Int(old) >= paints.count { return old }
      return UInt32(clamping: paints.count + Int(old))
    }
  }
}
