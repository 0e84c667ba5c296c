/// A particle brush from `style/paints.protobuf`: textures and the rules for scattering them
/// along a stroke. A stroke selects one by ``Stroke/paintIndex`` (zero-based position).
///
/// The paints part is carried through saves unchanged; this is its decoded view.
public struct ParticlesPaint: Sendable, Hashable, Codable {
  /// How particles are rotated.
  public enum Rotation: Sendable, Hashable, Codable {
    /// Not rotated.
    case none
    /// Rotated randomly.
    case random
    /// Rotated along the stroke's direction.
    case trajectory
    /// A number outside the enum, kept as stored.
    case unknown(Int64)

    init(rawValue: Int64) {
      switch rawValue {
      case 0: self = .none
      case 1: self = .random
      case 2: self = .trajectory
      default: self = .unknown(rawValue)
      }
    }

    /// The wire number.
    public var rawValue: Int64 {
      switch self {
      case .none: 0
      case .random: 1
      case .trajectory: 2
      case .unknown(let value): value
      }
    }
  }

  /// Field 1: the particle shape images (PNG bytes).
  public var shape: [[UInt8]] = []
  /// Field 2: the distance between particles, relative to the width (default 2).
  public var spacing: Float = 2
  /// Field 3: how far particles scatter sideways, relative to the width (default 0).
  public var scattering: Float = 0
  /// Field 4: particle rotation (default none).
  public var rotation: Rotation = .none
  /// Field 5: the fill texture images (PNG bytes).
  public var fill: [[UInt8]] = []
  /// Field 6: the fill texture's width (default 4).
  public var fillWidth: Float = 4
  /// Field 7: the fill texture's height (default 4).
  public var fillHeight: Float = 4
  /// Field 8: whether the fill texture offset is randomised (default false).
  public var randomizeFill = false
  /// Field 9: how particles are composited (default source-over).
  public var blendMode: BlendMode = .sourceOver
  /// Field 100: the paint's id.
  public var id: UInt32?

  /// Creates a paint with the proto2 defaults.
  public init() {}

  /// Decodes one `ParticlesPaint` record.
  init(parsing reader: inout WireReader) throws(WillError) {
    while !reader.isAtEnd {
      let tag = try reader.readTag()
      switch (tag.fieldNumber, tag.wireType) {
      case (1, .lengthDelimited): shape.append(reader.bytes(in: try reader.readLengthDelimited()))
      case (2, .fixed32): spacing = Float(bitPattern: try reader.readFixed32())
      case (3, .fixed32): scattering = Float(bitPattern: try reader.readFixed32())
      case (4, .varint): rotation = Rotation(rawValue: Int64(bitPattern: try reader.readVarint()))
      case (5, .lengthDelimited): fill.append(reader.bytes(in: try reader.readLengthDelimited()))
      case (6, .fixed32): fillWidth = Float(bitPattern: try reader.readFixed32())
      case (7, .fixed32): fillHeight = Float(bitPattern: try reader.readFixed32())
      case (8, .varint): randomizeFill = try reader.readVarint() != 0
      case (9, .varint): blendMode = BlendMode(rawValue: Int64(bitPattern: try reader.readVarint()))
      case (100, .varint): id = try reader.readVarint32(field: "id")
      default: _ = try reader.skipValue(of: tag)
      }
    }
  }

  /// Decodes a paints part: length-prefixed `ParticlesPaint` records, like a paths stream.
  /// - Throws: ``WillError`` with the offset within the part.
  public static func decodeAll(
    _ bytes: [UInt8], part: String? = nil, limits: DecodingLimits = .default
  ) throws(WillError) -> [ParticlesPaint] {
    try bytes.withWireBytes { (buffer) throws(WillError) -> [ParticlesPaint] in
      var reader = WireReader(buffer)
      var paints: [ParticlesPaint] = []
      do throws(WillError) {
        while !reader.isAtEnd {
          try limits.check(.strokes, paints.count + 1, offset: reader.position)
          let range = try PathsStream.nextRecord(&reader)
          var record = WireReader(buffer, range: range)
          paints.append(try ParticlesPaint(parsing: &record))
        }
      } catch {
        throw error.located(part: part, strokeIndex: nil)
      }
      return paints
    }
  }
}

extension ParticlesPaint {
  /// The record's fields in ascending order; defaults are written too, as Wacom's writer does.
  func serialized() -> [UInt8] {
    var bytes: [UInt8] = []
    func varint(_ value: UInt64) {
      var v = value
      while v >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
        v >>= 7
      }
      bytes.append(UInt8(v))
    }
    func float(_ tag: UInt8, _ value: Float) {
      bytes.append(tag)
      for shift in stride(from: 0, to: 32, by: 8) {
        bytes.append(UInt8(truncatingIfNeeded: value.bitPattern >> shift))
      }
    }
    for image in shape {
      bytes.append(0x0A)
      varint(UInt64(image.count))
      bytes += image
    }
    float(0x15, spacing)
    float(0x1D, scattering)
    bytes.append(0x20)
    varint(UInt64(bitPattern: rotation.rawValue))
    for image in fill {
      bytes.append(0x2A)
      varint(UInt64(image.count))
      bytes += image
    }
    float(0x35, fillWidth)
    float(0x3D, fillHeight)
    bytes.append(0x40)
    varint(randomizeFill ? 1 : 0)
    bytes.append(0x48)
    varint(UInt64(bitPattern: blendMode.rawValue))
    if let id {
      bytes += [0xA0, 0x06]
      varint(UInt64(id))
    }
    return bytes
  }

  /// A paints part: each paint with its length prefix.
  static func encodeAll(_ paints: [ParticlesPaint]) -> [UInt8] {
    var output: [UInt8] = []
    for paint in paints {
      let record = paint.serialized()
      WireWriter.append(
        to: &output, size: Varint.encodedSize(of: UInt64(record.count)) + record.count
      ) {
        $0.writeVarint(UInt64(record.count))
        $0.write(bytes: record)
      }
    }
    return output
  }
}
