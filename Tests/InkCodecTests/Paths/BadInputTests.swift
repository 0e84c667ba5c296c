import Testing

@testable import InkCodec

/// Malformed records and streams: each gives a typed error with its offset, and nothing traps.
@Suite struct BadInputTests {
  func decodeError(_ stream: [UInt8], limits: DecodingLimits = .default) -> WillError? {
    do {
      _ = try PathsStream(parsing: stream, part: "/p.protobuf", limits: limits).strokes
      return nil
    } catch {
      return error
    }
  }

  @Test func truncatedLengthPrefix() {
    let error = decodeError([0x05, 0x18, 0x02, 0x0C, 0x80])
    #expect(
      error
        == WillError(
          .truncated(needed: 5, available: 4), part: "/p.protobuf", offset: 0, strokeIndex: 0))
  }

  @Test func truncatedVarintInsideRecord() {
    // Record of 2 bytes: tag 0x18 then a varint whose continuation bit runs off the record.
    let error = decodeError([0x02, 0x18, 0x80])
    #expect(error?.kind == .truncated(needed: 2, available: 1))
    #expect(error?.offset == 2)
    #expect(error?.strokeIndex == 0)
  }

  @Test func truncatedVarintInsidePackedData() {
    let error = decodeError([0x04, 0x22, 0x02, 0x02, 0x80])
    #expect(error?.kind == .truncated(needed: 1, available: 0))
    #expect(error?.offset == 5)
  }

  @Test func lengthPastTheEndOfTheRecord() {
    // The packed field claims 9 bytes inside a 4-byte record.
    let error = decodeError([0x04, 0x22, 0x09, 0x02, 0x04])
    #expect(error?.kind == .truncated(needed: 9, available: 2))
    #expect(error?.offset == 2)
  }

  @Test func overlongVarintLength() {
    let error = decodeError(Array(repeating: 0xFF, count: 10) + [0x01])
    #expect(error?.kind == .malformedVarint)
    #expect(error?.offset == 0)
  }

  @Test func recordLengthOfTwoToThe32() {
    let error = decodeError([0x80, 0x80, 0x80, 0x80, 0x10, 0x00])
    #expect(error?.kind == .truncated(needed: 1 << 32, available: 1))
  }

  @Test func secondRecordIsLocated() {
    let good: [UInt8] = [0x06, 0x22, 0x04, 0x02, 0x04, 0x06, 0x08]
    let error = decodeError(good + [0x02, 0x22, 0x05])
    #expect(error?.strokeIndex == 1)
    #expect(error?.kind == .truncated(needed: 5, available: 0))
    #expect(error?.offset == 9)
  }

  @Test func packedValuePastThirtyTwoBits() {
    // 0xFF 0xFF 0xFF 0xFF 0x1F is 2^33 - 1.
    let error = decodeError([0x08, 0x22, 0x06, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x1F])
    #expect(error?.kind == .valueOutOfRange(field: "data", value: (1 << 33) - 1))
    #expect(error?.offset == 4)
  }

  @Test func int32OverflowInDeltaSums() {
    // x0 = Int32.max, then +1.
    let maxZigzag: [UInt8] = [0xFE, 0xFF, 0xFF, 0xFF, 0x0F]
    let record: [UInt8] = [0x22, 0x0A] + maxZigzag + [0x00] + [0x02] + [0x00] + [0x00, 0x00]
    let error = decodeError([UInt8(record.count)] + record)
    #expect(error?.kind == .integerOverflow(channel: "data"))
    #expect(error?.offset == 9)
    #expect(error?.category == .format)
  }

  @Test func widthOverflow() {
    let record: [UInt8] = [0x22, 0x04, 0, 0, 0, 0, 0x2A, 0x06, 0xFE, 0xFF, 0xFF, 0xFF, 0x0F, 0x02]
    #expect(
      decodeError([UInt8(record.count)] + record)?.kind == .integerOverflow(channel: "strokeWidth"))
  }

  @Test func oddNumberOfDataValues() {
    let error = decodeError([0x05, 0x22, 0x03, 0x02, 0x04, 0x06])
    #expect(error?.kind == .oddCoordinateCount(3))
    #expect(error?.offset == 1)
  }

  @Test func moreWidthsThanPoints() {
    let record: [UInt8] = [0x22, 0x02, 0x02, 0x04, 0x2A, 0x02, 0x02, 0x02]
    let error = decodeError([UInt8(record.count)] + record)
    #expect(error?.kind == .channelLengthMismatch(channel: "strokeWidth", points: 1, values: 2))
    #expect(error?.offset == 5)
  }

  @Test func moreColoursThanPoints() {
    let record: [UInt8] = [0x22, 0x02, 0x02, 0x04, 0x32, 0x03, 0xFE, 0x03, 0x00]
    let error = decodeError([UInt8(record.count)] + record)
    #expect(error?.kind == .channelLengthMismatch(channel: "strokeColor", points: 1, values: 2))
  }

  @Test func unsupportedPrecision() {
    // decimalPrecision 4 billion (0xEE6B2800).
    let record: [UInt8] = [0x18, 0x80, 0xD0, 0xAC, 0xF3, 0x0E]
    let error = decodeError([UInt8(record.count)] + record)
    #expect(error?.kind == .unsupportedPrecision(4_000_000_000))
    #expect(error?.category == .unsupported)
    #expect(error?.offset == 2)
  }

  @Test func nonFiniteTs() {
    let nan = Float.nan.bitPattern
    let record: [UInt8] = [0x0D] + (0..<4).map { UInt8(truncatingIfNeeded: nan >> ($0 * 8)) }
    #expect(decodeError([0x05] + record)?.kind == .nonFiniteParameter(field: "startParameter"))
  }

  @Test func strokeAndPointLimits() {
    let empties = [UInt8](repeating: 0, count: 11)
    let limits = DecodingLimits(maxStrokes: 10)
    #expect(
      decodeError(empties, limits: limits)?.kind == .limitExceeded(.strokes, value: 11, limit: 10))
    let record: [UInt8] = [0x22, 0x04, 0x02, 0x04, 0x06, 0x08]
    #expect(
      decodeError([0x06] + record, limits: DecodingLimits(maxPointsPerStroke: 1))?.kind
        == .limitExceeded(.pointsPerStroke, value: 2, limit: 1))
    #expect(
      decodeError([0x06] + record + [0x06] + record, limits: DecodingLimits(maxTotalPoints: 3))?
        .kind
        == .limitExceeded(.totalPoints, value: 4, limit: 3))
  }

  @Test func packedFieldClaimingMoreValuesThanBytes() {
    // A length prefix far beyond the record: rejected before anything is allocated.
    let record: [UInt8] = [0x22, 0xFF, 0xFF, 0xFF, 0xFF, 0x07]
    #expect(
      decodeError([UInt8(record.count)] + record)?.kind
        == .truncated(needed: 2_147_483_647, available: 0))
  }

  @Test func errorDescriptionNamesPartOffsetAndStroke() {
    let error = WillError(
      .oddCoordinateCount(3), part: "/sections/media/paths.protobuf", offset: 0x1A3, strokeIndex: 17
    )
    #expect(
      error.description
        == "/sections/media/paths.protobuf@0x1A3 (stroke 17): data holds 3 values, an odd number: x and y must come in pairs"
    )
  }

  @Test func decoderDoesNotAdvancePastABadRecord() throws {
    let good: [UInt8] = [0x06, 0x22, 0x04, 0x02, 0x04, 0x06, 0x08]
    var decoder = InkDecoder(bytes: good + [0x02, 0x22, 0x05])
    #expect(try decoder.next() != nil)
    #expect(decoder.offset == 7)
    #expect(throws: WillError.self) { try decoder.next() }
    #expect(decoder.offset == 7)
    #expect(decoder.strokeIndex == 1)
  }
}

/// Values an encoder cannot write give typed errors, and leave the stream unchanged.
@Suite struct EncoderInputTests {
  @Test func nanAndInfinityAreRejected() {
    var encoder = InkEncoder()
    let nanPoint = Stroke(points: [InkPoint(x: .nan, y: 0)], widths: [1])
    #expect(throws: WillError(.nonFiniteValue(channel: "x"), strokeIndex: 0)) {
      try encoder.append(nanPoint)
    }
    let infiniteWidth = Stroke(points: [InkPoint(x: 0, y: 0)], widths: [.infinity])
    #expect(throws: WillError(.nonFiniteValue(channel: "width"), strokeIndex: 0)) {
      try encoder.append(infiniteWidth)
    }
    var nanTs = Stroke(points: [], widths: [])
    nanTs.startParameter = .nan
    #expect(throws: WillError(.nonFiniteValue(channel: "startParameter"), strokeIndex: 0)) {
      try encoder.append(nanTs)
    }
    #expect(encoder.bytes.isEmpty)
    #expect(encoder.strokeCount == 0)
  }

  @Test func valuesBeyondInt32AreRejected() {
    var encoder = InkEncoder()
    let huge = Stroke(points: [InkPoint(x: 30_000_000, y: 0)], widths: [1])
    #expect(
      throws: WillError(
        .valueTooLarge(channel: "x", value: 30_000_000, precision: 2), strokeIndex: 0)
    ) {
      try encoder.append(huge)
    }
    #expect((try? encoder.append(huge, precision: 1)) != nil)
    let wideJump = Stroke(
      points: [InkPoint(x: -20_000_000, y: 0), InkPoint(x: 20_000_000, y: 0)], widths: [1])
    #expect(throws: WillError.self) { try encoder.append(wideJump) }
  }

  /// A precision an app sets out of range is an error when the stroke is written.
  @Test func anUnsupportedPrecisionIsAnErrorNotATrap() throws {
    for precision in [9, 12, -1, Int.max] {
      let error = #expect(throws: WillError.self) {
        _ = try PathRecord(quantizing: Stroke(points: [], widths: []), precision: precision)
      }
      #expect(error?.category == .unsupported)
      var stroke = Stroke(points: [InkPoint(x: 1, y: 2)], widths: [1])
      stroke.decimalPrecision = precision
      #expect(throws: WillError.self) { try PathsStream(strokes: [stroke]).serialized() }
      #expect(throws: WillError.self) {
        try WillDocument(strokes: [stroke], pageWidth: 10, pageHeight: 10).serialized()
      }
    }
    let error = #expect(throws: WillError.self) {
      try WillDocument(strokes: [], pageWidth: 10, pageHeight: 10)
        .serialized(options: WriteOptions(deflateLevel: 10))
    }
    #expect(error?.category == .unsupported)
  }
}
