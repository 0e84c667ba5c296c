import InkCodec

/// The SVG filter primitives that compute a ``Compositor`` formula f(S, D) from the ink before
/// a stroke (D) and the stroke's premultiplied colour (S), at full coverage.
///
/// `feComposite` arithmetic works on premultiplied channels, as ``Compositor`` does, and
/// clamps each to 0…1 (then every colour channel to the alpha): lighter, multiply,
/// inverted-source multiply, subtract and reverse subtract are one arithmetic each; copy is
/// the colour. Darken and lighten (a minimum and a maximum with a constant) are component
/// transfers, which work on unpremultiplied colours: the colour channels are taken from the
/// ink over opaque black (alpha 1, so the premultiplied values themselves), the alpha from
/// the ink's alpha, and joined by one arithmetic, exactly where the result is a valid
/// premultiplied colour (a minimum or a maximum of two valid ones always is).
enum SVGFilterBlend {
  /// The primitives computing `op` with the colour `color` at `alpha` on the result named
  /// `ink`; their results are named from `prefix`, the last one `result`.
  static func primitives(
    _ op: Compositor.Operator, color: InkColor, alpha: Double, ink d: String, prefix: String
  ) -> (markup: String, result: String) {
    let a = min(max(alpha.isFinite ? alpha : 0, 0), 1)
    let source = PremultipliedColor(opaque(color), opacity: a)
    let s = "\(prefix)s"
    let r = "\(prefix)r"
    let flood =
      "<feFlood flood-color=\"\(SVGWriter.shortHex(opaque(color)))\""
      + " flood-opacity=\"\(number(a))\" result=\"\(s)\"/>\n"
    func arithmetic(_ i1: String, _ i2: String, _ k: [Int], _ result: String) -> String {
      var out = "<feComposite in=\"\(i1)\" in2=\"\(i2)\" operator=\"arithmetic\""
      for (n, value) in k.enumerated() where value != 0 { out += " k\(n + 1)=\"\(value)\"" }
      return out + " result=\"\(result)\"/>\n"
    }
    switch op {
    case .copy: return (flood, s)
    case .sourceOver:
      return (flood + "<feComposite in=\"\(s)\" in2=\"\(d)\" result=\"\(r)\"/>\n", r)
    case .destinationOver:
      return (flood + "<feComposite in=\"\(d)\" in2=\"\(s)\" result=\"\(r)\"/>\n", r)
    case .destinationOut:
      return (
        flood + "<feComposite in=\"\(d)\" in2=\"\(s)\" operator=\"out\" result=\"\(r)\"/>\n", r
      )
    case .lighter: return (flood + arithmetic(s, d, [0, 1, 1], r), r)
    case .multiply: return (flood + arithmetic(s, d, [1], r), r)
    case .invertSourceMultiply: return (flood + arithmetic(s, d, [-1, 0, 1], r), r)
    case .subtract: return (flood + arithmetic(d, s, [0, 1, -1], r), r)
    case .reverseSubtract: return (flood + arithmetic(s, d, [0, 1, -1], r), r)
    case .darken, .lighten:
      let darken = op == .darken
      let colour = [source.red, source.green, source.blue].map(Double.init)
      let sa = Double(source.alpha)
      // min(x, k) = k − max(0, k − x); max(x, k) = k + max(0, x − k): two clamped affine maps.
      func transfer(_ input: String, _ result: String, _ maps: [(Character, Double, Double)])
        -> String
      {
        var out = "<feComponentTransfer in=\"\(input)\" result=\"\(result)\">"
        for (channel, slope, intercept) in maps {
          out +=
            "<feFunc\(channel) type=\"linear\" slope=\"\(number(slope))\""
            + " intercept=\"\(number(intercept))\"/>"
        }
        return out + "</feComponentTransfer>\n"
      }
      let sign = darken ? -1.0 : 1.0
      let channels: [Character] = ["R", "G", "B"]
      var out = "<feFlood flood-color=\"#000\" result=\"\(prefix)k\"/>\n"
      out += "<feComposite in=\"\(d)\" in2=\"\(prefix)k\" result=\"\(prefix)o\"/>\n"
      // Colour channels: premultiplied, alpha 1.
      out += transfer(
        "\(prefix)o", "\(prefix)p", zip(channels, colour).map { ($0, sign, -sign * $1) })
      out += transfer(
        "\(prefix)p", "\(prefix)q", zip(channels, colour).map { ($0, sign, $1) })
      // Alpha: black with alpha 1 − f(Da, Sa), taken from the ink's alpha.
      let black = channels.map { ($0, 0.0, 0.0) }
      out += transfer("\(d)", "\(prefix)t", black + [("A", sign, -sign * sa)])
      out += transfer("\(prefix)t", "\(prefix)u", black + [("A", -sign, 1 - sa)])
      out += arithmetic("\(prefix)q", "\(prefix)u", [0, 1, -1], r)
      return (out, r)
    }
  }

  private static func opaque(_ color: InkColor) -> InkColor {
    var c = color
    c.alpha = 255
    return c
  }

  private static func number(_ v: Double) -> String {
    NumberText.rounded(v.isFinite ? v : 0, decimals: 4)
  }
}
