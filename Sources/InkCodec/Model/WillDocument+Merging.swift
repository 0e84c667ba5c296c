extension WillDocument {
  /// One package holding the sections of `documents`, in order: the pages of the first, then
  /// those of the second, and so on.
  ///
  /// ```swift
  /// let notebook = try WillDocument(merging: [monday, tuesday])
  /// try notebook.write(to: url)
  /// ```
  ///
  /// The first document gives the properties and the paints. Every section keeps its SVG,
  /// its strokes (paths parts come out byte for byte) and its images; the parts of each
  /// later document whose names are already used get fresh ones (`paths.protobuf` →
  /// `paths-1.protobuf`), the same for every reference, so a part that several sections
  /// share stays one part. Other parts of later documents (thumbnails, custom parts) are
  /// kept the same way; their properties are not. A RIFF or raw document comes in as one
  /// page laid out as Inkspace writes a package (see ``serialized(container:options:)``).
  /// - Parameter documents: The documents; none gives an empty package.
  /// - Throws: ``WillErrorKind/unsupported(_:)`` when a later document's strokes select
  ///   particle paints (by index) that differ from the first document's: the strokes would
  ///   draw with other paints, and renumbering them would change their bytes.
  public init(merging documents: [WillDocument]) throws(WillError) {
    let laidOut = documents.map { $0.inkspaceLayout() }
    guard var merged = laidOut.first else {
      self.init()
      return
    }
    merged.container = .opc
    merged.riffChunks = []
    merged.containerParts = []
    var renaming = PartRenaming()
    renaming.take(merged)
    for (offset, document) in laidOut.enumerated().dropFirst() {
      try Self.checkPaints(of: document, against: merged.paints, position: offset)
      let renamed = renaming.renaming(document)
      merged.sections += renamed.sections
      merged.otherParts += renamed.otherParts
    }
    self = merged
  }

  /// Throws unless every paint index the document's strokes hold selects the same paint (or
  /// none) in `paints` as in the document's own paints.
  private static func checkPaints(
    of document: WillDocument, against paints: [ParticlesPaint], position: Int
  ) throws(WillError) {
    guard document.paints != paints else { return }
    let indices = Set(document.strokes.compactMap(\.paintIndex).map(Int.init))
    for index in indices.sorted() {
      let own = document.paints.indices.contains(index) ? document.paints[index] : nil
      let first = paints.indices.contains(index) ? paints[index] : nil
      if own != first {
        throw WillError(
          .unsupported(
            "document \(position) draws strokes with paint \(index), which the first "
              + "document's paints do not hold as it does (merge it first, or drop its paints)"))
      }
    }
  }
}
