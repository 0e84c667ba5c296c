/// The RIFF "WILL data format": `RIFF` size `WILL`, a `HEAD` chunk holding the version
/// (`01 00 00`), and an `INK ` chunk holding the paths stream.
///
/// Chunks are padded to even length; the pad byte may hold any value and is kept. A file may
/// hold several `INK ` chunks (Wacom's library reads every one, in order); unknown chunks are
/// kept in order, with their ids' bytes as read.
public struct WillDataFile: Sendable, Hashable, Codable {
  /// The chunks after the `WILL` form type, in file order.
  public var chunks: [RIFFChunk]

  /// The version the iOS SDK and universal-ink-library write: 1.0.0.
  public static let currentVersion: [UInt8] = [1, 0, 0]

  /// Creates a file from chunks.
  public init(chunks: [RIFFChunk]) { self.chunks = chunks }

  /// Creates a file with a `HEAD` 1.0.0 chunk and an `INK ` chunk holding `ink`.
  public init(ink: [UInt8]) {
    chunks = [RIFFChunk(id: "HEAD", data: Self.currentVersion), RIFFChunk(id: "INK ", data: ink)]
  }

  /// The paths stream of the first `INK ` chunk.
  public var ink: [UInt8]? { chunks.first { $0.isInk }?.data }

  /// The paths streams of every `INK ` chunk, in file order.
  public var inks: [[UInt8]] { chunks.filter(\.isInk).map(\.data) }

  /// The version in the `HEAD` chunk, as `major.minor.patch`.
  public var version: String? {
    guard let head = chunks.first(where: { $0.id == "HEAD" })?.data, head.count >= 3 else {
      return nil
    }
    return "\(head[0]).\(head[1]).\(head[2])"
  }

  /// Parses a RIFF WILL file.
  /// - Throws: ``WillErrorKind/malformedRIFF(_:)`` with the offset of the bad chunk header,
  ///   ``WillErrorKind/missingInkChunk`` when no `INK ` chunk exists.
  public init(parsing bytes: [UInt8], limits: DecodingLimits = .default) throws(WillError) {
    try limits.check(.fileBytes, bytes.count)
    guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      Array(bytes[8..<12]) == Array("WILL".utf8)
    else {
      throw WillError(.malformedRIFF("no RIFF/WILL header"), offset: 0)
    }
    // The pad byte's value does not matter (the iOS SDK writes 01); a missing final pad does.
    let chunks = try bytes.withWireBytes { (raw) throws(WillError) -> [RIFFChunk] in
      try RIFFChunkWalk.chunks(in: raw, limits: limits, requiringFinalPad: true).map {
        RIFFChunk(idBytes: $0.idBytes, data: $0.data, padByte: $0.padByte)
      }
    }
    guard chunks.contains(where: \.isInk) else {
      throw WillError(.missingInkChunk, offset: 12)
    }
    self.chunks = chunks
  }

  /// The file's bytes: sizes computed, pad bytes as read (`00` for a new chunk).
  public func serialized() -> [UInt8] {
    var body: [UInt8] = Array("WILL".utf8)
    for chunk in chunks {
      body += chunk.idBytes
      Self.appendUInt32(UInt32(chunk.data.count), to: &body)
      body += chunk.data
      if chunk.data.count % 2 == 1 { body.append(chunk.padByte ?? 0) }
    }
    var file: [UInt8] = Array("RIFF".utf8)
    Self.appendUInt32(UInt32(body.count), to: &file)
    return file + body
  }

  private static func appendUInt32(_ value: UInt32, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }
}
