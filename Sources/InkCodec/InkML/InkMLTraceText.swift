/// The text of an InkML `<trace>`: points separated by commas, each a list of channel values
/// (W3C InkML 1.0, §3.2.1).
///
/// A value may carry a difference order that stays with its channel until changed: `!` an
/// explicit value, `'` a first difference (the change from the previous point), `"` a second
/// difference (the change of that change). Without one, the channel's last order applies
/// (explicit at first). `*` repeats the channel's last stored value in its order, `?` (unknown)
/// keeps the previous value, `T` and `F` are 1 and 0, `#` starts a hexadecimal integer. Values
/// need no space between them when a sign or an order starts the next one (`1-2'3'4`). A point
/// with fewer values than channels repeats the missing channels' previous values.
enum InkMLTraceText {
  /// The columns of `text`: one array per channel, one value per point.
  /// - Parameters:
  ///   - text: The trace's character data.
  ///   - channels: The number of channels of its trace format.
  ///   - maxPoints: The most points accepted.
  /// - Throws: ``WillErrorKind/invalidAttribute(name:value:)`` (named `trace`) for a value that
  ///   does not parse, a value past the range of a `Double` (also one that differences add up
  ///   to), or a point with more values than channels, and
  ///   ``WillErrorKind/limitExceeded(_:value:limit:)`` past `maxPoints`.
  static func columns(_ text: String, channels: Int, maxPoints: Int) throws(WillError) -> [[Double]]
  {
    var shortPoints = 0
    return try columns(text, channels: channels, maxPoints: maxPoints, shortPoints: &shortPoints)
  }

  /// The columns of `text`, as ``columns(_:channels:maxPoints:)``; `shortPoints` counts the
  /// points with fewer values than channels.
  static func columns(
    _ text: String, channels: Int, maxPoints: Int, shortPoints: inout Int
  ) throws(WillError) -> [[Double]] {
    var columns = [[Double]](repeating: [], count: channels)
    var value = [Double](repeating: 0, count: channels)
    var velocity = [Double](repeating: 0, count: channels)
    var order = [UInt8](repeating: 0, count: channels)
    var lastRaw = [Double](repeating: 0, count: channels)
    var seen = [Bool](repeating: false, count: channels)
    let bytes = Array(text.utf8)
    var index = 0
    var points = 0

    func fail(_ why: String) -> WillError {
      let start = max(0, index - 20)
      let excerpt = String(decoding: bytes[start..<min(bytes.count, index + 20)], as: UTF8.self)
      return WillError(.invalidAttribute(name: "trace", value: "\(why) near \"\(excerpt)\""))
    }
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    while true {
      // One point.
      var channel = 0
      var sawValue = false
      while index < bytes.count {
        while index < bytes.count && isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] != UInt8(ascii: ",") else { break }
        var newOrder: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "!"): newOrder = 0
        case UInt8(ascii: "'"): newOrder = 1
        case UInt8(ascii: "\""): newOrder = 2
        default: break
        }
        if newOrder != nil {
          index += 1
          while index < bytes.count && isSpace(bytes[index]) { index += 1 }
        }
        guard channel < channels else { throw fail("more values than the \(channels) channels") }
        if let newOrder { order[channel] = newOrder }
        guard index < bytes.count else { throw fail("a difference order without a value") }
        var raw: Double?
        switch bytes[index] {
        case UInt8(ascii: "?"):
          index += 1
        case UInt8(ascii: "*"):
          index += 1
          raw = lastRaw[channel]
        case UInt8(ascii: "T"):
          index += 1
          raw = 1
        case UInt8(ascii: "F"):
          index += 1
          raw = 0
        case UInt8(ascii: "#"):
          index += 1
          let start = index
          while index < bytes.count,
            (bytes[index] | 0x20) >= UInt8(ascii: "a") && (bytes[index] | 0x20) <= UInt8(ascii: "f")
              || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9"))
          {
            index += 1
          }
          guard
            let parsed = UInt64(String(decoding: bytes[start..<index], as: UTF8.self), radix: 16)
          else { throw fail("a bad hexadecimal value") }
          raw = Double(parsed)
        default:
          let start = index
          if index < bytes.count,
            bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
          {
            index += 1
          }
          var digits = 0
          while index < bytes.count,
            bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
          {
            index += 1
            digits += 1
          }
          if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count,
              bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
            {
              index += 1
              digits += 1
            }
          }
          if digits > 0, index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var look = index + 1
            if look < bytes.count,
              bytes[look] == UInt8(ascii: "-") || bytes[look] == UInt8(ascii: "+")
            {
              look += 1
            }
            if look < bytes.count,
              bytes[look] >= UInt8(ascii: "0") && bytes[look] <= UInt8(ascii: "9")
            {
              index = look
              while index < bytes.count,
                bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
              { index += 1 }
            }
          }
          guard digits > 0,
            let parsed = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
            parsed.isFinite
          else { throw fail("a value that is not a number") }
          raw = parsed
        }
        let previous = value[channel]
        if let raw {
          lastRaw[channel] = raw
          switch order[channel] {
          case 1: value[channel] = (seen[channel] ? previous : 0) + raw
          case 2:
            velocity[channel] += raw
            value[channel] = (seen[channel] ? previous : 0) + velocity[channel]
          default: value[channel] = raw
          }
        }
        // Differences of finite values can still overflow: 1e308 '1e308.
        guard value[channel].isFinite, velocity[channel].isFinite else {
          throw fail("a value past the range of a Double")
        }
        if order[channel] != 2 { velocity[channel] = seen[channel] ? value[channel] - previous : 0 }
        guard velocity[channel].isFinite else { throw fail("a value past the range of a Double") }
        seen[channel] = true
        channel += 1
        sawValue = true
      }
      if sawValue {
        if channel < channels { shortPoints += 1 }
        points += 1
        if points > maxPoints {
          throw WillError(.limitExceeded(.pointsPerStroke, value: points, limit: maxPoints))
        }
        for k in 0..<channels { columns[k].append(value[k]) }
      }
      guard index < bytes.count else { break }
      index += 1  // the comma
    }
    return columns
  }
}
