import InkCodec

/// Output bytes gathered in one buffer allocated once and handed to a sink in large pieces:
/// every literal, integer and decimal is written straight into the buffer, with no `String`
/// or `Array` per value (the JSON dump writes hundreds of millions of bytes this way).
///
/// Writers ask for room first (``reserve(_:)``), which hands the full buffer on when too
/// little is left, then write without further checks.
struct ByteOutput: ~Copyable {
  /// The size of the buffer and so of the pieces handed on.
  static let defaultCapacity = 1 << 18

  private let start: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  /// How many bytes the buffer holds.
  private(set) var count = 0
  private let sink: (UnsafeRawBufferPointer) -> Void

  /// An empty buffer of `capacity` bytes handing its bytes to `sink`.
  init(capacity: Int = defaultCapacity, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
    self.capacity = Swift.max(capacity, 256)
    start = .allocate(capacity: self.capacity)
    self.sink = sink
  }

  deinit { start.deallocate() }

  /// Hands what the buffer holds to the sink and empties it.
  mutating func flush() {
    guard count > 0 else { return }
    sink(UnsafeRawBufferPointer(start: start, count: count))
    count = 0
  }

  /// Makes room for `needed` bytes (at most 256) and returns where they go: write them, then
  /// ``advance(_:)`` past those written.
  @inline(__always)
  mutating func reserve(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
    if capacity - count < needed { flush() }
    return start + count
  }

  /// Counts `written` bytes written after ``reserve(_:)``.
  @inline(__always)
  mutating func advance(_ written: Int) { count += written }

  /// Appends bytes of any length.
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0 else { return }
    if capacity - count < bytes.count { flush() }
    if bytes.count > capacity {
      sink(bytes)
      return
    }
    UnsafeMutableRawPointer(start + count).copyMemory(
      from: bytes.baseAddress!, byteCount: bytes.count)
    count += bytes.count
  }

  /// Appends a literal.
  @inline(__always)
  mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends a string's UTF-8 bytes as they are.
  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `count` spaces.
  mutating func appendSpaces(_ spaces: Int) {
    var left = spaces
    while left > 0 {
      let now = Swift.min(left, 256)
      (reserve(now)).initialize(repeating: UInt8(ascii: " "), count: now)
      advance(now)
      left -= now
    }
  }

  /// Appends an integer in decimal.
  mutating func append(_ value: Int64) {
    let place = reserve(20)
    advance(Self.write(value, at: place))
  }

  /// Writes `value` in decimal at `place` (at most 20 bytes) and returns how many bytes.
  @inline(__always)
  static func write(_ value: Int64, at place: UnsafeMutablePointer<UInt8>) -> Int {
    var length = 0
    if value < 0 {
      place[0] = UInt8(ascii: "-")
      length = 1
    }
    return length + writeDigits(value.magnitude, at: place + length)
  }

  /// Writes the decimal digits of `value` at `place` and returns how many.
  @inline(__always)
  static func writeDigits(_ value: UInt64, at place: UnsafeMutablePointer<UInt8>) -> Int {
    let digits = digitCount(value)
    var rest = value
    var end = digits
    while rest >= 100 {
      let pair = Int(rest % 100)
      rest /= 100
      end -= 2
      place[end] = digitPairs[2 * pair]
      place[end + 1] = digitPairs[2 * pair + 1]
    }
    if rest >= 10 {
      place[end - 2] = digitPairs[2 * Int(rest)]
      place[end - 1] = digitPairs[2 * Int(rest) + 1]
    } else {
      place[end - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
    }
    return digits
  }

  /// How many decimal digits `value` has (1 for zero).
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    var digits = 1
    var rest = value
    while rest >= 10_000 {
      rest /= 10_000
      digits += 4
    }
    if rest >= 1_000 { return digits + 3 }
    if rest >= 100 { return digits + 2 }
    if rest >= 10 { return digits + 1 }
    return digits
  }

  /// "00" "01" … "99".
  nonisolated(unsafe) private static let digitPairs: UnsafeMutablePointer<UInt8> = {
    let pairs = UnsafeMutablePointer<UInt8>.allocate(capacity: 200)
    for pair in 0..<100 {
      pairs[2 * pair] = UInt8(ascii: "0") + UInt8(pair / 10)
      pairs[2 * pair + 1] = UInt8(ascii: "0") + UInt8(pair % 10)
    }
    return pairs
  }()

  /// Powers of ten 10⁰ … 10⁸ (the decimal precisions).
  private static let decimalScales: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]

  /// 10^`precision` for ``writeDecimal(_:precision:scale:at:)``, or `nil` for a precision
  /// outside 0…8 (whose values take `description`).
  static func decimalScale(_ precision: Int) -> Double? {
    precision >= 0 && precision <= 8 ? decimalScales[precision] : nil
  }

  /// Writes what `value.description` gives (`592.0`, `0.25`) at `place` (at most 20 bytes)
  /// for a value decoded at a decimal `precision` (`scale` is 10^`precision`, from
  /// ``decimalScale(_:)``), `integer / 10^precision`, from the integer's digits, as
  /// `NumberText.decimalDescription(_:precision:)` does; returns 0, writing nothing, for any
  /// other value.
  ///
  /// Any integer whose quotient by the scale is exactly `value` has the digits
  /// `description` writes (at most 10 significant digits name one `Double`, and no shorter
  /// decimal names the same one), so how the product is rounded to it does not matter.
  @inline(__always)
  static func writeDecimal(
    _ value: Double, precision: Int, scale: Double, at place: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let product = value * scale
    // `description` writes magnitudes under 10⁻⁴ with an exponent: those, and anything that
    // is not exactly a decoded value, are left to it.
    guard abs(product) <= 4_294_967_296 else { return 0 }
    let rounded = Int64(product + (product < 0 ? -0.5 : 0.5))
    guard Double(rounded) / scale == value, abs(value) >= 1e-4 || value == 0 else { return 0 }
    var length = 0
    if rounded < 0 || (rounded == 0 && value.sign == .minus) {
      place[0] = UInt8(ascii: "-")
      length = 1
    }
    var integer = rounded.magnitude
    // Trailing zeros of the fraction are not printed (zero is `0.0`).
    var places = integer == 0 ? 0 : precision
    while places > 0, integer % 10 == 0 {
      integer /= 10
      places -= 1
    }
    guard places > 0 else {
      length += writeDigits(integer, at: place + length)
      place[length] = UInt8(ascii: ".")
      place[length + 1] = UInt8(ascii: "0")
      return length + 2
    }
    // `whole.fraction`, or `0.000fraction`, written from its last digit.
    let digits = digitCount(integer)
    length += digits > places ? digits + 1 : places + 2
    var index = length
    for _ in 0..<places {
      index -= 1
      place[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: integer % 10)
      integer /= 10
    }
    index -= 1
    place[index] = UInt8(ascii: ".")
    repeat {
      index -= 1
      place[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: integer % 10)
      integer /= 10
    } while integer != 0
    return length
  }

  /// Appends `string` as a JSON string, escaped as `JSONValue` escapes it.
  mutating func appendJSONString(_ string: String) {
    var string = string
    let plain = string.withUTF8 { bytes in
      // Printable ASCII other than the quote and the backslash is written as it is.
      bytes.allSatisfy {
        $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
      }
    }
    guard plain else {
      // Anything to escape takes the tree's own writer, whose text this must equal.
      return append((try? JSONValue.string(string).rendered()) ?? "null")
    }
    append("\"")
    append(string)
    append("\"")
  }

  /// Appends `value.description`, or `null` for NaN and infinities (JSON has neither).
  mutating func appendJSONNumber(_ value: Double) {
    guard value.isFinite else { return append("null") }
    append(value.description)
  }

  /// Appends a value decoded at `precision` as its `description` (see
  /// ``writeDecimal(_:precision:at:)``), or `null` when it is not finite.
  mutating func appendJSONNumber(_ value: Double, precision: Int) {
    let place = reserve(24)
    let written =
      Self.decimalScale(precision).map {
        Self.writeDecimal(value, precision: precision, scale: $0, at: place)
      } ?? 0
    if written > 0 {
      advance(written)
    } else {
      appendJSONNumber(value)
    }
  }
}
