/// Base64 (RFC 4648, with padding), for images embedded in SVG as `data:` URLs.
enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The Base64 text of `bytes`.
  static func encode(_ bytes: [UInt8]) -> String {
    let length = (bytes.count + 2) / 3 * 4
    let text = [UInt8](unsafeUninitializedCapacity: length) { out, count in
      bytes.withUnsafeBufferPointer { input in
        alphabet.withUnsafeBufferPointer { digits in
          var i = 0
          var o = 0
          while i + 2 < input.count {
            let v = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
            out[o] = digits[Int(v >> 18)]
            out[o + 1] = digits[Int(v >> 12 & 63)]
            out[o + 2] = digits[Int(v >> 6 & 63)]
            out[o + 3] = digits[Int(v & 63)]
            i += 3
            o += 4
          }
          let rest = input.count - i
          guard rest > 0 else { return }
          let v = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
          out[o] = digits[Int(v >> 18)]
          out[o + 1] = digits[Int(v >> 12 & 63)]
          out[o + 2] = rest == 2 ? digits[Int(v >> 6 & 63)] : 61
          out[o + 3] = 61
        }
      }
      count = length
    }
    return String(decoding: text, as: UTF8.self)
  }
}
