extension PathRecord {
  /// Parses one record from its bytes (without the length prefix).
  /// - Throws: ``WillError`` with the offset of the first bad byte, relative to `bytes`.
  public init(parsing bytes: [UInt8]) throws(WillError) {
    self = try bytes.withWireBytes { (buffer) throws(WillError) -> PathRecord in
      var reader = WireReader(buffer)
      return try PathRecord(parsing: &reader)
    }
  }

  /// Parses the record that fills `reader`'s readable range.
  init(parsing reader: inout WireReader) throws(WillError) {
    let base = reader.base
    let scan = try PathFieldScan(parsing: &reader)
    self.init(
      startParameter: scan.startParameter.map(Float.init(bitPattern:)),
      endParameter: scan.endParameter.map(Float.init(bitPattern:)),
      decimalPrecision: scan.decimalPrecision,
      data: try Self.integers(scan.data, in: base, field: "data"),
      strokeWidth: try Self.integers(scan.strokeWidth, in: base, field: "strokeWidth"),
      strokeColor: try Self.integers(scan.strokeColor, in: base, field: "strokeColor"),
      strokePaint: scan.strokePaint,
      strokeParticlesRandomSeed: scan.particlesRandomSeed,
      compositeOperation: scan.compositeOperation.map { Int64(bitPattern: $0) },
      id: scan.id,
      unknownFields: scan.unknownFields.flatMap {
        Array(UnsafeRawBufferPointer(rebasing: base[$0]))
      }
    )
  }

  private static func integers(
    _ runs: VarintRuns, in base: UnsafeRawBufferPointer, field: String
  ) throws(WillError) -> [Int32] {
    let count = try runs.count(in: base)
    var values: [Int32] = []
    try CheckedAllocation.reserve(&values, capacity: count)
    if let failure = runs.forEachValue(
      in: base, field: field,
      { raw, _ in
        values.append(ZigZag.decoded(raw))
        return true
      })
    {
      throw failure
    }
    return values
  }

  /// The number of bytes ``serialized()`` produces.
  public var serializedSize: Int {
    var size = 0
    if startParameter != nil { size += 5 }
    if endParameter != nil { size += 5 }
    if let decimalPrecision { size += 1 + Varint.encodedSize(of: decimalPrecision) }
    size += Self.packedFieldSize(data) + Self.packedFieldSize(strokeWidth)
    size += Self.packedFieldSize(strokeColor)
    if let strokePaint { size += 1 + Varint.encodedSize(of: strokePaint) }
    if let strokeParticlesRandomSeed {
      size += 1 + Varint.encodedSize(of: strokeParticlesRandomSeed)
    }
    if let compositeOperation {
      size += 1 + Varint.encodedSize(of: UInt64(bitPattern: compositeOperation))
    }
    if let id { size += 2 + Varint.encodedSize(of: id) }
    return size + unknownFields.count
  }

  /// The record's bytes: known fields in ascending order, repeated fields packed, then the
  /// unknown fields.
  public func serialized() -> [UInt8] {
    WireWriter.withBuffer(size: serializedSize) { write(to: &$0) }
  }

  /// Writes the record into a writer that has room for ``serializedSize`` bytes.
  func write(to writer: inout WireWriter) {
    if let startParameter {
      writer.writeTag(PathField.startParameter)
      writer.writeFixed32(startParameter.bitPattern)
    }
    if let endParameter {
      writer.writeTag(PathField.endParameter)
      writer.writeFixed32(endParameter.bitPattern)
    }
    if let decimalPrecision {
      writer.writeTag(PathField.decimalPrecision)
      writer.writeVarint(UInt64(decimalPrecision))
    }
    Self.writePacked(data, tag: PathField.data, to: &writer)
    Self.writePacked(strokeWidth, tag: PathField.strokeWidth, to: &writer)
    Self.writePacked(strokeColor, tag: PathField.strokeColor, to: &writer)
    if let strokePaint {
      writer.writeTag(PathField.strokePaint)
      writer.writeVarint(UInt64(strokePaint))
    }
    if let strokeParticlesRandomSeed {
      writer.writeTag(PathField.particlesRandomSeed)
      writer.writeVarint(UInt64(strokeParticlesRandomSeed))
    }
    if let compositeOperation {
      writer.writeTag(PathField.compositeOperation)
      writer.writeVarint(UInt64(bitPattern: compositeOperation))
    }
    if let id {
      writer.writeTag(PathField.id)
      writer.writeVarint(UInt64(id))
    }
    writer.write(bytes: unknownFields)
  }

  private static func packedPayloadSize(_ values: [Int32]) -> Int {
    var size = 0
    for value in values { size &+= Varint.encodedSize(of: ZigZag.encoded(value)) }
    return size
  }

  private static func packedFieldSize(_ values: [Int32]) -> Int {
    guard !values.isEmpty else { return 0 }
    let payload = packedPayloadSize(values)
    return 1 + Varint.encodedSize(of: UInt64(payload)) + payload
  }

  private static func writePacked(_ values: [Int32], tag: FieldTag, to writer: inout WireWriter) {
    guard !values.isEmpty else { return }
    let payload = packedPayloadSize(values)
    writer.writeTag(tag)
    writer.writeVarint(UInt64(payload))
    precondition(writer.end - writer.pointer >= payload)
    for value in values { writer.writeVarint32(ZigZag.encoded(value)) }
  }
}
