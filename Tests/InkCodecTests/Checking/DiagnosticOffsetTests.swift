import Testing

@testable import InkCodec

/// Diagnostics take each record's offset from where the decoder found it: exact for records
/// laid out as no writer of ours would lay them out (fields reversed, data unpacked, unknown
/// fields), where re-encoding a stroke to measure it would drift.
@Suite struct DiagnosticOffsetTests {
  static func varint(_ value: UInt64) -> [UInt8] { Varint.bytes(of: value) }

  static func zigzag(_ value: Int64) -> UInt64 { ZigZag.encoded(value) }

  static func packed(_ field: UInt8, _ values: [Int64]) -> [UInt8] {
    let payload = values.flatMap { varint(zigzag($0)) }
    return [field << 3 | 2] + varint(UInt64(payload.count)) + payload
  }

  /// Four points (1,1)…(4,4) at precision 2, one width, one colour, compositeOperation 0.
  static let deltas: [Int64] = [100, 100, 100, 100, 100, 100, 100, 100]
  static let canonical: [UInt8] =
    [0x0D, 0, 0, 0, 0, 0x15, 0, 0, 0x80, 0x3F, 0x18, 2] + packed(4, deltas) + packed(5, [100])
    + packed(6, [255]) + [0x48, 0]
  /// The same stroke: fields in reverse order, the points unpacked (one tag per value), an
  /// unknown field 15 and a second, unknown length-delimited field 20 in the middle.
  static let scrambled: [UInt8] =
    [0x48, 0] + packed(6, [255]) + [0x78, 5] + packed(5, [100])
    + deltas.flatMap { [0x20] + varint(zigzag($0)) } + [0xA2, 0x01, 3, 1, 2, 3] + [0x18, 2]
    + [0x15, 0, 0, 0x80, 0x3F] + [0x0D, 0, 0, 0, 0]

  @Test func offsetsAreTheRecordsTrueOffsets() throws {
    let records = [Self.canonical, Self.scrambled, Self.scrambled, Self.canonical]
    var stream: [UInt8] = []
    var offsets: [Int] = []
    for record in records {
      offsets.append(stream.count)
      stream += Self.varint(UInt64(record.count)) + record
    }
    let document = try WillDocument(parsing: stream)
    #expect(document.container == .raw)
    let strokes = document.strokes
    try #require(strokes.count == 4)
    // The scrambled records hold the same stroke (and keep their unknown fields).
    #expect(strokes[1].points == strokes[0].points && strokes[1].widths == strokes[0].widths)
    #expect(!strokes[1].wire.unknownFields.isEmpty)
    let zero = document.validate().filter { $0.code == "blend-mode-zero" }
    #expect(zero.map(\.offset) == offsets.map { Optional($0) })
    #expect(zero.map(\.strokeIndex) == [0, 1, 2, 3])
    // The one-pass check of the stream finds the same offsets.
    let onePass = try StrokeStreams.validate(parsing: stream).diagnostics
    #expect(onePass.filter { $0.code == "blend-mode-zero" } == zero)
    // Re-encoding the scrambled record would give another size: the old way drifted.
    let reencoded = try PathRecord(quantizing: strokes[1]).serializedSize
    #expect(reencoded != Self.scrambled.count)

    // Inside a RIFF chunk the offsets count from the chunk's data, as errors do.
    let riff = try WillDocument(parsing: WillDataFile(ink: stream).serialized())
    #expect(
      riff.validate().filter { $0.code == "blend-mode-zero" }.map(\.offset) == zero.map(\.offset))
    #expect(riff.validate().first { $0.code == "blend-mode-zero" }?.part == "INK ")
  }

  @Test func aStrokeMadeInMemoryHasNoOffset() throws {
    var stroke = try WillDocument(
      parsing: Self.varint(UInt64(Self.canonical.count)) + Self.canonical
    ).strokes[0]
    #expect(stroke.wire.recordRange == 0..<(1 + Self.canonical.count))
    // Moved into a new element, it is no longer where it was read.
    stroke.blendMode = .clear
    let document = WillDocument(
      sections: [Section(nodes: [.paths(PathsElement(strokes: [stroke]))])])
    #expect(document.validate().first { $0.code == "blend-mode-zero" }?.offset == nil)
    // Where a stroke was read is not part of what it is.
    var fresh = stroke
    fresh.wire.recordRange = nil
    #expect(fresh == stroke)
  }
}
