import InkCodec

/// One stored part of a container, for the parts table of `willdoc inspect`.
struct PartListing {
  /// The part name (`/sections/section0.svg`), or the RIFF chunk id.
  var name: String
  /// The decompressed size.
  var size: Int
  /// The stored size.
  var storedSize: Int
  /// `deflate`, `stored` or `-`.
  var method: String

  /// The parts of an OPC package, or the chunks of a RIFF file; empty for a raw stream.
  static func list(_ bytes: [UInt8], container: ContainerKind, limits: DecodingLimits)
    -> [PartListing]
  {
    switch container {
    case .opc:
      guard let entries = try? ZipArchive.read(bytes, limits: limits) else { return [] }
      return entries.map { entry in
        let method: String
        switch entry.compression {
        case .stored: method = "stored"
        case .deflate: method = "deflate"
        }
        return PartListing(
          name: entry.name.description, size: entry.data.count, storedSize: entry.compressedSize,
          method: method)
      }
    case .riff:
      guard let file = try? WillDataFile(parsing: bytes, limits: limits) else { return [] }
      return file.chunks.map {
        PartListing(name: $0.id, size: $0.data.count, storedSize: $0.data.count, method: "chunk")
      }
    case .raw:
      return [
        PartListing(name: "(stream)", size: bytes.count, storedSize: bytes.count, method: "-")
      ]
    }
  }
}
