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
  /// The fields this library does not know (tags and values), in the order read; written back
  /// after the known fields.
  public var unknownFields: [UInt8] = []

  /// Creates a paint with the proto2 defaults.
  public init() {}

  /// Decodes one `ParticlesPaint` record. A field this type does not know, or a known number
  /// with another wire type (as protobuf runtimes treat it), is kept in ``unknownFields``.
  init(parsing reader: inout MessageReader) throws(WillError) {
    while let tag = try reader.next() {
      switch tag {
      case PaintField.shape: shape.append(try reader.bytes("shape"))
      case PaintField.spacing: spacing = try reader.float("spacing")
      case PaintField.scattering: scattering = try reader.float("scattering")
      case PaintField.rotation:
        rotation = Rotation(rawValue: Int64(bitPattern: try reader.uint64("rotation")))
      case PaintField.fill: fill.append(try reader.bytes("fill"))
      case PaintField.fillWidth: fillWidth = try reader.float("fillWidth")
      case PaintField.fillHeight: fillHeight = try reader.float("fillHeight")
      case PaintField.randomizeFill: randomizeFill = try reader.bool("randomizeFill")
      case PaintField.blendMode:
        blendMode = BlendMode(rawValue: Int64(bitPattern: try reader.uint64("blendMode")))
      case PaintField.id: id = try reader.uint32("id")
      default: try reader.keepUnknown()
      }
    }
    unknownFields = reader.unknown
  }
}

extension ParticlesPaint {
  /// The record's size in bytes, as ``write(to:)`` writes it.
  var encodedSize: Int {
    func field(_ tag: FieldTag, _ valueSize: Int) -> Int {
      Varint.encodedSize(of: tag.rawValue) + valueSize
    }
    func varint(_ tag: FieldTag, _ value: UInt64) -> Int {
      field(tag, Varint.encodedSize(of: value))
    }
    func image(_ tag: FieldTag, _ bytes: [UInt8]) -> Int {
      varint(tag, UInt64(bytes.count)) + bytes.count
    }
    var size = shape.reduce(0) { $0 + image(PaintField.shape, $1) }
    size += fill.reduce(0) { $0 + image(PaintField.fill, $1) }
    size += field(PaintField.spacing, 4) + field(PaintField.scattering, 4)
    size += field(PaintField.fillWidth, 4) + field(PaintField.fillHeight, 4)
    size += varint(PaintField.rotation, UInt64(bitPattern: rotation.rawValue))
    size += varint(PaintField.randomizeFill, randomizeFill ? 1 : 0)
    size += varint(PaintField.blendMode, UInt64(bitPattern: blendMode.rawValue))
    if let id { size += varint(PaintField.id, UInt64(id)) }
    return size + unknownFields.count
  }

  /// Writes the record's known fields in ascending order, then its unknown fields; defaults
  /// are written too, as Wacom's writer does.
  func write(to writer: inout WireWriter) {
    func image(_ tag: FieldTag, _ bytes: [UInt8]) {
      writer.writeTag(tag)
      writer.writeVarint(UInt64(bytes.count))
      writer.write(bytes: bytes)
    }
    func float(_ tag: FieldTag, _ value: Float) {
      writer.writeTag(tag)
      writer.writeFixed32(value.bitPattern)
    }
    func varint(_ tag: FieldTag, _ value: UInt64) {
      writer.writeTag(tag)
      writer.writeVarint(value)
    }
    for bytes in shape { image(PaintField.shape, bytes) }
    float(PaintField.spacing, spacing)
    float(PaintField.scattering, scattering)
    varint(PaintField.rotation, UInt64(bitPattern: rotation.rawValue))
    for bytes in fill { image(PaintField.fill, bytes) }
    float(PaintField.fillWidth, fillWidth)
    float(PaintField.fillHeight, fillHeight)
    varint(PaintField.randomizeFill, randomizeFill ? 1 : 0)
    varint(PaintField.blendMode, UInt64(bitPattern: blendMode.rawValue))
    if let id { varint(PaintField.id, UInt64(id)) }
    writer.write(bytes: unknownFields)
  }
}
