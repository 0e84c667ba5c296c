import Testing

@testable import InkCodec

/// `Varint.endCount` counts the bytes below 0x80 of any range, whole words and tail alike.
@Suite struct VarintEndCountTests {
  @Test func everyRangeOfAMixedBuffer() {
    // A step coprime to 256: bytes above and below 0x80 in an irregular order.
    let bytes = (0..<96).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) }
    bytes.withUnsafeBytes { buffer in
      for start in 0...bytes.count {
        for end in start...bytes.count {
          let expected = bytes[start..<end].filter { $0 < 0x80 }.count
          #expect(Varint.endCount(in: buffer, start..<end) == expected, "\(start)..<\(end)")
        }
      }
    }
  }

  @Test func theValuesOfARunOfVarints() {
    let values: [UInt64] = [0, 1, 127, 128, 16_383, 16_384, 1 << 35, .max]
    let run = values.flatMap(Varint.bytes(of:))
    run.withUnsafeBytes { #expect(Varint.endCount(in: $0, 0..<run.count) == values.count) }
  }
}
