/// A cursor over JSON text for a reader that knows the shape it expects (tuhi's drawings): it
/// reads one token at a time and never recurses, so nesting costs nothing but the bytes that
/// spell it. Values the reader does not want are skipped with a depth counter. Every failure is
/// ``WillErrorKind/malformedJSON(field:message:)`` naming the field and the byte offset.
struct JSONCursor {
  /// The text.
  let bytes: [UInt8]
  /// The next byte to read.
  private(set) var offset = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    // A UTF-8 byte-order mark is allowed before the text.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
  }

  /// The error for `field` at the current offset (or `at`).
  func error(_ field: String, _ message: String, at: Int? = nil) -> WillError {
    WillError(.malformedJSON(field: field, message: message), offset: at ?? offset)
  }

  /// The next byte after whitespace, not consumed; nil at the end.
  mutating func peek() -> UInt8? {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return bytes[offset]
      }
    }
    return nil
  }

  /// What the next token is, for messages: `a string`, `the end of the file`.
  mutating func found() -> String {
    guard let byte = peek() else { return "the end of the file" }
    switch byte {
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
    case UInt8(ascii: "n"): return "null"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
    default:
      return byte >= 0x21 && byte < 0x7F
        ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16))"
    }
  }

  /// Consumes `byte` (after whitespace), or fails: `field: expected what, found …`.
  mutating func expect(_ byte: UInt8, _ field: String, _ what: String) throws(WillError) {
    guard peek() == byte else { throw error(field, "expected \(what), found \(found())") }
    offset += 1
  }

  /// Whether a container closed by `close` has another member; consumes the comma between
  /// members and the closing byte. `first` is true before the first member and set false.
  mutating func hasMore(_ close: UInt8, first: inout Bool, _ field: String) throws(WillError)
    -> Bool
  {
    if peek() == close {
      offset += 1
      return false
    }
    if !first {
      let closing = close == UInt8(ascii: "}") ? "\"}\"" : "\"]\""
      try expect(UInt8(ascii: ","), field, "\",\" or \(closing)")
    }
    first = false
    return true
  }

  /// An object member's name and its colon.
  mutating func key(_ field: String) throws(WillError) -> String {
    guard peek() == UInt8(ascii: "\"") else {
      throw error(field, "expected a member name, found \(found())")
    }
    let name = try string(field)
    try expect(UInt8(ascii: ":"), field, "\":\"")
    return name
  }

  /// Whether the next value is `null`; consumes it.
  mutating func null() -> Bool {
    guard peek() == UInt8(ascii: "n"), bytes[offset...].starts(with: Array("null".utf8)) else {
      return false
    }
    offset += 4
    return true
  }

  /// A string value, its escapes decoded.
  mutating func string(_ field: String) throws(WillError) -> String {
    guard peek() == UInt8(ascii: "\"") else {
      throw error(field, "expected a string, found \(found())")
    }
    let start = offset
    offset += 1
    var text: [UInt8] = []
    while offset < bytes.count {
      let byte = bytes[offset]
      offset += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard offset < bytes.count else { break }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4(field)
          if (0xD800..<0xDC00).contains(scalar), bytes[offset...].starts(with: [0x5C, 0x75]) {
            offset += 2
            let low = try hex4(field)
            if (0xDC00..<0xE000).contains(low) {
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
          }
          text += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        default:
          throw error(field, "invalid escape in a string", at: offset - 2)
        }
      case 0..<0x20:
        throw error(field, "control character in a string", at: offset - 1)
      default:
        text.append(byte)
      }
    }
    throw error(field, "unterminated string", at: start)
  }

  private mutating func hex4(_ field: String) throws(WillError) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw error(field, "truncated \\u escape") }
    var value: UInt32 = 0
    for byte in bytes[offset..<offset + 4] {
      guard let digit = Self.hexDigit(byte) else {
        throw error(field, "invalid \\u escape", at: offset)
      }
      value = value << 4 | digit
    }
    offset += 4
    return value
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// A number value, finite.
  mutating func number(_ field: String) throws(WillError) -> Double {
    guard let first = peek(), first == UInt8(ascii: "-") || Self.isDigit(first) else {
      throw error(field, "expected a number, found \(found())")
    }
    let start = offset
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    let integerStart = offset
    while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
    var valid =
      offset > integerStart
      && (bytes[integerStart] != UInt8(ascii: "0") || offset == integerStart + 1)
    if valid, offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      let fraction = offset
      while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
      valid = offset > fraction
    }
    if valid, offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
      offset += 1
      if offset < bytes.count,
        bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")
      {
        offset += 1
      }
      let exponent = offset
      while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
      valid = offset > exponent
    }
    guard valid, let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self))
    else { throw error(field, "malformed number", at: start) }
    guard value.isFinite else { throw error(field, "number out of range", at: start) }
    return value
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Skips one value of any kind without recursing: a depth counter balances the brackets.
  mutating func skipValue(_ field: String) throws(WillError) {
    var depth = 0
    repeat {
      guard let byte = peek() else {
        throw error(field, "expected a value, found the end of the file")
      }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        offset += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard depth > 0 else { throw error(field, "expected a value, found \(found())") }
        depth -= 1
        offset += 1
      case UInt8(ascii: "\""):
        _ = try string(field)
      case UInt8(ascii: ","), UInt8(ascii: ":"):
        guard depth > 0 else { throw error(field, "expected a value, found \(found())") }
        offset += 1
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        _ = try number(field)
      default:
        guard
          let literal = [Array("true".utf8), Array("false".utf8), Array("null".utf8)].first(
            where: { bytes[offset...].starts(with: $0) })
        else { throw error(field, "expected a value, found \(found())") }
        offset += literal.count
      }
    } while depth > 0
  }

  /// Fails unless only whitespace is left.
  mutating func expectEnd() throws(WillError) {
    guard peek() == nil else {
      throw error("(end)", "text after the top-level object: \(found())")
    }
  }
}
