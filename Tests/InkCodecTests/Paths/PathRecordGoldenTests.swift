import Testing

@testable import InkCodec

/// Hand-written records, checked in both directions.
@Suite struct PathRecordGoldenTests {
  /// `ngmsoftware__will2svg__WCM0006.will` record 201: a 4-point dot from the Spark app.
  static let sparkDot: [UInt8] = [
    0x0D, 0x00, 0x00, 0x00, 0x00,  // ts 0
    0x15, 0x00, 0x00, 0x80, 0x3F,  // tf 1
    0x18, 0x02,  // precision 2
    0x22, 0x0C, 0xC0, 0xF6, 0x05, 0xE8, 0xA4, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x2A, 0x05, 0xE6, 0x01, 0x00, 0x1D, 0x00,  // widths 1.15 1.15 1.00 1.00
    0x32, 0x02, 0xFE, 0x03,  // black
    0x40, 0x00,  // seed 0
    0x48, 0x02,  // SOURCE_OVER
  ]

  func assertRoundTrip(_ bytes: [UInt8], _ expected: PathRecord) throws {
    #expect(try PathRecord(parsing: bytes) == expected)
    #expect(expected.serialized() == bytes)
    #expect(expected.serializedSize == bytes.count)
  }

  @Test func sparkDotRecord() throws {
    try assertRoundTrip(
      Self.sparkDot,
      PathRecord(
        startParameter: 0, endParameter: 1, decimalPrecision: 2,
        data: [48544, 59700, 0, 0, 0, 0, 0, 0], strokeWidth: [115, 0, -15, 0],
        strokeColor: [255], strokeParticlesRandomSeed: 0, compositeOperation: 2))
  }

  @Test func sparkDotStroke() throws {
    let stroke = try Stroke(parsing: Self.sparkDot)
    #expect(stroke.points == Array(repeating: InkPoint(x: 485.44, y: 597.00), count: 4))
    #expect(stroke.widths == [1.15, 1.15, 1.00, 1.00])
    #expect(stroke.colors == [InkColor(red: 0, green: 0, blue: 0, alpha: 255)])
    #expect(stroke.layout == .xyWidth)
    #expect(stroke.particlesRandomSeed == 0)
    #expect(stroke.paintIndex == nil)
    #expect(stroke.blendMode == .sourceOver)
    #expect(stroke.wire.storedFields == .all)
    #expect(try PathRecord(quantizing: stroke).serialized() == Self.sparkDot)
  }

  @Test func negativeColour() throws {
    // 0x89AE00FF as sint32 is -1985085185, zigzag 3970170369.
    let bytes: [UInt8] = [0x32, 0x05, 0x81, 0xFC, 0x8F, 0xE5, 0x0E]
    try assertRoundTrip(bytes, PathRecord(strokeColor: [-1_985_085_185]))
    #expect(try Stroke(parsing: bytes).colors == [InkColor(rgba: 0x89AE_00FF)])
  }

  @Test func eachScalarField() throws {
    try assertRoundTrip([0x0D, 0x00, 0x00, 0x40, 0x3F], PathRecord(startParameter: 0.75))
    try assertRoundTrip([0x15, 0x00, 0x00, 0x20, 0x3F], PathRecord(endParameter: 0.625))
    try assertRoundTrip([0x18, 0x05], PathRecord(decimalPrecision: 5))
    try assertRoundTrip([0x38, 0x03], PathRecord(strokePaint: 3))
    try assertRoundTrip([0x40, 0xAC, 0x02], PathRecord(strokeParticlesRandomSeed: 300))
    try assertRoundTrip([0x48, 0x00], PathRecord(compositeOperation: 0))
    try assertRoundTrip([0x48, 0x07], PathRecord(compositeOperation: 7))
    // Field 100 has a two-byte tag: (100 << 3) | 0 = 800 = A0 06.
    try assertRoundTrip([0xA0, 0x06, 0x2A], PathRecord(id: 42))
    // An enum value of -1 is a ten-byte varint; it is kept as stored.
    try assertRoundTrip(
      [0x48, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],
      PathRecord(compositeOperation: -1))
  }

  @Test func packedAndUnpackedData() throws {
    let packed: [UInt8] = [0x22, 0x04, 0x02, 0x04, 0x03, 0x05]
    let unpacked: [UInt8] = [0x20, 0x02, 0x20, 0x04, 0x20, 0x03, 0x20, 0x05]
    let expected = PathRecord(data: [1, 2, -2, -3])
    try assertRoundTrip(packed, expected)
    #expect(try PathRecord(parsing: unpacked) == expected)
    // Unpacked input is re-written packed.
    #expect(try PathRecord(parsing: unpacked).serialized() == packed)
    let stroke = try Stroke(parsing: unpacked)
    #expect(stroke.points == [InkPoint(x: 0.01, y: 0.02), InkPoint(x: -0.01, y: -0.01)])
  }

  @Test func packedFieldInTwoChunksConcatenates() throws {
    let bytes: [UInt8] = [0x22, 0x01, 0x02, 0x22, 0x03, 0x04, 0x03, 0x05]
    let record = try PathRecord(parsing: bytes)
    #expect(record.data == [1, 2, -2, -3])
    #expect(try Stroke(parsing: bytes).points.count == 2)
  }

  @Test func fieldsInAnyOrderLastScalarWins() throws {
    // Blend mode first, precision 3 then 1 (the last wins), data [1000, 1] between them.
    let fixed: [UInt8] = [
      0x48, 0x07, 0x18, 0x03, 0x22, 0x03, 0xD0, 0x0F, 0x02, 0x18, 0x01, 0x32, 0x02, 0xFE, 0x03,
    ]
    let stroke = try Stroke(parsing: fixed)
    #expect(stroke.decimalPrecision == 1)
    #expect(stroke.points == [InkPoint(x: 100.0, y: 0.1)])
    #expect(stroke.blendMode == .destinationOut)
  }

  @Test func unknownFieldsAreKeptAndWrittenBack() throws {
    let unknown: [UInt8] = [
      0x50, 0x07,  // field 10 varint
      0x5A, 0x02, 0xAA, 0xBB,  // field 11 bytes
      0x61, 1, 2, 3, 4, 5, 6, 7, 8,  // field 12 fixed64
      0x6D, 1, 2, 3, 4,  // field 13 fixed32
      0x73, 0x08, 0x01, 0x74,  // field 14 group
    ]
    let bytes: [UInt8] = [0x18, 0x02] + unknown + [0x22, 0x02, 0x02, 0x04]
    let record = try PathRecord(parsing: bytes)
    #expect(record.unknownFields == Array(unknown))
    #expect(record.data == [1, 2])
    // Known fields are written first, unknown ones after them.
    #expect(record.serialized() == [0x18, 0x02, 0x22, 0x02, 0x02, 0x04] + unknown)
    let stroke = try Stroke(parsing: bytes)
    #expect(stroke.wire.unknownFields == Array(unknown))
    #expect(try PathRecord(quantizing: stroke).unknownFields == Array(unknown))
  }

  @Test func knownFieldWithWrongWireTypeIsKeptAsUnknown() throws {
    // Field 1 as a varint instead of fixed32: protobuf runtimes keep it as an unknown field.
    let bytes: [UInt8] = [0x08, 0x01]
    let record = try PathRecord(parsing: bytes)
    #expect(record.startParameter == nil)
    #expect(record.unknownFields == bytes)
  }

  @Test func emptyRecordTakesProto2Defaults() throws {
    let stroke = try Stroke(parsing: [])
    #expect(stroke.points.isEmpty)
    #expect(stroke.startParameter == 0)
    #expect(stroke.endParameter == 1)
    #expect(stroke.decimalPrecision == 2)
    #expect(stroke.blendMode == .sourceOver)
    #expect(stroke.wire.storedFields == [])
    #expect(stroke.widths.isEmpty && stroke.colors.isEmpty)
    #expect(try PathRecord(quantizing: stroke).serialized() == [])
  }
}

@Suite struct StrokeModelTests {
  @Test func constantWidthAndPerPointAlpha() throws {
    let stroke = Stroke(
      points: [0, 0, 1, 10, 10, 0.5, 20, 0, 0], layout: .xyAlpha, width: 2.5,
      color: InkColor(red: 200, green: 10, blue: 20))
    #expect(stroke.layout == .xyAlpha)
    #expect(stroke.widths == [2.5])
    #expect(stroke.colors.map(\.alpha) == [255, 128, 0])
    let decoded = try Stroke(parsing: PathRecord(quantizing: stroke).serialized())
    #expect(decoded == stroke)
    #expect(decoded.interleavedValues() == [0, 0, 1, 10, 10, 128.0 / 255, 20, 0, 0])
  }

  @Test func shortWidthListRepeatsItsLastValue() throws {
    // Three points, two widths: the third point takes the last width.
    let record = PathRecord(data: [100, 100, 100, 0, 100, 0], strokeWidth: [150, 50])
    let stroke = try Stroke(parsing: record.serialized())
    #expect(stroke.widths == [1.5, 2.0])
    #expect(stroke.width(at: 2) == 2.0)
    #expect(stroke.interleavedValues() == [1, 1, 1.5, 2, 1, 2, 3, 1, 2])
    #expect(
      try PathRecord(quantizing: stroke)
        == PathRecord(
          decimalPrecision: nil, data: record.data, strokeWidth: record.strokeWidth))
  }

  @Test(arguments: BlendMode.names.indices)
  func blendModeNames(value: Int) {
    let mode = BlendMode(rawValue: Int64(value))
    #expect(mode.name == BlendMode.names[value])
    #expect(mode.effective == (mode.isInProtoEnum ? mode : .sourceOver))
  }

  @Test func unknownBlendModeIsSourceOver() {
    #expect(BlendMode(rawValue: 0).effective == .sourceOver)
    #expect(BlendMode(rawValue: 99).effective == .sourceOver)
    #expect(BlendMode(rawValue: 99).name == "UNKNOWN_99")
    #expect(BlendMode.destinationOut.effective == .destinationOut)
  }

  @Test func colourDescription() {
    #expect(InkColor(rgba: 0x0021_C07F).description == "#0021C07F")
    #expect(InkColor(rgba: 0x0021_C07F).rgba == 0x0021_C07F)
  }
}
