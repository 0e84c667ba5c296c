extension WillDocument {
  /// The container the document's part names say it was read from, where they say it:
  /// ``ContainerKind/riff`` when it has one section without a part name and its paths
  /// elements (at least one) are named as a RIFF file's `INK ` chunks are (`INK `,
  /// `INK #2`…), as a document converted from a RIFF file to UIM and back is; nil otherwise
  /// (a package's parts are OPC names, a raw stream's is unnamed).
  ///
  /// `willdoc convert` writes a UIM with such names back as RIFF. Linear in the number of
  /// paths elements.
  public var containerOfParts: ContainerKind? {
    guard sections.count == 1, sections[0].partName == nil else { return nil }
    let elements = sections[0].pathsElements
    guard !elements.isEmpty else { return nil }
    for (index, placed) in elements.enumerated()
    where placed.element.partName != Self.riffInkPartName(index) {
      return nil
    }
    return .riff
  }
}
