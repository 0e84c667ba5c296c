/// The exact-size writer: writes protobuf (and little-endian) values into a buffer whose size
/// was computed beforehand.
///
/// Encoders compute the exact size of what they write, allocate once with
/// ``WireWriter/withBuffer(size:_:)`` (or ``append(to:size:_:)``), and write without growth;
/// a wrong size is a precondition failure, never a short or long output. The paths stream's
/// records, the paints part and the zip writer's headers use it: flat, possibly large
/// output written in two passes. Nested messages whose sizes are not worth computing
/// beforehand (UIM) use the growable ``WireBuffer``.
package struct WireWriter {
  @usableFromInline var pointer: UnsafeMutablePointer<UInt8>
  @usableFromInline let end: UnsafeMutablePointer<UInt8>

  @usableFromInline init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    pointer = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 1)!
    end = pointer + buffer.count
  }

  /// Allocates `size` bytes, lets `body` fill them, and checks that it wrote exactly `size`.
  package static func withBuffer(size: Int, _ body: (inout WireWriter) -> Void) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      var writer = WireWriter(buffer)
      body(&writer)
      precondition(writer.pointer == writer.end, "encoder size computation is wrong")
      count = size
    }
  }

  /// Appends bytes to `output` as written by `body`, which must write exactly `size` bytes.
  package static func append(
    to output: inout [UInt8], size: Int, _ body: (inout WireWriter) -> Void
  ) {
    let start = output.count
    output.append(contentsOf: repeatElement(0, count: size))
    output.withUnsafeMutableBufferPointer { all in
      var writer = WireWriter(UnsafeMutableBufferPointer(rebasing: all[start...]))
      body(&writer)
      precondition(writer.pointer == writer.end, "encoder size computation is wrong")
    }
  }

  /// Writes one byte.
  @inlinable
  package mutating func write(byte: UInt8) {
    precondition(pointer < end)
    pointer.pointee = byte
    pointer += 1
  }

  /// Writes raw bytes.
  package mutating func write(bytes: some Collection<UInt8>) {
    precondition(end - pointer >= bytes.count)
    for byte in bytes {
      pointer.pointee = byte
      pointer += 1
    }
  }

  /// Writes a varint.
  @inlinable
  package mutating func writeVarint(_ value: UInt64) {
    precondition(end - pointer >= Varint.encodedSize(of: value))
    var v = value
    while v >= 0x80 {
      pointer.pointee = UInt8(truncatingIfNeeded: v) | 0x80
      pointer += 1
      v >>= 7
    }
    pointer.pointee = UInt8(v)
    pointer += 1
  }

  /// Writes a 32-bit varint. The caller has reserved its size.
  @inlinable
  package mutating func writeVarint32(_ value: UInt32) {
    var v = value
    while v >= 0x80 {
      pointer.pointee = UInt8(truncatingIfNeeded: v) | 0x80
      pointer += 1
      v >>= 7
    }
    pointer.pointee = UInt8(v)
    pointer += 1
  }

  /// Writes a field tag.
  package mutating func writeTag(_ tag: FieldTag) {
    writeVarint(UInt64(tag.rawValue))
  }

  /// Writes two little-endian bytes.
  package mutating func writeFixed16(_ value: UInt16) {
    precondition(end - pointer >= 2)
    UnsafeMutableRawPointer(pointer).storeBytes(of: value.littleEndian, as: UInt16.self)
    pointer += 2
  }

  /// Writes eight little-endian bytes.
  package mutating func writeFixed64(_ value: UInt64) {
    precondition(end - pointer >= 8)
    UnsafeMutableRawPointer(pointer).storeBytes(of: value.littleEndian, as: UInt64.self)
    pointer += 8
  }

  /// Writes four little-endian bytes.
  package mutating func writeFixed32(_ value: UInt32) {
    precondition(end - pointer >= 4)
    UnsafeMutableRawPointer(pointer).storeBytes(of: value.littleEndian, as: UInt32.self)
    pointer += 4
  }
}
