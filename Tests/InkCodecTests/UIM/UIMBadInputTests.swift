import Foundation
import InkCodec
import InkTestSupport
import Testing

/// Golden bytes from the format reference, and hostile UIM input: every failure is a typed
/// ``WillError`` naming the chunk, never a trap.
@Suite("UIM golden bytes and bad input")
struct UIMBadInputTests {
  /// A 3.1.0 file with the given data chunks, each described as 3.1.0 protobuf, uncompressed.
  static func file(_ chunks: [(String, [UInt8])]) throws -> [UInt8] {
    UIMFile(chunks: chunks.map { UIMChunk(id: $0.0, payload: $0.1) }).serialized()
  }

  @Test("3.1.0 identifiers are UUIDs in .NET GUID order; 3.0.0 text in both spellings")
  func identifiers() throws {
    let wire: [UInt8] = [
      0xa8, 0xa4, 0x0c, 0xd4, 0x98, 0xb8, 0x79, 0x7d, 0x89, 0x5e, 0x62, 0x02, 0x0f, 0xbc, 0x21,
      0x9c,
    ]
    let id = UIMIdentifier(wireBytes: wire)
    #expect(id.description == "d40ca4a8-b898-7d79-895e-62020fbc219c")
    #expect(UIMIdentifier(uuidString: "d40ca4a8b8987d79895e62020fbc219c") == id)
    #expect(UIMIdentifier(uuidString: "D40CA4A8-B898-7D79-895E-62020FBC219C") == id)
    #expect(UIMIdentifier(uuidString: "d40ca4a8-b898-7d79-895e-62020fbc219") == nil)
    #expect(UIMIdentifier(uuidString: "g40ca4a8b8987d79895e62020fbc219c") == nil)
  }

  @Test("the first stroke of uim_3.1.0_1 decodes as the reference's worked example")
  func workedExample() throws {
    // splineCompressed: the first four values of splineX (c4 d9 10 00 02 19) and size
    // (f4 01 00 0c 1e); precisions 0x22222; endParameter 1.0; propertiesIndex 1; brushURIIndex 1.
    let spline: [UInt8] =
      [0x0a, 6, 0xc4, 0xd9, 0x10, 0x00, 0x02, 0x19]
      + [0x42, 5, 0xf4, 0x01, 0x00, 0x0c, 0x1e]
    var stroke: [UInt8] = [0x10, 0xc4, 0x88, 0x11, 0x25, 0x00, 0x00, 0x80, 0x3f]
    stroke += [0x32, UInt8(spline.count)] + spline + [0x38, 0x01, 0x48, 0x01]
    let inkd: [UInt8] =
      [0x0a, UInt8(stroke.count)] + stroke + [0x22, 3] + Array("b:/".utf8) + [0x32, 0x00]
    let document = try UIMDocument(parsing: try Self.file([("INKD", inkd)]))
    let read = try #require(document.inkData.strokes.first)
    #expect(read.precisions.rawValue == 0x22222)
    #expect(read[.x].map { ($0 * 100).rounded() } == [136802, 136802, 136803, 136790])
    #expect(read[.size].map { ($0 * 100).rounded() } == [122, 122, 128, 143])
    #expect(read.endParameter == 1)
    #expect(document.inkData.brushURI(of: read) == "b:/")
  }

  @Test("a size channel of another length is a channel-length mismatch in that stroke")
  func channelMismatch() throws {
    let spline: [UInt8] = [0x0a, 2, 0x02, 0x02, 0x12, 2, 0x02, 0x02, 0x42, 1, 0x02]
    let stroke: [UInt8] = [0x32, UInt8(spline.count)] + spline
    let inkd: [UInt8] = [0x0a, UInt8(stroke.count)] + stroke
    let error = #expect(throws: WillError.self) {
      try UIMDocument(parsing: try Self.file([("INKD", inkd)]))
    }
    #expect(error?.kind == .channelLengthMismatch(channel: "size", points: 2, values: 1))
    #expect(error?.part == "INKD")
    #expect(error?.strokeIndex == 0)
  }

  @Test("a tree whose depth jumps, and a stroke index past the strokes, are malformed UIM")
  func badTrees() throws {
    // Root group, then a node at depth 2.
    let jump: [UInt8] = [0x12, 8, 0x12, 2, 0x12, 0x00, 0x12, 2, 0x08, 0x02]
    let error = #expect(throws: WillError.self) {
      try UIMDocument(parsing: try Self.file([("INKS", jump)]))
    }
    #expect(error?.kind.code == "malformed-uim")
    #expect(error?.part == "INKS")
    // Root group, then stroke node index 0 with no strokes.
    let past: [UInt8] = [0x12, 10, 0x12, 2, 0x12, 0x00, 0x12, 4, 0x08, 0x01, 0x18, 0x00]
    let second = #expect(throws: WillError.self) {
      try UIMDocument(parsing: try Self.file([("INKS", past)]))
    }
    #expect(second?.kind.code == "malformed-uim")
  }

  @Test("HEAD and descriptors are checked")
  func badHead() throws {
    var bytes = try Self.file([("INKD", [])])
    // Claim two descriptors for one chunk: HEAD size 4 + 16 with the same bytes after it.
    bytes[16] = 20
    #expect(throws: WillError.self) { try UIMFile(parsing: bytes) }
    var version = try Self.file([("INKD", [])])
    version[21] = 2
    let error = #expect(throws: WillError.self) { try UIMFile(parsing: version) }
    #expect(error?.kind == .unsupported("UIM version 3.2.0"))
    var broken = UIMFile(chunks: [UIMChunk(id: "INKD", payload: [1, 2, 3])])
    broken.chunks[0].descriptor = UIMChunkDescriptor(compression: .lzma)
    var bytes2 = broken.serialized()
    bytes2[bytes2.count - 8] ^= 0xFF
    let corrupt = #expect(throws: WillError.self) { try UIMFile(parsing: bytes2) }
    #expect(corrupt?.kind.code == "malformed-uim")
  }

  @Test(
    "every prefix and many byte flips of a sample fail with a WillError or read",
    .enabled(if: UIMSamples.isAvailable))
  func hostileSamples() throws {
    for name in UIMSamples.names where name.contains("special") || name.contains("Providers") {
      let bytes = try UIMSamples.bytes(name)
      for length in stride(from: 0, to: bytes.count, by: 97) {
        #expect(throws: WillError.self) { try UIMDocument(parsing: Array(bytes.prefix(length))) }
      }
      var random = SeededRandom(seed: 19)
      for _ in 0..<400 {
        var mutated = bytes
        let index = Int(random.next() % UInt64(bytes.count))
        mutated[index] ^= UInt8(truncatingIfNeeded: random.next() | 1)
        do { _ = try UIMDocument(parsing: mutated) } catch {}
      }
    }
  }

  @Test("limits bound strokes and points")
  func limits() throws {
    let document = UIMGeneratedTests.everything()
    let bytes = try document.serialized()
    var limits = DecodingLimits.default
    limits.maxStrokes = 2
    let error = #expect(throws: WillError.self) { try UIMDocument(parsing: bytes, limits: limits) }
    #expect(error?.kind == .limitExceeded(.strokes, value: 3, limit: 2))
    #expect(error?.part == "INKD")
    limits = .default
    limits.maxPointsPerStroke = 3
    let points = #expect(throws: WillError.self) { try UIMDocument(parsing: bytes, limits: limits) }
    #expect(points?.kind == .limitExceeded(.pointsPerStroke, value: 4, limit: 3))
  }
}

extension UIMBadInputTests {
  @Test("millions of empty messages stop at the element budget, not at memory")
  func emptyMessageFlood() throws {
    // INPT: 600,000 empty SensorData records (2 bytes each on the wire).
    let flood = [UInt8]((0..<600_000).map { _ in [UInt8(0x12), 0x00] }.joined())
    var limits = DecodingLimits.default
    limits.maxElements = 100_000
    limits.maxStrokes = 1_000
    let error = #expect(throws: WillError.self) {
      try UIMDocument(parsing: try Self.file([("INPT", flood)]), limits: limits)
    }
    #expect(error?.kind == .limitExceeded(.elements, value: 103_001, limit: 103_000))
    #expect(error?.part == "INPT")
    // Empty brush URIs count too.
    let uris = [UInt8]((0..<200_000).map { _ in [UInt8(0x22), 0x00] }.joined())
    #expect(throws: WillError.self) {
      try UIMDocument(parsing: try Self.file([("INKD", uris)]), limits: limits)
    }
  }
}

extension UIMBadInputTests {
  @Test("writing refuses what cannot be read back: ragged channels, values past Int32")
  func writingRefuses() throws {
    var document = UIMDocument()
    var stroke = UIMStroke()
    stroke.splineFormat = .fixedPoint
    stroke.precisions = UIMPrecisionScheme(position: 2, size: 2)
    stroke[.x] = [1, 2, 3]
    stroke[.y] = [1, 2]
    document.inkData.strokes = [stroke]
    let ragged = #expect(throws: WillError.self) { try document.serialized() }
    #expect(ragged?.kind == .channelLengthMismatch(channel: "y", points: 3, values: 2))
    #expect(ragged?.strokeIndex == 0)
    document.inkData.strokes[0][.y] = [1, 2, 3e9]
    let large = #expect(throws: WillError.self) { try document.serialized() }
    #expect(large?.kind == .valueTooLarge(channel: "y", value: 3e9, precision: 2))
    document.inkData.strokes[0][.y] = [1, .nan, 3]
    let nan = #expect(throws: WillError.self) { try document.serialized() }
    #expect(nan?.kind == .nonFiniteValue(channel: "y"))
  }
}
