extension WillDocument {
  /// One package holding the sections of `documents`, in order: the pages of the first, then
  /// those of the second, and so on.
  ///
  /// ```swift
  /// let notebook = try WillDocument(merging: [monday, tuesday])
  /// try notebook.write(to: url)
  /// ```
  ///
  /// The first document gives the properties and the paints; a later document's paints
  /// replace them when they extend them (the same paints first, then more), and are
  /// otherwise not kept. Every section keeps its SVG,
  /// its strokes (paths parts come out byte for byte) and its images; the parts of each
  /// later document whose names are already used get fresh ones (`paths.protobuf` →
  /// `paths-1.protobuf`), the same for every reference, so a part that several sections
  /// share stays one part. Other parts of later documents (thumbnails, custom parts) are
  /// kept the same way; their properties are not. A RIFF or raw document comes in as one
  /// page laid out as Inkspace writes a package (see ``serialized(container:options:)``).
  /// - Parameter documents: The documents; none gives an empty package.
  /// - Throws: ``WillErrorKind/unsupported(_:)`` when a later document's strokes select
  ///   particle paints (by index) other than the ones the merge holds at those indices (or a
  ///   paint where they selected none): the strokes would draw with other paints, and
  ///   renumbering them would change their bytes.
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
    var paints = MergedPaints(merged)
    for (offset, document) in laidOut.enumerated().dropFirst() {
      try paints.add(document, position: offset)
      let renamed = renaming.renaming(document)
      merged.sections += renamed.sections
      merged.otherParts += renamed.otherParts
    }
    if merged.paints != paints.paints {
      merged.paints = paints.paints
      merged.paintsSource = paints.source
    }
    self = merged
  }

  /// The first document of `documents` that cannot join the ones before it in
  /// ``init(merging:)``, by its index, with the error the merge throws; `nil` when they merge.
  /// It takes time linear in the documents, as the merge does.
  ///
  /// ```swift
  /// if let conflict = WillDocument.firstMergeConflict(in: documents) {
  ///   print("document \(conflict.index): \(conflict.error)")
  /// }
  /// ```
  public static func firstMergeConflict(in documents: [WillDocument]) -> (
    index: Int, error: WillError
  )? {
    guard let first = documents.first else { return nil }
    var paints = MergedPaints(first)
    for (offset, document) in documents.enumerated().dropFirst() {
      do {
        try paints.add(document, position: offset)
      } catch {
        return (offset, error)
      }
    }
    return nil
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

  /// The paints of a merge so far, with the paint indices earlier documents' strokes hold
  /// that select no paint (a dangling index stays dangling).
  private struct MergedPaints {
    var paints: [ParticlesPaint]
    /// The paints part as read, when the paints come from a later document.
    var source: (part: StoredPart, paints: [ParticlesPaint])?
    var dangling: Set<Int>

    init(_ first: WillDocument) {
      paints = first.paints
      dangling = Self.indices(first).filter { $0 >= first.paints.count }
    }

    static func indices(_ document: WillDocument) -> Set<Int> {
      Set(document.strokes.compactMap(\.paintIndex).map(Int.init))
    }

    /// Takes in a later document: each paint index its strokes hold must select the same
    /// paint (or none) as in its own paints. Its paints replace the merged ones when they
    /// extend them and no earlier stroke's dangling index would come to select one of them.
    mutating func add(_ document: WillDocument, position: Int) throws(WillError) {
      let extends =
        document.paints.count > paints.count && document.paints.starts(with: paints)
        && !dangling.contains(where: { $0 >= paints.count && $0 < document.paints.count })
      let candidate = extends ? document.paints : paints
      let used = Self.indices(document)
      for index in used.sorted() {
        let own = document.paints.indices.contains(index) ? document.paints[index] : nil
        let merged = candidate.indices.contains(index) ? candidate[index] : nil
        if own != merged {
          let why =
            own == nil
            ? "which it does not hold, and the documents before it hold one there: merged, "
              + "they would draw with it (put this document before the ones with paints)"
            : merged == nil
              ? "which the documents before it cannot hold there: merged, they would draw "
                + "with none (put this document first)"
              : "which differs from the paint the documents before it hold there"
          throw WillError(
            .unsupported("document \(position)'s strokes select paint \(index), \(why)"))
        }
      }
      if extends {
        paints = document.paints
        // Its bytes are kept, under the name the first document's paints would have had.
        source = document.paintsSource
        source?.part.name = "/style/paints.protobuf"
      }
      dangling.formUnion(used.filter { $0 >= paints.count })
    }
  }
}
