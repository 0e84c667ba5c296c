/// One chunk of a RIFF file: a four-byte id, then a little-endian size and the data,
/// padded to an even length.
public struct RIFFChunk: Sendable, Hashable, Codable {
  /// The id's four bytes as read, written back unchanged (they need not be text).
  public var idBytes: [UInt8]
  /// The chunk's data, without the pad byte.
  public var data: [UInt8]
  /// The pad byte after an odd-sized chunk as it was read (the iOS SDK writes `01`), written
  /// back unchanged; `nil` writes `00`.
  public var padByte: UInt8?

  /// Creates a chunk.
  /// - Parameters:
  ///   - id: The four-character id, such as `HEAD` or `INK `; shorter ids are padded with
  ///     spaces, longer ones cut to four bytes.
  ///   - data: The chunk's data.
  ///   - padByte: The pad byte after odd-sized data (`nil` writes `00`).
  public init(id: String, data: [UInt8], padByte: UInt8? = nil) {
    self.init(idBytes: Self.idBytes(id), data: data, padByte: padByte)
  }

  /// Creates a chunk from its id's bytes.
  /// - Parameters:
  ///   - idBytes: The id's bytes; padded with spaces or cut to four.
  ///   - data: The chunk's data.
  ///   - padByte: The pad byte after odd-sized data (`nil` writes `00`).
  public init(idBytes: [UInt8], data: [UInt8], padByte: UInt8? = nil) {
    self.idBytes = Array((idBytes + [0x20, 0x20, 0x20, 0x20]).prefix(4))
    self.data = data
    self.padByte = padByte
  }

  /// The id as text, such as `HEAD` or `INK `; bytes that are not UTF-8 read as U+FFFD
  /// (``idBytes`` keeps them). Setting it pads with spaces or cuts to four bytes.
  public var id: String {
    get { String(decoding: idBytes, as: UTF8.self) }
    set { idBytes = Self.idBytes(newValue) }
  }

  /// Whether this is an `INK ` chunk, which holds a paths stream.
  public var isInk: Bool { idBytes == Self.inkID }

  /// The id of the chunks that hold paths streams.
  static let inkID: [UInt8] = Array("INK ".utf8)

  private static func idBytes(_ id: String) -> [UInt8] {
    Array((Array(id.utf8) + [0x20, 0x20, 0x20, 0x20]).prefix(4))
  }
}
