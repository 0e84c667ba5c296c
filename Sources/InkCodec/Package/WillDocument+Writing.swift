#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WillDocument {
  /// The document's bytes in a container.
  ///
  /// Saving a document that was read and not changed keeps every part, unknown field and
  /// unmodelled XML attribute; paths parts come out byte-identical, and a RIFF file keeps
  /// every chunk (several `INK ` chunks, unknown chunks, ids and pad bytes as read). Section,
  /// relationships and content-types parts keep the bytes they were read with while they
  /// still say the same thing, so an edited document rewrites only what the edit changed.
  /// The same document always gives the same bytes.
  ///
  /// Converting keeps what the target holds. RIFF and raw files hold one stream of strokes:
  /// when a package's drawing would change in one (see ``losses(convertingTo:)``) the write
  /// is refused, naming what would change; ``flattened(section:)`` or
  /// ``keepingSection(_:)`` make a document that fits. A RIFF or raw document written as a
  /// package gets the layout Inkspace writes: `/sections/section0.svg`, whose page is the
  /// ink's bounds with a margin, and one `/sections/media/paths0.protobuf`.
  /// - Parameters:
  ///   - container: The container; `nil` uses ``container``.
  ///   - options: Compression and layout.
  /// - Throws: ``WillError`` when a stroke cannot be encoded, a part cannot be written, or
  ///   (``WillErrorKind/unsupported(_:)``) the target would change the drawing.
  public func serialized(container: ContainerKind? = nil, options: WriteOptions = WriteOptions())
    throws(WillError) -> [UInt8]
  {
    let target = container ?? self.container
    let changes = losses(convertingTo: target).drawingChanges
    if !changes.isEmpty {
      throw WillError(
        .unsupported(
          "a \(target == .riff ? "RIFF" : "raw") file cannot hold this drawing: "
            + changes.joined(separator: "; ")))
    }
    switch target {
    case .raw: return try PathsStream(strokes: strokes).serialized()
    case .riff: return WillDataFile(chunks: try riffChunksToWrite()).serialized()
    case .opc:
      var writer = PackageWriter(options: try options.checked())
      return try writer.write(inkspaceLayout())
    }
  }

  /// The RIFF chunks to write: the chunks as read, each `INK ` chunk holding its paths
  /// element's stream when the document still has one element per `INK ` chunk; otherwise
  /// every stroke in one `INK ` chunk where the first was (after `HEAD` in a new file). A new
  /// file whose paths elements are named as `INK ` chunks (``containerOfParts``, a RIFF file
  /// back from UIM) gets one `INK ` chunk per element, in order.
  private func riffChunksToWrite() throws(WillError) -> [RIFFChunk] {
    var chunks =
      riffChunks.isEmpty ? [RIFFChunk(id: "HEAD", data: WillDataFile.currentVersion)] : riffChunks
    let elements = sections.flatMap(\.pathsElements).map(\.element)
    if riffChunks.isEmpty, elements.count > 1, containerOfParts == .riff {
      chunks += elements.map { _ in RIFFChunk(id: "INK ", data: []) }
    }
    let places = chunks.filter(\.isInk).count
    var streams: [[UInt8]] = []
    if places > 1 && places == elements.count {
      for element in elements {
        streams.append(try PathsStream(strokes: element.strokes).serialized())
      }
    } else {
      streams = [try PathsStream(strokes: strokes).serialized()]
    }
    if places == 0 {
      let position = chunks.firstIndex { $0.id == "HEAD" }.map { $0 + 1 } ?? 0
      chunks.insert(RIFFChunk(id: "INK ", data: []), at: position)
    }
    var next = streams.makeIterator()
    return chunks.compactMap { chunk in
      guard chunk.isInk else { return chunk }
      guard let stream = next.next() else { return nil }
      var filled = chunk
      filled.data = stream
      return filled
    }
  }

  /// Writes the document to a file. A regular file is replaced atomically (a temporary file in
  /// the same folder, then a rename), so a failure never damages it, and keeps its permissions;
  /// a symbolic link is followed and its target replaced; a device or FIFO is written directly.
  /// - Parameters:
  ///   - url: The destination.
  ///   - container: The container; `nil` uses ``container``.
  ///   - options: Compression and layout.
  public func write(
    to url: URL, container: ContainerKind? = nil, options: WriteOptions = WriteOptions()
  )
    throws(WillError)
  {
    try FileIO.write(try serialized(container: container, options: options), to: url)
  }
}
