import InkCodec

/// The parts of a file as they are stored, named as `willdoc inspect` names them: a
/// package's zip entries (`/sections/section0.svg`), a RIFF file's chunks (`INK `, `INK #2`…
/// for the ink, the chunk id for the others), a UIM file's chunks (`HEAD`, `PRPS`, `INKD`…),
/// an InkML file's one document (`(document)`) or a raw file's one stream (`(stream)`).
///
/// Read without interpreting the document, so that the parts of a package whose sections do
/// not parse can still be taken out.
struct StoredParts {
  struct Part {
    var name: String
    var bytes: [UInt8]
    /// How many bytes it takes in the file.
    var storedSize: Int
    /// How the part is stored, as inspect's parts table says (`deflate`, `chunk`…).
    var storage: String
  }

  /// What the file is, which decides how a part name is matched.
  enum Kind { case opc, riff, uim, inkML, raw }

  var kind: Kind
  var parts: [Part]

  init(parsing bytes: [UInt8], limits: DecodingLimits) throws(WillError) {
    // InputFile.read has held the file to maxFileBytes.
    if UIMFile.sniff(bytes) {
      kind = .uim
      parts = try Self.uimChunks(bytes, limits: limits)
      return
    }
    if Self.isXML(bytes) {
      // One XML document: its elements are not parts, so it is listed whole.
      kind = .inkML
      parts = [Part(name: "(document)", bytes: bytes, storedSize: bytes.count, storage: "xml")]
      return
    }
    switch ContainerKind(sniffing: bytes) {
    case .opc:
      kind = .opc
      parts = try ZipArchive.read(bytes, limits: limits).map { entry in
        Part(
          name: entry.name.description, bytes: entry.data, storedSize: entry.compressedSize,
          storage: ContainerPart.Storage(entry.compression).rawValue)
      }
    case .riff:
      kind = .riff
      let chunks = try WillDataFile(parsing: bytes, limits: limits).chunks
      parts = zip(WillDocument.riffPartNames(chunks), chunks).map { name, chunk in
        Part(name: name, bytes: chunk.data, storedSize: chunk.data.count, storage: "chunk")
      }
    case .raw:
      kind = .raw
      parts = [Part(name: "(stream)", bytes: bytes, storedSize: bytes.count, storage: "stream")]
    }
  }

  /// A UIM file's chunks, `HEAD` first, each decompressed as its descriptor says; the stored
  /// size is the chunk's size field.
  private static func uimChunks(_ bytes: [UInt8], limits: DecodingLimits) throws(WillError)
    -> [Part]
  {
    let file = try UIMFile(parsing: bytes, limits: limits)
    // UIMFile has checked that the chunks lie within the file: HEAD first, then one per chunk.
    var storedSizes: [Int] = []
    var offset = 12
    while offset + 8 <= bytes.count {
      let size =
        Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
        | Int(bytes[offset + 7]) << 24
      storedSizes.append(size)
      offset += 8 + size + size % 2
    }
    let head = bytes.count >= 20 ? storedSizes.first ?? 0 : 0
    var parts = [
      Part(
        name: "HEAD", bytes: Array(bytes[20..<min(20 + head, bytes.count)]), storedSize: head,
        storage: "chunk")
    ]
    for (index, chunk) in file.chunks.enumerated() {
      let compression: String =
        switch chunk.descriptor?.compression {
        case .zip: "zlib chunk"
        case .lzma: "lzma chunk"
        case .uncompressed, nil: "chunk"
        }
      parts.append(
        Part(
          name: chunk.id, bytes: chunk.payload,
          storedSize: index + 1 < storedSizes.count ? storedSizes[index + 1] : chunk.payload.count,
          storage: compression))
    }
    return parts
  }

  /// Whether `bytes` are an XML document (an InkML file, with or without its namespace) rather
  /// than a paths stream, which cannot start with `<?xml` or `<ink`.
  private static func isXML(_ bytes: [UInt8]) -> Bool {
    if InkMLSniffer.sniff(bytes) { return true }
    var head = bytes.prefix(64)[...]
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
    head = head.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    return head.starts(with: Array("<?xml".utf8)) || head.starts(with: Array("<ink".utf8))
  }

  /// The part `name` names: exactly, or as a part name whatever its case and leading slash
  /// (`sections/Section0.svg`), or a chunk id without its trailing spaces (`INK`).
  func part(named name: String) -> Part? {
    if let exact = parts.first(where: { $0.name == name }) { return exact }
    switch kind {
    case .opc:
      let wanted = (name.hasPrefix("/") ? name : "/" + name).lowercased()
      return parts.first { $0.name.lowercased() == wanted }
    case .riff, .uim:
      return parts.first { $0.name.trimmingTrailingSpaces == name.trimmingTrailingSpaces }
    case .inkML, .raw:
      return nil
    }
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: Substring {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return text
  }
}
