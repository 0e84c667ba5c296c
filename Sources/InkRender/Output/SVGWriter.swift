import InkCodec

/// Writes rendered strokes as a compact SVG document.
///
/// The document is `width × height` output pixels with a `viewBox` in page units: a
/// background `<rect>` when the page has a colour, the section's images (embedded as `data:`
/// URLs) and then the ink, one `<path>` per stroke part. Paths use relative commands and only
/// the decimals the tolerance needs; colours, opacities and blend modes are shared classes in
/// one `<style>`. Runs of strokes of one layer sit in a `<g>` (`id="layer-N"` on its first).
///
/// The ink is composited as a layer above the page, as PNG output does: an eraser
/// (destination-out) is a `<mask>` over the ink drawn before it and never visible ink;
/// destination-over ink is drawn before (under) the ink before it. Multiply, darken and
/// lighten are `mix-blend-mode`s; other modes are drawn source-over. See ``VectorBlend``.
public enum SVGWriter {
  /// The SVG text for a page's outlines.
  /// - Parameters:
  ///   - shapes: The strokes' outlines in page units relative to the frame's corner.
  ///   - layerCount: Unused; kept for callers of the earlier signature.
  ///   - frame: The page rectangle.
  ///   - scale: Output pixels per page unit, for the `width` and `height` attributes.
  ///   - background: The page colour, if any.
  /// - Returns: The document.
  public static func document(
    _ shapes: [Renderer.StrokeShape], layerCount: Int, frame: Renderer.Frame, scale: Double,
    background: InkColor?
  ) -> String {
    var report = RenderReport()
    let strokes = shapes.map {
      VectorStroke(
        layer: $0.layer, color: $0.color, blendMode: $0.blendMode,
        pieces: $0.parts.map { VectorStroke.Piece(alpha: $0.alpha, path: $0.path) })
    }
    return document(
      strokes, frame: frame, scale: scale, background: background, images: [], decimals: 2,
      report: &report)
  }

  /// The SVG text for strokes and images.
  static func document(
    _ strokes: [VectorStroke], frame: Renderer.Frame, scale: Double, background: InkColor?,
    images: [RenderImage], decimals: Int, report: inout RenderReport
  ) -> String {
    let f = { (v: Double) in NumberText.rounded(v.isFinite ? v : 0, decimals: 3) }
    let w = f(frame.width)
    let h = f(frame.height)
    var classes: [String: String] = [:]
    var style = ""
    func className(_ declarations: String) -> String {
      if let name = classes[declarations] { return name }
      let name = "s\(classes.count)"
      classes[declarations] = name
      style += ".\(name){\(declarations)}"
      return name
    }
    func paths(_ stroke: VectorStroke, color: InkColor, css: String?) -> String {
      var out = ""
      for piece in stroke.pieces {
        var declarations: String
        let paint = shortHex(color)
        if stroke.strokeWidth != nil {
          declarations =
            "fill:none;stroke:\(paint);stroke-linecap:round;stroke-linejoin:round"
          if piece.alpha < 1 { declarations += ";stroke-opacity:\(opacity(piece.alpha))" }
        } else {
          declarations = "fill:\(paint)"
          if piece.alpha < 1 { declarations += ";fill-opacity:\(opacity(piece.alpha))" }
        }
        if let css { declarations += ";mix-blend-mode:\(css)" }
        var text = PathText(decimals: decimals)
        text.append(piece.path)
        out += "<path class=\"\(className(declarations))\""
        if let width = stroke.strokeWidth {
          out += " stroke-width=\"\(NumberText.rounded(width.isFinite ? width : 0, decimals: 3))\""
        }
        out += " d=\"\(text.string)\"/>\n"
      }
      return out
    }

    // The ink grows at both ends (destination-over strokes go first, a mask wraps it all):
    // `front` holds what goes before, last first, so nothing is ever copied twice.
    var front: [String] = []
    var ink = ""
    var masks = ""
    var maskCount = 0
    var openLayer: Int?
    var namedLayers = Set<Int>()
    var isolate = false
    func closeLayer() {
      if openLayer != nil { ink += "</g>\n" }
      openLayer = nil
    }
    var lastWasEraser = false
    for stroke in strokes {
      VectorBlend.note(stroke.blendMode, in: &report.approximatedBlendModes)
      if VectorBlend(stroke.blendMode) != .erase { lastWasEraser = false }
      switch VectorBlend(stroke.blendMode) {
      case .over, .blend:
        var css: String?
        if case .blend(let name, _) = VectorBlend(stroke.blendMode) {
          css = name
          isolate = true
        }
        if openLayer != stroke.layer {
          closeLayer()
          ink +=
            namedLayers.insert(stroke.layer).inserted
            ? "<g id=\"layer-\(stroke.layer)\">\n" : "<g data-layer=\"\(stroke.layer)\">\n"
          openLayer = stroke.layer
        }
        ink += paths(stroke, color: stroke.color, css: css)
      case .under:
        closeLayer()
        front.append(paths(stroke, color: stroke.color, css: nil))
      case .erase:
        closeLayer()
        let drawn = paths(stroke, color: InkColor(rgba: 0x0000_00FF), css: nil)
        if lastWasEraser {
          // Erasers in a row share one mask: their paths multiply its luminance in turn.
          masks.removeLast("</mask>\n".count)
          masks += drawn + "</mask>\n"
          continue
        }
        lastWasEraser = true
        let id = "e\(maskCount)"
        maskCount += 1
        masks +=
          "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(w)\""
          + " height=\"\(h)\"><rect width=\"\(w)\" height=\"\(h)\" fill=\"#fff\"/>\n"
          + drawn + "</mask>\n"
        front.append("<g mask=\"url(#\(id))\">\n")
        ink += "</g>\n"
      }
    }
    closeLayer()
    ink = front.reversed().joined() + ink

    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\""
    if !images.isEmpty { out += " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" }
    out += " width=\"\(f(frame.width * scale))\" height=\"\(f(frame.height * scale))\""
    out += " viewBox=\"0 0 \(w) \(h)\">\n"
    if !style.isEmpty { out += "<style>\(style)</style>\n" }
    if !masks.isEmpty { out += "<defs>\n\(masks)</defs>\n" }
    if let background {
      out += "<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"\(hex(background))\""
      if background.alpha < 255 {
        out += " fill-opacity=\"\(opacity(Double(background.alpha) / 255))\""
      }
      out += "/>\n"
    }
    let toFrame = AffineTransform.translation(x: -frame.x, y: -frame.y)
    for image in images {
      guard let header = ImageHeader(image.data) else {
        report.undrawnImages.append(
          ImageFailure(
            name: image.name, reason: "\(image.contentType) is neither a PNG nor a JPEG image"))
        continue
      }
      let map = toFrame.concatenating(
        image.pixelTransform(pixelWidth: header.width, pixelHeight: header.height))
      let type = header.encoding == .png ? "image/png" : "image/jpeg"
      out += "<image width=\"\(header.width)\" height=\"\(header.height)\""
      out += " preserveAspectRatio=\"none\" transform=\"\(map.svgTransform)\""
      out += " xlink:href=\"data:\(type);base64,\(Base64.encode(image.data))\"/>\n"
    }
    if isolate {
      out += "<g style=\"isolation:isolate\">\n\(ink)</g>\n"
    } else {
      out += ink
    }
    out += "</svg>\n"
    return out
  }

  /// A path's compact `d` attribute: relative `m`, `l`, `c` and `z` commands with coordinates
  /// rounded to 0.01 page unit.
  /// - Parameter path: The outline.
  /// - Returns: The path data.
  public static func pathData(_ path: OutlinePath) -> String {
    var text = PathText(decimals: 2)
    text.append(path)
    return text.string
  }

  static func hex(_ color: InkColor) -> String {
    String(color.description.dropLast(2))
  }

  /// `#RRGGBB`, or `#RGB` when every channel's two digits are the same, in lower case.
  static func shortHex(_ color: InkColor) -> String {
    let digits = Array(hex(color).lowercased().dropFirst())
    if digits[0] == digits[1] && digits[2] == digits[3] && digits[4] == digits[5] {
      return "#" + String([digits[0], digits[2], digits[4]])
    }
    return "#" + String(digits)
  }

  /// An opacity with at most three decimals and no leading zero (`.498`).
  static func opacity(_ alpha: Double) -> String {
    let text = NumberText.rounded(alpha.isFinite ? min(max(alpha, 0), 1) : 0, decimals: 3)
    return text.hasPrefix("0.") ? String(text.dropFirst()) : text
  }
}
