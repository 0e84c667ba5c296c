import InkCodec

/// The parts of a file as they are stored, named as `willdoc inspect` names them: a
/// package's zip entries (`/sections/section0.svg`), a RIFF file's chunks (`INK `, `INK #2`…
/// for the ink, the chunk id for the others), or a raw file's one stream (`(stream)`).
///
/// Read without interpreting the document, so that the parts of a package whose sections do
/// not parse can still be taken out.
struct StoredParts {
  struct Part {
    var name: String
    var bytes: [UInt8]
    /// How many bytes it takes in the file.
    var storedSize: Int
    /// How the part is stored, as inspect's parts table says.
    var storage: ContainerPart.Storage
  }

  var container: ContainerKind
  var parts: [Part]

  init(parsing bytes: [UInt8], limits: DecodingLimits) throws(WillError) {
    // InputFile.read has held the file to maxFileBytes.
    container = ContainerKind(sniffing: bytes)
    switch container {
    case .opc:
      parts = try ZipArchive.read(bytes, limits: limits).map { entry in
        Part(
          name: entry.name.description, bytes: entry.data, storedSize: entry.compressedSize,
          storage: ContainerPart.Storage(entry.compression))
      }
    case .riff:
      let chunks = try WillDataFile(parsing: bytes, limits: limits).chunks
      parts = zip(WillDocument.riffPartNames(chunks), chunks).map { name, chunk in
        Part(name: name, bytes: chunk.data, storedSize: chunk.data.count, storage: .chunk)
      }
    case .raw:
      parts = [Part(name: "(stream)", bytes: bytes, storedSize: bytes.count, storage: .stream)]
    }
  }

  /// The part `name` names: exactly, or as a part name whatever its case and leading slash
  /// (`sections/Section0.svg`), or a chunk id without its trailing spaces (`INK`).
  func part(named name: String) -> Part? {
    if let exact = parts.first(where: { $0.name == name }) { return exact }
    switch container {
    case .opc:
      let wanted = (name.hasPrefix("/") ? name : "/" + name).lowercased()
      return parts.first { $0.name.lowercased() == wanted }
    case .riff:
      return parts.first { $0.name.trimmingTrailingSpaces == name.trimmingTrailingSpaces }
    case .raw:
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
