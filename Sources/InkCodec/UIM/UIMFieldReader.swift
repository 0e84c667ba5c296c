/// Reads the fields of one protobuf message of a UIM chunk, one at a time, and keeps the bytes
/// of the fields its caller does not know so that they can be written back.
///
/// Every value is bounds-checked by ``WireReader``; a known field with the wrong wire type is
/// ``WillErrorKind/unexpectedWireType(field:wireType:)``, and groups (wire types 3 and 4, which
/// neither UIM schema uses) are rejected.
struct UIMFieldReader {
  /// The message's bytes.
  var reader: WireReader
  /// The raw bytes (tags and values) of every field handed to ``keepUnknown()``, in order.
  var unknown: [UInt8] = []
  /// The count of messages and list entries every reader of one document shares, or `nil`
  /// for no bound.
  var budget: UIMReadingBudget?
  /// The tag of the current field.
  private(set) var tag = FieldTag(fieldNumber: 1, wireType: .varint)
  /// Where the current field's tag starts.
  private var tagStart = 0

  /// Creates a reader over one message.
  init(_ reader: WireReader) { self.reader = reader }

  /// Creates a reader over the message in `range` of the bytes `reader` reads.
  init(in reader: WireReader, range: Range<Int>) {
    self.reader = WireReader(reader.base, range: range)
  }

  /// The next field's tag, or `nil` at the end of the message.
  mutating func next() throws(WillError) -> FieldTag? {
    guard !reader.isAtEnd else { return nil }
    tagStart = reader.position
    tag = try reader.readTag()
    if tag.wireType == .startGroup || tag.wireType == .endGroup {
      throw WillError(
        .unexpectedWireType(
          field: "field \(tag.fieldNumber)", wireType: Int(tag.wireType.rawValue)),
        offset: tagStart)
    }
    return tag
  }

  /// Skips the current field's value, keeping its tag and value bytes in ``unknown``.
  mutating func keepUnknown() throws(WillError) {
    _ = try reader.skipValue(of: tag)
    unknown += reader.bytes(in: tagStart..<reader.position)
  }

  /// Throws unless the current field has `wireType`.
  private func expect(_ wireType: WireType, _ name: String) throws(WillError) {
    guard tag.wireType == wireType else {
      throw WillError(
        .unexpectedWireType(field: name, wireType: Int(tag.wireType.rawValue)), offset: tagStart)
    }
  }

  /// Reads a 32-bit varint (`uint32`, enums).
  mutating func uint32(_ name: String) throws(WillError) -> UInt32 {
    try expect(.varint, name)
    return try reader.readVarint32(field: name)
  }

  /// Reads a 64-bit varint (`uint64`).
  mutating func uint64(_ name: String) throws(WillError) -> UInt64 {
    try expect(.varint, name)
    return try reader.readVarint()
  }

  /// Reads an `sint32`.
  mutating func sint32(_ name: String) throws(WillError) -> Int32 {
    ZigZag.decoded(try uint32(name))
  }

  /// Reads a `bool`.
  mutating func bool(_ name: String) throws(WillError) -> Bool {
    try expect(.varint, name)
    return try reader.readVarint() != 0
  }

  /// Reads a `float`.
  mutating func float(_ name: String) throws(WillError) -> Float {
    try expect(.fixed32, name)
    return Float(bitPattern: try reader.readFixed32())
  }

  /// Reads a `double`.
  mutating func double(_ name: String) throws(WillError) -> Double {
    try expect(.fixed64, name)
    return Double(bitPattern: try reader.readFixed64())
  }

  /// Reads the range of a length-delimited value.
  mutating func range(_ name: String) throws(WillError) -> Range<Int> {
    try expect(.lengthDelimited, name)
    return try reader.readLengthDelimited()
  }

  /// Reads a `bytes` value.
  mutating func bytes(_ name: String) throws(WillError) -> [UInt8] {
    reader.bytes(in: try range(name))
  }

  /// Reads a `string` (invalid UTF-8 reads as U+FFFD, as the library's protobuf runtime would
  /// refuse it; the bytes are not kept).
  mutating func string(_ name: String) throws(WillError) -> String {
    let range = try range(name)
    return String(decoding: UnsafeRawBufferPointer(rebasing: reader.base[range]), as: UTF8.self)
  }

  /// A reader over an embedded message, charged to the budget.
  mutating func message(_ name: String) throws(WillError) -> UIMFieldReader {
    try charge()
    var inner = UIMFieldReader(in: reader, range: try range(name))
    inner.budget = budget
    return inner
  }

  /// Charges one entry of a repeated field (a message, a string, a byte string) to the budget.
  func charge() throws(WillError) {
    guard let budget else { return }
    budget.used += 1
    if budget.used > budget.limit {
      throw WillError(
        .limitExceeded(.elements, value: budget.used, limit: budget.limit), offset: tagStart)
    }
  }

  /// Appends a repeated `float`, packed (one or several runs) or not.
  mutating func appendFloats(_ name: String, to values: inout [Float]) throws(WillError) {
    if tag.wireType == .fixed32 {
      values.append(Float(bitPattern: try reader.readFixed32()))
      return
    }
    let start = reader.position
    let range = try range(name)
    guard range.count % 4 == 0 else {
      throw WillError(
        .unexpectedWireType(field: name + " (packed run of \(range.count) bytes)", wireType: 2),
        offset: start)
    }
    values.reserveCapacity(values.count + range.count / 4)
    var run = WireReader(reader.base, range: range)
    while !run.isAtEnd { values.append(Float(bitPattern: try run.readFixed32())) }
  }

  /// Appends a repeated 32-bit varint (`uint32`; `sint32` before zigzag), packed or not.
  mutating func appendUInt32s(_ name: String, to values: inout [UInt32]) throws(WillError) {
    if tag.wireType == .varint {
      values.append(try reader.readVarint32(field: name))
      return
    }
    var run = WireReader(reader.base, range: try range(name))
    while !run.isAtEnd { values.append(try run.readVarint32(field: name)) }
  }

  /// Appends a repeated `sint32`, packed or not.
  mutating func appendSInt32s(_ name: String, to values: inout [Int32]) throws(WillError) {
    if tag.wireType == .varint {
      values.append(ZigZag.decoded(try reader.readVarint32(field: name)))
      return
    }
    var run = WireReader(reader.base, range: try range(name))
    while !run.isAtEnd { values.append(ZigZag.decoded(try run.readVarint32(field: name))) }
  }

  /// The offset of the current field's tag.
  var fieldOffset: Int { tagStart }
}

extension UIMFieldReader {
  /// Reads an identifier: 16 bytes in UIM 3.1.0, UUID text when ``legacyText`` is set (UIM
  /// 3.0.0). Empty reads as `nil`.
  mutating func identifier(_ name: String, legacyText: Bool) throws(WillError) -> UIMIdentifier? {
    if legacyText {
      let offset = reader.position
      let text = try string(name)
      if text.isEmpty { return nil }
      guard let id = UIMIdentifier(uuidString: text) else {
        throw WillError(
          .malformedUIM("\(name) \"\(text.prefix(64))\" is not a UUID"), offset: offset)
      }
      return id
    }
    let bytes = try bytes(name)
    return bytes.isEmpty ? nil : UIMIdentifier(wireBytes: bytes)
  }
}

extension WireBuffer {
  /// Writes an identifier's bytes when there is one.
  mutating func identifier(_ field: UInt32, _ id: UIMIdentifier?) {
    if let id { bytes(field, id.wireBytes) }
  }

  /// Writes a `uint32` unless it is 0.
  mutating func uint32(_ field: UInt32, _ value: UInt32) {
    if value != 0 { varint(field, UInt64(value)) }
  }

  /// Writes a `float` unless it is 0 (proto3's implicit presence; -0.0 is written).
  mutating func nonZeroFloat(_ field: UInt32, _ value: Float) {
    if value.bitPattern != 0 { float(field, value) }
  }

  /// Writes a `string` unless it is empty.
  mutating func nonEmptyString(_ field: UInt32, _ value: String) {
    if !value.isEmpty { string(field, value) }
  }
}

/// How many embedded messages and repeated strings one UIM document may hold: every one becomes
/// a value in memory many times the two bytes it can take on the wire, so the count is bounded,
/// by ``DecodingLimits/maxElements`` plus three per allowed stroke (a stroke, its spline and its
/// properties).
final class UIMReadingBudget {
  /// The most entries.
  let limit: Int
  /// The entries read so far.
  var used = 0

  init(limits: DecodingLimits) {
    let (strokes, overflow) = limits.maxStrokes.multipliedReportingOverflow(by: 3)
    let (sum, overflow2) = limits.maxElements.addingReportingOverflow(overflow ? .max : strokes)
    limit = overflow2 ? .max : sum
  }
}
