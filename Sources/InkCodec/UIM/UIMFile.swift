/// The RIFF container of a Universal Ink Model file (`.uim`, "WILL 3"): `RIFF` size `UINK`, a
/// `HEAD` chunk with the version, then the data chunks.
///
/// UIM 3.0.0 has a 3-byte `HEAD` and one `DATA` chunk. UIM 3.1.0 has a `HEAD` of 4 bytes plus one
/// 8-byte ``UIMChunkDescriptor`` per data chunk, paired with the chunks by position. Chunks
/// compressed with ZIP (zlib streams) or LZMA (`.xz`, or `.lzma` on reading) are decompressed on
/// reading (bounded by ``DecodingLimits/maxPartBytes``) and compressed again on writing; chunks with ids this library does not know are kept in order.
public struct UIMFile: Sendable, Hashable, Codable {
  /// The version from `HEAD`: major, minor, patch (`[3, 0, 0]` or `[3, 1, 0]`).
  public var version: [UInt8]
  /// The `HEAD` byte after the version in UIM 3.1.0 (reserved, `00`).
  public var reserved: UInt8
  /// The pad byte after an odd-sized `HEAD` (UIM 3.0.0) as read; `nil` writes `00`.
  public var headPadByte: UInt8?
  /// The data chunks in file order.
  public var chunks: [UIMChunk]

  /// The versions this library reads.
  public static let supportedVersions: [[UInt8]] = [[3, 0, 0], [3, 1, 0]]

  /// Creates a UIM 3.1.0 file from chunks.
  public init(chunks: [UIMChunk]) {
    self.version = [3, 1, 0]
    self.reserved = 0
    self.chunks = chunks
  }

  /// Creates a file of any version from chunks.
  public init(version: [UInt8], chunks: [UIMChunk]) {
    self.version = version
    self.reserved = 0
    self.chunks = chunks
  }

  /// Whether `bytes` start like a UIM file: `RIFF`, four size bytes, `UINK`.
  ///
  /// Inlinable, so it is specialised for the caller's collection: unspecialised, its first
  /// use resolved generic types through a conformance scan at every start.
  @inlinable
  public static func sniff(_ bytes: some Collection<UInt8>) -> Bool {
    // "RIFF", four size bytes (any value), "UINK".
    var offset = 0
    for byte in bytes {
      let expected: UInt8
      switch offset {
      case 0: expected = 0x52  // R
      case 1: expected = 0x49  // I
      case 2, 3: expected = 0x46  // F
      case 8: expected = 0x55  // U
      case 9: expected = 0x49  // I
      case 10: expected = 0x4E  // N
      case 11: expected = 0x4B  // K
      default: expected = byte
      }
      guard byte == expected else { return false }
      offset += 1
      if offset == 12 { return true }
    }
    return false
  }

  /// Parses the container.
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - limits: Bounds on the file size, the chunk count and each decompressed chunk.
  /// - Throws: ``WillErrorKind/malformedRIFF(_:)`` for a chunk that runs past the end,
  ///   ``WillErrorKind/malformedUIM(_:)`` for a bad `HEAD` or descriptor count,
  ///   ``WillErrorKind/unsupported(_:)`` for another version.
  public init(parsing bytes: [UInt8], limits: DecodingLimits = .default) throws(WillError) {
    try limits.check(.fileBytes, bytes.count)
    guard Self.sniff(bytes) else {
      throw WillError(.malformedRIFF("no RIFF/UINK header"), offset: 0)
    }
    // The library skips a pad byte whatever its value; a missing final one is tolerated as it
    // is by the library, which reads by sizes.
    let raw = try bytes.withWireBytes { (buffer) throws(WillError) -> [RawChunk] in
      try RIFFChunkWalk.chunks(in: buffer, limits: limits, requiringFinalPad: false).map {
        RawChunk(
          idBytes: $0.idBytes, data: $0.data, padByte: $0.padByte == 0 ? nil : $0.padByte,
          offset: $0.offset)
      }
    }
    guard let head = raw.first, head.idBytes == Array("HEAD".utf8) else {
      throw WillError(.malformedUIM("the first chunk is not HEAD"), offset: 12)
    }
    guard head.data.count >= 3 else {
      throw WillError(.malformedUIM("HEAD holds \(head.data.count) bytes"), part: "HEAD", offset: 0)
    }
    version = Array(head.data[0..<3])
    headPadByte = head.padByte
    guard Self.supportedVersions.contains(version) else {
      throw WillError(
        .unsupported("UIM version \(version.map(String.init).joined(separator: "."))"),
        part: "HEAD", offset: 0)
    }
    let data = raw.dropFirst()
    if version == [3, 0, 0] {
      reserved = 0
      chunks = data.map {
        var chunk = UIMChunk(idBytes: $0.idBytes, descriptor: nil, payload: $0.data)
        chunk.padByte = $0.padByte
        return chunk
      }
      return
    }
    guard head.data.count >= 4, (head.data.count - 4) % 8 == 0 else {
      throw WillError(
        .malformedUIM("HEAD of \(head.data.count) bytes is not 4 + 8 per chunk"), part: "HEAD",
        offset: 0)
    }
    reserved = head.data[3]
    let count = (head.data.count - 4) / 8
    guard count == data.count else {
      throw WillError(
        .malformedUIM("HEAD describes \(count) chunks, the file holds \(data.count)"),
        part: "HEAD", offset: 4)
    }
    var chunks: [UIMChunk] = []
    var total = 0
    for (index, chunk) in data.enumerated() {
      let start = 4 + 8 * index
      let descriptor = UIMChunkDescriptor(bytes: Array(head.data[start..<(start + 8)]))
      let payload = try Self.decompress(chunk, descriptor, limits: limits)
      total += payload.count
      try limits.check(.totalBytes, total, part: chunk.name)
      var parsed = UIMChunk(idBytes: chunk.idBytes, descriptor: descriptor, payload: payload)
      parsed.padByte = chunk.padByte
      chunks.append(parsed)
    }
    self.chunks = chunks
  }

  /// The file's bytes: `HEAD` with one descriptor per chunk (3.1.0), chunks compressed as their
  /// descriptors say, pad bytes as read (`00` for new chunks).
  public func serialized() -> [UInt8] {
    var head = version
    if version != [3, 0, 0] {
      head.append(reserved)
      for chunk in chunks { head += Self.written(chunk.descriptor ?? UIMChunkDescriptor()).bytes }
    }
    var stored: [[UInt8]] = []
    for chunk in chunks {
      var bytes = chunk.payload
      if let descriptor = chunk.descriptor, version != [3, 0, 0] {
        switch Self.written(descriptor).compression {
        case .zip: bytes = Zlib.compress(chunk.payload)
        case .lzma:
          #if LZMA && os(Linux)
            bytes = LZMA.compress(chunk.payload)
          #endif
        case .uncompressed, nil: break
        }
      }
      stored.append(bytes)
    }
    // One allocation of the final size: the chunks can be hundreds of megabytes.
    let size = stored.reduce(20 + head.count + head.count % 2) { $0 + 8 + $1.count + $1.count % 2 }
    var file: [UInt8] = []
    file.reserveCapacity(size)
    file += Array("RIFF".utf8)
    Self.appendUInt32(UInt32(truncatingIfNeeded: size - 8), to: &file)
    file += Array("UINK".utf8)
    Self.append(id: Array("HEAD".utf8), data: head, pad: headPadByte, to: &file)
    for (chunk, bytes) in zip(chunks, stored) {
      Self.append(id: chunk.idBytes, data: bytes, pad: chunk.padByte, to: &file)
    }
    return file
  }

  /// The descriptor a chunk is written with: its own, except that a build without an LZMA
  /// codec writes an LZMA chunk as a zlib one, so the data is kept.
  private static func written(_ descriptor: UIMChunkDescriptor) -> UIMChunkDescriptor {
    guard descriptor.compression == .lzma, !LZMA.isAvailable else { return descriptor }
    var zlib = descriptor
    zlib.compressionByte = UIMChunkDescriptor.Compression.zip.rawValue
    return zlib
  }

  /// A chunk as it lies in the file.
  private struct RawChunk {
    var idBytes: [UInt8]
    var data: [UInt8]
    var padByte: UInt8?
    var offset: Int
    var name: String { String(decoding: idBytes, as: UTF8.self) }
  }

  private static func decompress(
    _ chunk: RawChunk, _ descriptor: UIMChunkDescriptor, limits: DecodingLimits
  ) throws(WillError) -> [UInt8] {
    switch descriptor.compression {
    case .uncompressed, nil:
      try limits.check(.partBytes, chunk.data.count, part: chunk.name)
      return chunk.data
    case .zip:
      return try inflated(
        Zlib.decompress(chunk.data, limit: limits.maxPartBytes), "a zlib stream", chunk, limits)
    case .lzma:
      #if LZMA && os(Linux)
        return try inflated(
          LZMA.decompress(chunk.data, limit: limits.maxPartBytes), "an xz or lzma stream", chunk,
          limits)
      #else
        throw WillError(
          .unsupported("LZMA-compressed chunk \(chunk.name): \(LZMA.unavailableReason)"),
          part: chunk.name, offset: chunk.offset)
      #endif
    }
  }

  private static func inflated(
    _ result: Zlib.Inflated, _ expected: String, _ chunk: RawChunk, _ limits: DecodingLimits
  ) throws(WillError) -> [UInt8] {
    switch result {
    case .complete(let bytes): return bytes
    case .malformed:
      throw WillError(.malformedUIM("compressed chunk is not \(expected)"), part: chunk.name)
    case .overLimit:
      throw WillError(
        .limitExceeded(.partBytes, value: limits.maxPartBytes + 1, limit: limits.maxPartBytes),
        part: chunk.name)
    }
  }

  private static func append(id: [UInt8], data: [UInt8], pad: UInt8?, to body: inout [UInt8]) {
    body += id
    appendUInt32(UInt32(truncatingIfNeeded: data.count), to: &body)
    body += data
    if data.count % 2 == 1 { body.append(pad ?? 0) }
  }

  private static func appendUInt32(_ value: UInt32, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }
}

extension UIMChunk {
  init(idBytes: [UInt8], descriptor: UIMChunkDescriptor?, payload: [UInt8]) {
    self.init(id: "", descriptor: descriptor, payload: payload)
    self.idBytes = idBytes
  }
}
