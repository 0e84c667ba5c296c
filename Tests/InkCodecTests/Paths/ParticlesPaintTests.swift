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

  /// Fields the paint does not know — a new field number, a known number with another wire
  /// type, a group — are kept in order and written back after the known fields: a part that
  /// lists them last re-encodes byte for byte.
  @Test func keepsUnknownFieldsByteForByte() throws {
    var paint = ParticlesPaint()
    paint.id = 5
    let known = PaintsPart(paints: [paint]).serialized().dropFirst()
    let unknown: [UInt8] =
      [0xB8, 0x06, 0x2A]  // field 103, varint 42
      + [0x12, 0x02, 0xAB, 0xCD]  // field 2 (spacing) as bytes: not the float
      + [0x5B, 0x08, 0x01, 0x5C]  // field 11, a group holding field 1 = 1
    let record = Array(known) + unknown
    let part = [UInt8(record.count)] + record
    let read = try #require(try PaintsPart(parsing: part).paints.first)
    #expect(read.unknownFields == unknown)
    #expect(read.spacing == 2 && read.id == 5)
    #expect(PaintsPart(paints: [read]).serialized() == part)
    // Unknown fields before known ones come back after them, unchanged.
    let reordered = [UInt8(record.count)] + unknown + known
    let moved = try PaintsPart(parsing: reordered).paints
    #expect(moved == [read])
  }

  /// A stray end-group tag is an unbalanced group, as before paints kept unknown fields.
  @Test func strayEndGroupIsUnbalanced() {
    #expect {
      try PaintsPart(parsing: [2, 0x0C, 0x00])
    } throws: { error in
      (error as? WillError)?.kind == .unbalancedGroup
    }
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
