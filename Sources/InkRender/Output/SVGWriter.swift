import InkCodec

/// Writes rendered outlines as an SVG document.
///
/// The document is `width × height` output pixels with a `viewBox` in page units, a background
/// `<rect>` when the page has a colour, one `<g>` per layer (`id="layer-N"`) and one `<path>`
/// per stroke part: the cubic-Bézier outline with `fill`, `fill-opacity` and
/// `fill-rule="nonzero"`. Browsers fill the union of the outline's subpaths, which is what the
/// PNG shows.
///
/// SVG has no Porter-Duff operators for shapes; strokes with another blend mode keep the mode's
/// name in a `data-blend` attribute, and the modes CSS knows get `mix-blend-mode`
/// (multiply, darken, lighten and plus-lighter for lighter).
public enum SVGWriter {
  /// The SVG text for a page's shapes.
  /// - Parameters:
  ///   - shapes: The strokes' outlines in page units relative to the frame's corner.
  ///   - layerCount: The number of layers, one `<g>` each (empty ones included).
  ///   - frame: The page rectangle.
  ///   - scale: Output pixels per page unit, for the `width` and `height` attributes.
  ///   - background: The page colour, if any.
  /// - Returns: The document.
  public static func document(
    _ shapes: [Renderer.StrokeShape], layerCount: Int, frame: Renderer.Frame, scale: Double,
    background: InkColor?
  ) -> String {
    let f = { (v: Double) in NumberText.rounded(v.isFinite ? v : 0, decimals: 3) }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(frame.width * scale))\""
    out += " height=\"\(f(frame.height * scale))\""
    out += " viewBox=\"0 0 \(f(frame.width)) \(f(frame.height))\">\n"
    if let background {
      out += "<rect x=\"0\" y=\"0\" width=\"\(f(frame.width))\" height=\"\(f(frame.height))\""
      out += " fill=\"\(hex(background))\"\(opacity(Double(background.alpha) / 255))/>\n"
    }
    var index = 0
    for layer in 0..<max(layerCount, 0) {
      out += "<g id=\"layer-\(layer)\">\n"
      while index < shapes.count && shapes[index].layer == layer {
        let shape = shapes[index]
        for part in shape.parts {
          out += "<path fill=\"\(hex(shape.color))\"\(opacity(part.alpha))"
          out += blendAttributes(shape.blendMode)
          out += " d=\"\(pathData(part.path))\"/>\n"
        }
        index += 1
      }
      out += "</g>\n"
    }
    out += "</svg>\n"
    return out
  }

  /// The path's `d` attribute: `M`, `L`, `C` and `Z` with absolute coordinates rounded to
  /// 0.01 page unit.
  /// - Parameter path: The outline.
  /// - Returns: The path data.
  public static func pathData(_ path: OutlinePath) -> String {
    let f = { (v: Double) in NumberText.rounded(v.isFinite ? v : 0, decimals: 2) }
    var d = ""
    for element in path.elements {
      switch element {
      case .move(let p): d += "M\(f(p.x)) \(f(p.y))"
      case .line(let p): d += "L\(f(p.x)) \(f(p.y))"
      case .cubic(let a, let b, let p):
        d += "C\(f(a.x)) \(f(a.y)) \(f(b.x)) \(f(b.y)) \(f(p.x)) \(f(p.y))"
      case .close: d += "Z"
      }
    }
    return d
  }

  static func hex(_ color: InkColor) -> String {
    String(color.description.dropLast(2))
  }

  static func opacity(_ alpha: Double) -> String {
    alpha >= 1
      ? ""
      : " fill-opacity=\"\(NumberText.rounded(alpha.isFinite ? max(alpha, 0) : 0, decimals: 4))\""
  }

  static func blendAttributes(_ mode: BlendMode) -> String {
    let effective = mode.effective
    let css: String?
    switch effective {
    case .sourceOver: return ""
    case .directMultiply: css = "multiply"
    case .directDarken: css = "darken"
    case .directLighten: css = "lighten"
    case .lighter: css = "plus-lighter"
    default: css = nil
    }
    var text = " data-blend=\"\(effective.name)\""
    if let css { text += " style=\"mix-blend-mode:\(css)\"" }
    return text
  }
}
