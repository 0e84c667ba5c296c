/// The chunks of a RIFF file after its 12-byte header (`RIFF`, size, form type): the one walk
/// behind WILL data files and UIM files, which differ only in the form type and in what
/// they make of a pad byte.
enum RIFFChunkWalk {
  /// One chunk as stored.
  struct Chunk {
    var idBytes: [UInt8]
    var data: [UInt8]
    /// The byte after an odd-sized chunk, or `nil` when the file ends right after it.
    var padByte: UInt8?
    /// Where the chunk's header starts.
    var offset: Int
  }

  /// Reads every chunk inside the size the header declares.
  /// - Parameters:
  ///   - requiringFinalPad: Whether an odd-sized last chunk without its pad byte is an error.
  /// - Throws: ``WillErrorKind/malformedRIFF(_:)`` for a size that does not fit the file, a
  ///   chunk that runs past the end, stray bytes, or (when required) a missing pad byte;
  ///   ``DecodingLimits/Limit/parts`` for too many chunks.
  static func chunks(
    in buffer: UnsafeRawBufferPointer, limits: DecodingLimits, requiringFinalPad: Bool
  ) throws(WillError) -> [Chunk] {
    var header = WireReader(buffer, range: 4..<8)
    let declared = Int(try header.readUInt32(.littleEndian))
    guard declared >= 4, declared <= buffer.count - 8 else {
      throw WillError(
        .malformedRIFF("RIFF size \(declared) does not fit a file of \(buffer.count) bytes"),
        offset: 4)
    }
    var reader = WireReader(buffer, range: 12..<(8 + declared))
    var chunks: [Chunk] = []
    while !reader.isAtEnd {
      guard reader.remaining >= 8 else {
        throw WillError(
          .malformedRIFF("\(reader.remaining) stray bytes after the last chunk"),
          offset: reader.position)
      }
      try limits.check(.parts, chunks.count + 1, offset: reader.position)
      let offset = reader.position
      let idBytes = try reader.readBytes(count: 4)
      let id = String(decoding: idBytes, as: UTF8.self)
      let size = Int(try reader.readUInt32(.littleEndian))
      guard size <= reader.remaining else {
        throw WillError(
          .malformedRIFF("chunk \"\(id)\" size \(size) runs past the end"), offset: offset + 4)
      }
      var chunk = Chunk(
        idBytes: idBytes, data: try reader.readBytes(count: size), padByte: nil, offset: offset)
      if size % 2 == 1 {
        if let pad = reader.peekByte() {
          chunk.padByte = pad
          _ = try reader.readRange(count: 1)
        } else if requiringFinalPad {
          throw WillError(
            .malformedRIFF("chunk \"\(id)\" lacks its pad byte"), offset: reader.position)
        }
      }
      chunks.append(chunk)
    }
    return chunks
  }
}
