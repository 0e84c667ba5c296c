import InkTestSupport
import Testing

@testable import InkCodec

/// `ParticlesPaint` writes through `WireWriter`: the bytes must stay what Wacom's writer
/// produces, so that a rebuilt paints part equals the one read.
@Suite struct ParticlesPaintTests {
  /// Every field, by hand: tags 0x0A, 0x15, 0x1D, 0x20, 0x2A, 0x35, 0x3D, 0x40, 0x48 and
  /// 0xA0 0x06 (field 100), in ascending order, defaults written too.
  @Test func encodesEveryFieldInOrder() throws {
    var paint = ParticlesPaint()
    paint.shape = [[1, 2]]
    paint.spacing = 1
    paint.rotation = .trajectory
    paint.fill = [[3], []]
    paint.randomizeFill = true
    paint.blendMode = BlendMode(rawValue: 3)
    paint.id = 300
    let expected: [UInt8] =
      [0x0A, 0x02, 1, 2]
      + [0x15, 0x00, 0x00, 0x80, 0x3F]  // spacing 1.0
      + [0x1D, 0x00, 0x00, 0x00, 0x00]  // scattering 0
      + [0x20, 0x02]  // rotation: trajectory
      + [0x2A, 0x01, 3, 0x2A, 0x00]  // two fill images, the second empty
      + [0x35, 0x00, 0x00, 0x80, 0x40]  // fillWidth 4.0
      + [0x3D, 0x00, 0x00, 0x80, 0x40]  // fillHeight 4.0
      + [0x40, 0x01]  // randomizeFill
      + [0x48, 0x03]  // blend mode 3
      + [0xA0, 0x06, 0xAC, 0x02]  // id 300
    let part = PaintsPart(paints: [paint, ParticlesPaint()]).serialized()
    let second: [UInt8] =
      [0x15, 0, 0, 0, 0x40, 0x1D, 0, 0, 0, 0, 0x20, 0, 0x35, 0, 0, 0x80, 0x40]
      + [0x3D, 0, 0, 0x80, 0x40, 0x40, 0, 0x48, BlendMode.sourceOver.wireByte]
    #expect(part == [UInt8(expected.count)] + expected + [UInt8(second.count)] + second)
    #expect(try PaintsPart(parsing: part).paints == [paint, ParticlesPaint()])
  }

  /// Paints count against their own limit, not the strokes'.
  @Test func paintsCountAgainstMaxPaints() throws {
    let part = PaintsPart(paints: Array(repeating: ParticlesPaint(), count: 3)).serialized()
    #expect(try PaintsPart(parsing: part, limits: DecodingLimits(maxStrokes: 1)).paints.count == 3)
    #expect {
      try PaintsPart(parsing: part, limits: DecodingLimits(maxPaints: 2)).paints
    } throws: { error in
      (error as? WillError)?.kind == .limitExceeded(.paints, value: 3, limit: 2)
    }
  }

  /// The real paints part (35 523 bytes of particle textures) decodes and re-encodes to the
  /// same bytes.
  @Test(.enabled(if: ExternalSamples.isAvailable, "../shared/will-samples is absent"))
  func realPaintsPartReencodesByteForByte() throws {
    let entries = try ZipArchive.read(try ExternalSamples.bytes("gjiovi__pywillparser__test.will"))
    let part = try #require(
      entries.first { $0.name.description.hasSuffix("style/paints.protobuf") })
    let paints = try PaintsPart(parsing: part.data).paints
    #expect(paints.count > 0)
    #expect(paints.allSatisfy { !$0.shape.isEmpty })
    let encoded = PaintsPart(paints: paints).serialized()
    #expect(encoded.count == part.data.count)
    #expect(encoded == part.data)
  }
}

extension BlendMode {
  /// The one-byte varint of the mode's wire number.
  fileprivate var wireByte: UInt8 { UInt8(rawValue) }
}
