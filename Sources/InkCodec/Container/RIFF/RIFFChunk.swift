/// One chunk of a RIFF file: a four-character id, then a little-endian size and the data,
/// padded to an even length.
public struct RIFFChunk: Sendable, Hashable, Codable {
  /// The four-character id, such as `HEAD` or `INK `.
  public var id: String
  /// The chunk's data, without the pad byte.
  public var data: [UInt8]
  /// The pad byte after an odd-sized chunk as it was read (the iOS SDK writes `01`), or `nil`.
  /// Writers always write `00`.
  public var padByte: UInt8?

  /// Creates a chunk.
  public init(id: String, data: [UInt8], padByte: UInt8? = nil) {
    self.id = id
    self.data = data
    self.padByte = padByte
  }
}
