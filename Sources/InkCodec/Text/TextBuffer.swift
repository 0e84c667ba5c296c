/// Output text gathered as UTF-8 bytes: appending a literal, a number or a string copies its
/// bytes and nothing else (a `String` pays for growth checks, ASCII flags and small-string
/// forms on every append, half the time of a large JSON dump).
package struct TextBuffer {
  /// The text so far.
  package private(set) var bytes: [UInt8] = []

  /// An empty buffer.
  package init() {}

  /// How many bytes the buffer holds.
  package var count: Int { bytes.count }

  /// Appends a literal.
  @inline(__always)
  package mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends a string's UTF-8 bytes.
  package mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends one byte.
  @inline(__always)
  package mutating func append(byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends bytes.
  @inline(__always)
  package mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: buffer)
  }

  /// Appends `count` spaces.
  package mutating func appendSpaces(_ count: Int) {
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
  }

  /// Appends an integer in decimal.
  package mutating func append(_ value: Int64) {
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude != 0
      if value < 0 { bytes.append(UInt8(ascii: "-")) }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
  }

  /// Hands the text to `sink` and empties the buffer, keeping its storage.
  package mutating func flush(to sink: ([UInt8]) -> Void) {
    sink(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// The text as a string.
  package var text: String { String(decoding: bytes, as: UTF8.self) }
}
