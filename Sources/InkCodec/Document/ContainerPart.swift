/// One part of the container a document was read from, as stored: what `unzip -lv` or a
/// RIFF chunk listing shows. Kept by the reader so that tools never decompress a package twice.
public struct ContainerPart: Sendable, Hashable, Codable {
  /// How a part is stored.
  public enum Storage: String, Sendable, Hashable, Codable {
    /// A zip entry stored as is.
    case stored
    /// A zip entry compressed with Deflate.
    case deflate
    /// A RIFF chunk.
    case chunk
    /// The whole file is one raw paths stream.
    case stream
  }

  /// The part name (`/sections/section0.svg`), the RIFF chunk id, or `(stream)`.
  public var name: String
  /// The decompressed size in bytes.
  public var size: Int
  /// The size as stored in the file.
  public var storedSize: Int
  /// How the part is stored.
  public var storage: Storage
  /// The CRC-32 the zip archive records (and the reader verified); `nil` outside zip files.
  public var crc32: UInt32?

  /// Creates a part description.
  public init(name: String, size: Int, storedSize: Int, storage: Storage, crc32: UInt32? = nil) {
    self.name = name
    self.size = size
    self.storedSize = storedSize
    self.storage = storage
    self.crc32 = crc32
  }
}

extension ContainerPart.Storage {
  /// How a zip entry is stored.
  package init(_ compression: ZipCompression) {
    switch compression {
    case .stored: self = .stored
    case .deflate: self = .deflate
    }
  }
}
