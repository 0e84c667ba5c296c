extension UIMDocument {
  /// The document as a UIM 3.1.0 file (a document read from 3.0.0 upgraded as
  /// ``upgradedFromVersion300()`` says).
  /// - Throws: ``WillErrorKind/valueTooLarge(channel:value:precision:)`` or
  ///   ``WillErrorKind/nonFiniteValue(channel:)`` for a fixed-point value that cannot be stored.
  public func serialized() throws(WillError) -> [UInt8] {
    try container().serialized()
  }

  /// The document's chunks: the layout it was read with (known chunks re-encoded, others as
  /// read), then every non-empty part it lacked, in the standard order; a new document gets the
  /// standard order (`PRPS` `INPT` `BRSH` `INKD` `KNWG` `INKS`), empty parts left out.
  public func container() throws(WillError) -> UIMFile {
    if version == [3, 0, 0] { return try upgradedFromVersion300().container() }
    var chunks: [UIMChunk] = []
    var written: Set<String> = []
    for chunk in chunkLayout {
      guard Self.chunkOrder.contains(chunk.id), chunk.descriptor?.isProtobuf310 == true else {
        chunks.append(chunk)
        continue
      }
      var copy = chunk
      copy.payload = try payload(of: chunk.id)
      if copy.payload.count % 2 == 0 { copy.padByte = nil }
      chunks.append(copy)
      written.insert(chunk.id)
    }
    for id in Self.chunkOrder where !written.contains(id) && !isEmpty(id) {
      chunks.append(UIMChunk(id: id, payload: try payload(of: id)))
    }
    return UIMFile(chunks: chunks)
  }

  /// Whether the part a chunk holds is empty.
  private func isEmpty(_ id: String) -> Bool {
    switch id {
    case "PRPS": properties.isEmpty && propertiesUnknownFields.isEmpty
    case "INPT": inputData.isEmpty
    case "BRSH": brushes.isEmpty
    case "INKD": inkData.isEmpty
    case "KNWG": knowledgeGraph.isEmpty && knowledgeGraphUnknownFields.isEmpty
    case "INKS":
      structure.mainTree == nil && structure.views.isEmpty && structure.unknownFields.isEmpty
    default: true
    }
  }

  /// The protobuf message of one known chunk.
  func payload(of id: String) throws(WillError) -> [UInt8] {
    var w = WireBuffer()
    switch id {
    case "PRPS":
      for property in properties { w.message(1) { property.encode(into: &$0) } }
      w.bytes += propertiesUnknownFields
    case "INPT": inputData.encode(into: &w)
    case "BRSH": brushes.encode(into: &w)
    case "INKD": try inkData.encode(into: &w)
    case "KNWG":
      UIMTriple.encode(knowledgeGraph, field: 1, into: &w)
      w.bytes += knowledgeGraphUnknownFields
    case "INKS": structure.encode(into: &w)
    default: break
    }
    return w.bytes
  }
}
