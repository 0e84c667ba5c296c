/// Reads the fields of one protobuf message, one at a time, and keeps the bytes of the fields
/// its caller does not know so that they can be written back: the one way the codec reads a
/// message (UIM chunks and their messages, WILL paints). The `Path` records of a paths stream
/// are the exception: ``PathFieldScan`` scans them without decoding, for speed.
///
/// Every value is bounds-checked by ``WireReader``; a typed read of a field with the wrong wire
/// type is ``WillErrorKind/unexpectedWireType(field:wireType:)``. Groups (wire types 3 and 4,
/// which neither UIM schema uses) are rejected unless ``keepsGroups`` is set, when
/// ``keepUnknown()`` keeps a whole group as one unknown field (and a stray end-group tag is
/// ``WillErrorKind/unbalancedGroup``).
struct MessageReader {
  /// The message's bytes.
  var reader: WireReader
  /// The raw bytes (tags and values) of every field handed to ``keepUnknown()``, in order.
  var unknown: [UInt8] = []
  /// The count of messages and list entries every reader of one document shares, or `nil`
  /// for no bound.
  var budget: MessageBudget?
  /// Whether a group field is read (to keep as unknown) rather than rejected; embedded
  /// readers inherit it.
  var keepsGroups = false
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
    if !keepsGroups, tag.wireType == .startGroup || tag.wireType == .endGroup {
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
  mutating func message(_ name: String) throws(WillError) -> MessageReader {
    try charge()
    var inner = MessageReader(in: reader, range: try range(name))
    inner.budget = budget
    inner.keepsGroups = keepsGroups
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
    Self.makeRoom(in: &values, forMore: range.count / 4)
    var run = WireReader(reader.base, range: range)
    while !run.isAtEnd { values.append(Float(bitPattern: try run.readFixed32())) }
  }

  /// Appends a repeated 32-bit varint (`uint32`; `sint32` before zigzag), packed or not.
  mutating func appendUInt32s(_ name: String, to values: inout [UInt32]) throws(WillError) {
    if tag.wireType == .varint {
      values.append(try reader.readVarint32(field: name))
      return
    }
    let range = try range(name)
    Self.makeRoom(in: &values, forMore: varintCount(in: range))
    var run = WireReader(reader.base, range: range)
    while !run.isAtEnd { values.append(try run.readVarint32(field: name)) }
  }

  /// Appends a repeated `sint32`, packed or not.
  mutating func appendSInt32s(_ name: String, to values: inout [Int32]) throws(WillError) {
    if tag.wireType == .varint {
      values.append(ZigZag.decoded(try reader.readVarint32(field: name)))
      return
    }
    let range = try range(name)
    Self.makeRoom(in: &values, forMore: varintCount(in: range))
    var run = WireReader(reader.base, range: range)
    while !run.isAtEnd { values.append(ZigZag.decoded(try run.readVarint32(field: name))) }
  }

  /// The varints a packed run holds, if it is well formed.
  private func varintCount(in range: Range<Int>) -> Int {
    Varint.endCount(in: reader.base, range)
  }

  /// Makes room in `values` for `count` more, at least doubling the capacity when it grows: one
  /// allocation for a run, and a field split into many runs is not copied once per run.
  private static func makeRoom<Element>(in values: inout [Element], forMore count: Int) {
    let needed = values.count + count
    if needed > values.capacity { values.reserveCapacity(max(needed, 2 * values.capacity)) }
  }

  /// The offset of the current field's tag.
  var fieldOffset: Int { tagStart }
}

/// How many embedded messages and repeated entries the readers of one document may read
/// together (shared by reference); each becomes a value in memory many times the two bytes it
/// can take on the wire.
final class MessageBudget {
  /// The most entries.
  let limit: Int
  /// The entries read so far.
  var used = 0

  /// Creates a budget of `limit` entries.
  init(limit: Int) { self.limit = limit }
}
