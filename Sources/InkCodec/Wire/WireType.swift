/// The protobuf wire types: how a field's value is laid out after its tag.
package enum WireType: UInt8, Sendable, Hashable {
  /// A varint (`int32`, `uint32`, `sint32`, `bool`, `enum`, …).
  case varint = 0
  /// Eight little-endian bytes (`fixed64`, `double`).
  case fixed64 = 1
  /// A varint length, then that many bytes (`bytes`, `string`, messages, packed repeated).
  case lengthDelimited = 2
  /// The start of a group (deprecated in proto2, skipped).
  case startGroup = 3
  /// The end of a group.
  case endGroup = 4
  /// Four little-endian bytes (`fixed32`, `float`).
  case fixed32 = 5
}
