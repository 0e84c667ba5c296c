/// One data chunk of a UIM file: its id (`PRPS`, `INPT`, `BRSH`, `INKD`, `KNWG`, `INKS`, `DATA`
/// or one this library does not know), its descriptor (3.1.0) and its payload, decompressed.
public struct UIMChunk: Sendable, Hashable, Codable {
  /// The id's four bytes as read.
  public var idBytes: [UInt8]
  /// The chunk's descriptor from `HEAD` (UIM 3.1.0), `nil` in UIM 3.0.0.
  public var descriptor: UIMChunkDescriptor?
  /// The payload, decompressed when the descriptor says it is compressed.
  public var payload: [UInt8]
  /// The pad byte after an odd-sized chunk when it was not `00`; `nil` writes `00`.
  public var padByte: UInt8?

  /// Creates a chunk.
  /// - Parameters:
  ///   - id: The four-character id; shorter ids are padded with spaces, longer ones cut.
  ///   - descriptor: The descriptor (`nil` only in UIM 3.0.0).
  ///   - payload: The uncompressed payload.
  public init(id: String, descriptor: UIMChunkDescriptor? = UIMChunkDescriptor(), payload: [UInt8])
  {
    self.idBytes = Array((Array(id.utf8) + [0x20, 0x20, 0x20, 0x20]).prefix(4))
    self.descriptor = descriptor
    self.payload = payload
  }

  /// The id as text; bytes that are not UTF-8 read as U+FFFD (``idBytes`` keeps them).
  public var id: String { String(decoding: idBytes, as: UTF8.self) }
}
