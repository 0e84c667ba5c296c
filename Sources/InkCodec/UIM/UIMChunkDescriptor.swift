/// How a UIM 3.1.0 data chunk is encoded: the 8-byte descriptor in the `HEAD` chunk, one per
/// data chunk, paired with the chunks by position.
public struct UIMChunkDescriptor: Sendable, Hashable, Codable {
  /// What a chunk's payload is.
  public enum ContentType: UInt8, Sendable, Hashable, Codable {
    /// Opaque bytes.
    case binary = 0
    /// A protobuf message (every chunk Wacom's software writes).
    case protobuf = 1
    /// JSON text.
    case json = 2
    /// Plain text.
    case text = 3
  }

  /// How a chunk's payload is compressed.
  public enum Compression: UInt8, Sendable, Hashable, Codable {
    /// Stored as is.
    case uncompressed = 0
    /// ZIP: read and written by willdoc as a zlib stream (RFC 1950). Wacom's library refuses it,
    /// and no file seen uses it.
    case zip = 1
    /// LZMA: read as an `.xz` or legacy `.lzma` stream, written as `.xz` (what Python's
    /// `lzma.compress` writes). Wacom's library refuses it, and no file seen uses it.
    case lzma = 2
  }

  /// The chunk's format version (major, minor, patch): 3.1.0 in every file seen.
  public var version: [UInt8]
  /// The content type byte as stored.
  public var contentTypeByte: UInt8
  /// The compression byte as stored.
  public var compressionByte: UInt8
  /// The three reserved bytes, kept as read (`00 00 00` when written new).
  public var reserved: [UInt8]

  /// A descriptor for a 3.1.0 protobuf chunk with `compression`.
  public init(compression: Compression = .uncompressed) {
    self.init(bytes: [3, 1, 0, ContentType.protobuf.rawValue, compression.rawValue, 0, 0, 0])
  }

  /// Creates a descriptor from its 8 bytes.
  /// - Precondition: `bytes` holds 8 bytes.
  public init(bytes: [UInt8]) {
    precondition(bytes.count == 8, "a chunk descriptor has 8 bytes")
    version = Array(bytes[0..<3])
    contentTypeByte = bytes[3]
    compressionByte = bytes[4]
    reserved = Array(bytes[5..<8])
  }

  /// The content type, or `nil` for a byte this library does not know.
  public var contentType: ContentType? { ContentType(rawValue: contentTypeByte) }

  /// The compression, or `nil` for a byte this library does not know.
  public var compression: Compression? { Compression(rawValue: compressionByte) }

  /// The 8 bytes as stored in `HEAD`.
  public var bytes: [UInt8] { version + [contentTypeByte, compressionByte] + reserved }

  /// Whether the chunk is a 3.1.0 protobuf message, the only kind Wacom's library parses.
  public var isProtobuf310: Bool { version == [3, 1, 0] && contentType == .protobuf }
}
