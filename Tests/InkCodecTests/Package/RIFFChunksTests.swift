import Testing

@testable import InkCodec

/// Every chunk of a RIFF file survives: several `INK ` chunks (all read, as Wacom's library
/// reads them), unknown chunks, ids that are not text, and pad bytes of any value.
@Suite struct RIFFChunksTests {
  static func strokes(_ count: Int, offset: Double) -> [Stroke] {
    (0..<count).map { index in
      Stroke(
        points: (0..<(3 + index)).map { InkPoint(x: offset + Double($0), y: Double(index)) },
        widths: [1.25])
    }
  }

  static let first = strokes(3, offset: 0)
  static let second = strokes(4, offset: 50)
  /// An id whose bytes are not UTF-8.
  static let oddID: [UInt8] = [0xFF, 0xFE, 0x41, 0x00]

  /// HEAD (pad 01), INK (3 strokes), an unknown chunk with a binary id (pad 07), INK (4
  /// strokes); every chunk odd-sized where it can be, so every pad byte is exercised.
  static func file() throws -> [UInt8] {
    var firstStream = try PathsStream(strokes: first).serialized()
    var secondStream = try PathsStream(strokes: second).serialized()
    // Odd-sized streams, so that their pad bytes are exercised: shift the points if needed.
    if firstStream.count % 2 == 0 {
      firstStream = try PathsStream(strokes: strokes(3, offset: 1)).serialized()
    }
    if secondStream.count % 2 == 0 {
      secondStream = try PathsStream(strokes: strokes(4, offset: 51)).serialized()
    }
    try #require(firstStream.count % 2 == 1 && secondStream.count % 2 == 1)
    return WillDataFile(chunks: [
      RIFFChunk(id: "HEAD", data: [1, 0, 0], padByte: 0x01),
      RIFFChunk(id: "INK ", data: firstStream, padByte: 0x01),
      RIFFChunk(idBytes: oddID, data: [1, 2, 3, 4, 5], padByte: 0x07),
      RIFFChunk(id: "INK ", data: secondStream, padByte: 0x00),
    ]).serialized()
  }

  @Test func everyInkChunkIsReadInOrder() throws {
    let bytes = try Self.file()
    let document = try WillDocument(parsing: bytes)
    #expect(document.strokes.count == 7)
    let elements = document.sections.flatMap(\.pathsElements).map(\.element)
    #expect(elements.map(\.strokes.count) == [3, 4])
    #expect(elements.map(\.partName) == ["INK ", "INK #2"])
    #expect(
      document.containerParts.map(\.name) == ["HEAD", "INK ", "\u{FFFD}\u{FFFD}A\0", "INK #2"])
    #expect(
      document.riffChunks.map(\.idBytes) == [
        Array("HEAD".utf8), Array("INK ".utf8), Self.oddID, Array("INK ".utf8),
      ])
    #expect(document.validate().filter { $0.severity == .error }.isEmpty)
  }

  @Test func aRIFFFileIsWrittenBackByteForByte() throws {
    let bytes = try Self.file()
    let document = try WillDocument(parsing: bytes)
    let saved = try document.serialized()
    #expect(saved == bytes, "ids, pad bytes and every chunk kept")
    // Idempotent: reading the saved file and saving again changes nothing.
    #expect(try WillDocument(parsing: saved).serialized() == saved)
  }

  @Test func theDocumentLimitsHoldAcrossChunks() throws {
    let bytes = try Self.file()
    let error = #expect(throws: WillError.self) {
      try WillDocument(parsing: bytes, limits: DecodingLimits(maxStrokes: 5))
    }
    #expect(error?.kind == .limitExceeded(.strokes, value: 7, limit: 5))
    #expect(error?.part == "INK #2")
  }

  @Test func anEditedDocumentKeepsItsChunksAroundOneStream() throws {
    var document = try WillDocument(parsing: try Self.file())
    let strokes = document.strokes
    // Two paths elements become one: all strokes go where the first INK chunk was.
    document.sections = [Section(nodes: [.paths(PathsElement(strokes: document.strokes))])]
    let saved = try WillDataFile(parsing: try document.serialized())
    #expect(saved.chunks.map(\.idBytes) == [Array("HEAD".utf8), Array("INK ".utf8), Self.oddID])
    #expect(try PathsStream(parsing: saved.inks[0]).strokes == strokes)
    #expect(saved.chunks[0].padByte == 0x01 && saved.chunks[2].padByte == 0x07)
  }

  @Test func aPackageGetsEveryStrokeOfEveryChunkInOnePart() throws {
    let document = try WillDocument(parsing: try Self.file())
    let package = try WillDocument(parsing: try document.serialized(container: .opc))
    #expect(package.strokes == document.strokes)
    let parts = package.sections.flatMap(\.pathsElements).map(\.element.partName)
    #expect(parts == ["/sections/media/paths0.protobuf"])
    #expect(
      document.losses(convertingTo: .opc).droppedMetadata == [
        "RIFF chunks \"\u{FFFD}\u{FFFD}A\0\" (5 bytes)"
      ])
  }
}
