/// The growable protobuf writer: for messages whose size is not computed beforehand (the UIM
/// chunks and their many nested messages, each written into its own buffer, then appended
/// with its length). Simple to write with, at the price of a copy per nesting level.
///
/// Its sibling ``WireWriter`` is the exact-size writer: the caller computes the size first,
/// allocates once and writes without growth or copies. Paths streams, paints and zip
/// headers, which are flat or one level deep and can be large, use that one; anything with
/// deep nesting uses this one.
///
/// Fields are written only when called: proto3 defaults are left out by the callers, which know
/// which fields they must write even when zero (oneof members).
package struct WireBuffer: Sendable {
  /// The bytes written so far.
  package var bytes: [UInt8] = []

  /// Creates an empty buffer.
  package init() {}

  /// Appends a varint.
  @inlinable
  package mutating func appendVarint(_ value: UInt64) {
    var v = value
    while v >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
      v >>= 7
    }
    bytes.append(UInt8(v))
  }

  /// Appends a field tag.
  package mutating func appendTag(_ field: UInt32, _ wireType: WireType) {
    appendVarint(UInt64(FieldTag(fieldNumber: field, wireType: wireType).rawValue))
  }

  /// Appends four little-endian bytes.
  @inlinable
  package mutating func appendFixed32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  /// Appends eight little-endian bytes.
  package mutating func appendFixed64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  /// Writes a varint field (`uint32`, `uint64`, `bool`, enums).
  package mutating func varint(_ field: UInt32, _ value: UInt64) {
    appendTag(field, .varint)
    appendVarint(value)
  }

  /// Writes an `sint32` field.
  package mutating func sint32(_ field: UInt32, _ value: Int32) {
    varint(field, UInt64(ZigZag.encoded(value)))
  }

  /// Writes a `float` field.
  package mutating func float(_ field: UInt32, _ value: Float) {
    appendTag(field, .fixed32)
    appendFixed32(value.bitPattern)
  }

  /// Writes a `double` field.
  package mutating func double(_ field: UInt32, _ value: Double) {
    appendTag(field, .fixed64)
    appendFixed64(value.bitPattern)
  }

  /// Writes a length-delimited field holding `value`.
  package mutating func bytes(_ field: UInt32, _ value: some Collection<UInt8>) {
    appendTag(field, .lengthDelimited)
    appendVarint(UInt64(value.count))
    bytes.append(contentsOf: value)
  }

  /// Writes a `string` field.
  package mutating func string(_ field: UInt32, _ value: String) {
    bytes(field, value.utf8)
  }

  /// Writes an embedded message built by `body`.
  package mutating func message(_ field: UInt32, _ body: (inout WireBuffer) -> Void) {
    var inner = WireBuffer()
    body(&inner)
    bytes(field, inner.bytes)
  }

  /// Writes a packed run of `float`s; nothing when empty.
  package mutating func packedFloats(_ field: UInt32, _ values: [Float]) {
    guard !values.isEmpty else { return }
    appendTag(field, .lengthDelimited)
    appendVarint(UInt64(values.count * 4))
    bytes.reserveCapacity(bytes.count + values.count * 4)
    for value in values { appendFixed32(value.bitPattern) }
  }

  /// Writes a packed run of varints; nothing when empty.
  package mutating func packedVarints(_ field: UInt32, _ values: some Collection<UInt64>) {
    guard !values.isEmpty else { return }
    var size = 0
    for value in values { size += Varint.encodedSize(of: value) }
    appendTag(field, .lengthDelimited)
    appendVarint(UInt64(size))
    bytes.reserveCapacity(bytes.count + size)
    for value in values { appendVarint(value) }
  }
}

extension WireBuffer {
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
