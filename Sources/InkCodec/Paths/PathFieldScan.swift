/// One pass over a `Path` record that finds each field without decoding the repeated ones.
///
/// Follows proto2: fields in any order, the last value of a scalar wins, repeated fields
/// accept packed and unpacked elements, and unknown fields (including a known number with
/// the wrong wire type, as protobuf runtimes do) are skipped by wire type and kept.
///
/// Not ``MessageReader``: the measured fast path keeps ranges, not copies, of every field.
struct PathFieldScan {
  var startParameter: UInt32?
  var endParameter: UInt32?
  var decimalPrecision: UInt32?
  var decimalPrecisionOffset = 0
  var data = VarintRuns()
  var strokeWidth = VarintRuns()
  var strokeColor = VarintRuns()
  var strokePaint: UInt32?
  var particlesRandomSeed: UInt32?
  var compositeOperation: UInt64?
  var id: UInt32?
  /// Whole unknown fields (tag and value), in order.
  var unknownFields: [Range<Int>] = []

  init(parsing reader: inout WireReader) throws(WillError) {
    while !reader.isAtEnd {
      let tagOffset = reader.position
      let tag = try reader.readTag()
      switch (tag.fieldNumber, tag.wireType) {
      case (1, .fixed32): startParameter = try reader.readFixed32()
      case (2, .fixed32): endParameter = try reader.readFixed32()
      case (3, .varint):
        decimalPrecisionOffset = reader.position
        decimalPrecision = try reader.readVarint32(field: "decimalPrecision")
      case (4, .lengthDelimited):
        data.append(try reader.readLengthDelimited(), tagOffset: tagOffset)
      case (5, .lengthDelimited):
        strokeWidth.append(try reader.readLengthDelimited(), tagOffset: tagOffset)
      case (6, .lengthDelimited):
        strokeColor.append(try reader.readLengthDelimited(), tagOffset: tagOffset)
      case (4, .varint), (5, .varint), (6, .varint):
        let start = reader.position
        _ = try reader.readVarint()
        let run = start..<reader.position
        switch tag.fieldNumber {
        case 4: data.append(run, tagOffset: tagOffset)
        case 5: strokeWidth.append(run, tagOffset: tagOffset)
        default: strokeColor.append(run, tagOffset: tagOffset)
        }
      case (7, .varint): strokePaint = try reader.readVarint32(field: "strokePaint")
      case (8, .varint):
        particlesRandomSeed = try reader.readVarint32(field: "strokeParticlesRandomSeed")
      case (9, .varint): compositeOperation = try reader.readVarint()
      case (100, .varint): id = try reader.readVarint32(field: "id")
      default:
        let value = try reader.skipValue(of: tag)
        unknownFields.append(tagOffset..<value.upperBound)
      }
    }
  }
}
