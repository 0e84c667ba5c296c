import InkCodec

/// Writes rendered strokes as a compact SVG document.
///
/// The document is `width × height` output pixels with a `viewBox` in page units: a
/// background `<rect>` when the page has a colour, the section's images (embedded as `data:`
/// URLs) and then the ink, one `<path>` per stroke (a stroke whose alpha varies through a
/// `<mask>` of its pieces, grey by alpha, so that it is one layer as in PNG). Paths use
/// relative commands and only the decimals the tolerance needs; colours, opacities and blend
/// modes are shared classes in one `<style>`. Runs of strokes of one layer sit in a `<g>`
/// (`id="layer-N"` on its first).
///
/// The ink is composited as a layer above the page, as PNG output does: an eraser
/// (destination-out) is a `<mask>` over the ink drawn before it and never visible ink, the
/// masks laid out as a balanced tree: n runs of erasers nest ⌈log₂(n + 1)⌉ deep at most;
/// destination-over ink is drawn before (under) the ink before it. Copy, lighter and the
/// direct modes act on each premultiplied channel of the ink before them: a run of such
/// strokes is a `<filter>` on a group of all the ink before it, which computes each one's
/// ``Compositor`` formula (see `SVGFilterBlend`) and mixes it in by the stroke's coverage
/// (an `<feImage>` of its path).
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
    _ shapes: [StrokeParts<OutlinePath>], layerCount: Int, frame: PageFrame, scale: Double,
    background: InkColor?
  ) -> String {
    let strokes = shapes.map {
      VectorStroke(
        layer: $0.layer, color: $0.color, blendMode: $0.blendMode,
        pieces: $0.parts.map { VectorStroke.Piece(alpha: $0.alpha, path: $0.path) })
    }
    return document(
      strokes, frame: frame, scale: scale, background: background, images: [], decimals: 2)
  }

  /// A section image to show: where, and which payload of the document's ``ImageCache``.
  struct Image {
    /// The element: where it shows the image.
    var image: RenderImage
    /// The payload's number in the document's cache: elements of one payload share its
    /// `<image>`.
    var payload: Int
    /// The payload's header: its pixel size and encoding.
    var header: ImageHeader
  }

  /// The page's ink drawn as an image by the PNG painter (particle and hair brushes): a PNG
  /// file whose pixels cover the page from the frame's corner, `width` × `height` page units.
  struct InkImage {
    /// The PNG file.
    var png: [UInt8]
    /// The image's width in page units (its pixels ÷ the scale).
    var width: Double
    /// The image's height in page units.
    var height: Double
  }

  /// The SVG text for strokes and images. Each payload is one `<image>` in `<defs>`, which
  /// every element showing it places with a `<use>`. `inkImage`, when given, is the ink, in
  /// place of `strokes`: one `<image>` over the page and its images.
  static func document(
    _ strokes: [VectorStroke], frame: PageFrame, scale: Double, background: InkColor?,
    images: [Image], decimals: Int, inkImage: InkImage? = nil
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
    func element(
      _ path: OutlinePath, paint: String, alpha: Double, css: String?, strokeWidth: Double?
    ) -> String {
      var declarations: String
      if strokeWidth != nil {
        declarations = "fill:none;stroke:\(paint);stroke-linecap:round;stroke-linejoin:round"
        if alpha < 1 { declarations += ";stroke-opacity:\(opacity(alpha))" }
      } else {
        declarations = "fill:\(paint)"
        if alpha < 1 { declarations += ";fill-opacity:\(opacity(alpha))" }
      }
      if let css { declarations += ";mix-blend-mode:\(css)" }
      var text = PathText(decimals: decimals)
      text.append(path)
      var out = "<path class=\"\(className(declarations))\""
      if let width = strokeWidth {
        out += " stroke-width=\"\(NumberText.rounded(width.isFinite ? width : 0, decimals: 3))\""
      }
      return out + " d=\"\(text.string)\"/>\n"
    }
    // The masks of strokes whose alpha varies (see VectorStroke.isAlphaMasked), for <defs>.
    var alphaMasks = ""
    var alphaMaskCount = 0
    func paths(_ stroke: VectorStroke, color: InkColor, css: String?) -> String {
      let paint = shortHex(color)
      guard stroke.isAlphaMasked else {
        return stroke.pieces.map {
          element($0.path, paint: paint, alpha: $0.alpha, css: css, strokeWidth: stroke.strokeWidth)
        }.joined()
      }
      // One layer, as the PNG painter draws it: every piece in one path (their union, with
      // its own anti-aliased edge), through a luminance mask of the pieces opaque, grey by
      // their alpha, widened past that edge, each over the ones before it.
      guard let box = stroke.inkBox(width: frame.width, height: frame.height, margin: 1) else {
        return ""
      }
      // The box in whole units of the last decimal, outward.
      let scale = Double(PathText.pow10(decimals))
      let (qx, qy) = ((box.minX * scale).rounded(.down), (box.minY * scale).rounded(.down))
      let (qw, qh) = ((box.maxX * scale).rounded(.up) - qx, (box.maxY * scale).rounded(.up) - qy)
      let region = [("x", qx), ("y", qy), ("width", qw), ("height", qh)].map {
        "\($0.0)=\"\(NumberText.rounded($0.1 / scale, decimals: decimals))\""
      }.joined(separator: " ")
      let id = "a\(alphaMaskCount)"
      alphaMaskCount += 1
      alphaMasks += "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" \(region)>\n"
      var union = PathText(decimals: decimals)
      for piece in stroke.pieces { union.append(piece.path) }
      // Widened first, for the edge; then as they are, so that the widening does not reach
      // into other pieces.
      for widened in [true, false] {
        for piece in stroke.piecesByAlpha {
          let level = UInt8(
            (min(max(piece.alpha.isFinite ? piece.alpha : 0, 0), 1) * 255).rounded())
          let grey = shortHex(InkColor(red: level, green: level, blue: level))
          var text = PathText(decimals: decimals)
          text.append(piece.path)
          var declarations: String
          var width = stroke.strokeWidth
          if widened {
            let fill = stroke.strokeWidth == nil ? grey : "none"
            declarations = "fill:\(fill);stroke:\(grey);stroke-linejoin:round;stroke-linecap:round"
            width = (stroke.strokeWidth ?? 0) + VectorStroke.maskWidening
          } else if stroke.strokeWidth != nil {
            declarations = "fill:none;stroke:\(grey);stroke-linecap:round;stroke-linejoin:round"
          } else {
            declarations = "fill:\(grey)"
          }
          alphaMasks += "<path class=\"\(className(declarations))\""
          if let width {
            alphaMasks +=
              " stroke-width=\"\(NumberText.rounded(width.isFinite ? width : 0, decimals: 3))\""
          }
          alphaMasks += " d=\"\(text.string)\"/>\n"
        }
      }
      alphaMasks += "</mask>\n"
      var declarations: String
      if stroke.strokeWidth != nil {
        declarations = "fill:none;stroke:\(paint);stroke-linecap:round;stroke-linejoin:round"
      } else {
        declarations = "fill:\(paint)"
      }
      if let css { declarations += ";mix-blend-mode:\(css)" }
      var out = "<path class=\"\(className(declarations))\" mask=\"url(#\(id))\""
      if let width = stroke.strokeWidth {
        out += " stroke-width=\"\(NumberText.rounded(width.isFinite ? width : 0, decimals: 3))\""
      }
      return out + " d=\"\(union.string)\"/>\n"
    }

    // The strokes in runs: the ones the formats composite (over, under, erasers), laid out by
    // an EraserTree over the ink before them, and the ones computed from the ink before them
    // (VectorBlend.computed), one filter per run, on a group of everything before it.
    let blends = strokes.map { VectorBlend($0.blendMode) }
    var defs = ""
    var namedLayers = Set<Int>()
    var groupCount = 0
    var maskCount = 0
    var filterCount = 0
    var usesLinks = false

    // The ink of `indices` (none computed) over `initial`, the ink before them.
    func composited(_ indices: Range<Int>, over initial: String?) -> String {
      // Index -1 stands for `initial`: ink under the erasers that follow it.
      var order: [Int] = initial == nil ? [] : [-1]
      order += Array(indices)
      let tree = EraserTree(order.map { $0 < 0 ? .over : blends[$0] })
      // Each unit's erasers (drawn black, for masks), its ink drawn over the ink before it,
      // and its destination-over ink (drawn under it, the last first).
      var erasers = [String](repeating: "", count: tree.units.count)
      var over = [String](repeating: "", count: tree.units.count)
      var under = [[String]](repeating: [], count: tree.units.count)
      for (unit, range) in tree.units.enumerated() {
        var openLayer: Int?
        for position in range {
          let index = order[position]
          guard index >= 0 else {
            over[unit] += initial ?? ""
            continue
          }
          let stroke = strokes[index]
          switch blends[index] {
          case .over, .computed:
            if openLayer != stroke.layer {
              if openLayer != nil { over[unit] += "</g>\n" }
              over[unit] +=
                namedLayers.insert(stroke.layer).inserted
                ? "<g id=\"layer-\(stroke.layer)\">\n" : "<g data-layer=\"\(stroke.layer)\">\n"
              openLayer = stroke.layer
            }
            over[unit] += paths(stroke, color: stroke.color, css: nil)
          case .under:
            under[unit].append(paths(stroke, color: stroke.color, css: nil))
          case .erase:
            erasers[unit] += paths(stroke, color: InkColor(rgba: 0x0000_00FF), css: nil)
          }
        }
        if openLayer != nil { over[unit] += "</g>\n" }
      }

      // Masks and eraser groups go into <defs> as the joins first need them (see EraserTree).
      var groupIDs: [Int: String] = [:]
      var maskIDs: [Int: String] = [:]
      func body(_ node: Int) -> String {
        let n = tree.nodes[node]
        guard let earlier = n.earlier, let later = n.later else {
          return erasers[n.units.lowerBound]
        }
        return "<use xlink:href=\"#\(group(earlier))\"/><use xlink:href=\"#\(group(later))\"/>\n"
      }
      func group(_ node: Int) -> String {
        if let id = groupIDs[node] { return id }
        let content = body(node)
        let id = "g\(groupCount)"
        groupCount += 1
        usesLinks = true
        groupIDs[node] = id
        defs += "<g id=\"\(id)\">\n\(content)</g>\n"
        return id
      }
      func mask(_ join: Int) -> String {
        if let id = maskIDs[join] { return id }
        let later = tree.nodes[join].later!
        // A join inside a later half has its group referred to by its parent's group: the
        // mask refers to it too; otherwise the mask holds the later erasers itself.
        let content =
          tree.nodes[join].isLater ? "<use xlink:href=\"#\(group(later))\"/>\n" : body(later)
        let id = "e\(maskCount)"
        maskCount += 1
        maskIDs[join] = id
        defs +=
          "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(w)\""
          + " height=\"\(h)\"><rect width=\"\(w)\" height=\"\(h)\" fill=\"#fff\"/>\n"
          + content + "</mask>\n"
        return id
      }
      // Whether units hold ink, by prefix counts: a join masks its earlier half only if it does.
      func counts(_ ink: (Int) -> Bool) -> [Int] {
        var sums = [0]
        for unit in tree.units.indices { sums.append(sums[unit] + (ink(unit) ? 1 : 0)) }
        return sums
      }
      let overCounts = counts { !over[$0].isEmpty }
      let underCounts = counts { !under[$0].isEmpty }
      func has(_ sums: [Int], _ node: Int) -> Bool {
        let units = tree.nodes[node].units
        return sums[units.upperBound] > sums[units.lowerBound]
      }
      var ink = ""
      // Destination-over ink: the later half's first, then the earlier half's, masked.
      func drawUnder(_ node: Int) {
        let n = tree.nodes[node]
        guard let earlier = n.earlier, let later = n.later else {
          for drawn in under[n.units.lowerBound].reversed() { ink += drawn }
          return
        }
        drawUnder(later)
        guard has(underCounts, earlier) else { return }
        ink += "<g mask=\"url(#\(mask(node)))\">\n"
        drawUnder(earlier)
        ink += "</g>\n"
      }
      // The other ink: the earlier half's, masked, then the later half's.
      func drawOver(_ node: Int) {
        let n = tree.nodes[node]
        guard let earlier = n.earlier, let later = n.later else {
          ink += over[n.units.lowerBound]
          return
        }
        if has(overCounts, earlier) {
          ink += "<g mask=\"url(#\(mask(node)))\">\n"
          drawOver(earlier)
          ink += "</g>\n"
        }
        drawOver(later)
      }
      if !tree.nodes.isEmpty {
        drawUnder(0)
        drawOver(0)
      }
      return ink
    }

    // A filter computing the strokes `indices` one after the other from the ink under them.
    func filter(_ indices: Range<Int>) -> String {
      let id = "f\(filterCount)"
      filterCount += 1
      usesLinks = true
      var primitives = ""
      var input = "SourceGraphic"
      for (k, index) in indices.enumerated() {
        let stroke = strokes[index]
        guard case .computed(let op) = blends[index], !stroke.pieces.isEmpty else { continue }
        // The coverage: the stroke in white, opaque (its pieces' alphas when they vary, as
        // the PNG painter's mask holds them); the colour then opaque, or with its alpha.
        var shape = stroke
        var alpha = 1.0
        if !stroke.isAlphaMasked {
          alpha = stroke.pieces[0].alpha
          shape.pieces[0].alpha = 1
        }
        let coverage = "\(id)c\(k)"
        defs += "<g id=\"\(coverage)\">\n"
        defs += paths(shape, color: InkColor(rgba: 0xFFFF_FFFF), css: nil)
        defs += "</g>\n"
        let made = SVGFilterBlend.primitives(
          op, color: stroke.color, alpha: alpha, ink: input, prefix: "\(id)-\(k)")
        primitives += made.markup
        let c = "\(id)-\(k)c"
        let r = made.result
        primitives += "<feImage xlink:href=\"#\(coverage)\" result=\"\(c)\"/>\n"
        primitives += "<feComposite in=\"\(r)\" in2=\"\(c)\" operator=\"in\" result=\"\(r)i\"/>\n"
        primitives +=
          "<feComposite in=\"\(input)\" in2=\"\(c)\" operator=\"out\" result=\"\(r)o\"/>\n"
        input = "\(id)-\(k)"
        primitives +=
          "<feComposite in=\"\(r)i\" in2=\"\(r)o\" operator=\"arithmetic\" k2=\"1\" k3=\"1\""
          + " result=\"\(input)\"/>\n"
      }
      defs +=
        "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(w)\""
        + " height=\"\(h)\" color-interpolation-filters=\"sRGB\">\n\(primitives)</filter>\n"
      return id
    }

    var ink: String?
    var start = 0
    while start < strokes.count {
      var end = start
      while end < strokes.count, !blends[end].isComputed { end += 1 }
      if end > start || ink != nil { ink = composited(start..<end, over: ink) }
      guard end < strokes.count else { break }
      var last = end
      while last < strokes.count, blends[last].isComputed { last += 1 }
      let computed = (end..<last).filter { !strokes[$0].pieces.isEmpty }
      if !computed.isEmpty {
        // The filter replaces the ink before the run with the run's result.
        ink = "<g filter=\"url(#\(filter(end..<last)))\">\n\(ink ?? "")</g>\n"
      }
      start = last
    }

    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\""
    if !images.isEmpty || usesLinks || inkImage != nil {
      out += " xmlns:xlink=\"http://www.w3.org/1999/xlink\""
    }
    out += " width=\"\(f(frame.width * scale))\" height=\"\(f(frame.height * scale))\""
    out += " viewBox=\"0 0 \(w) \(h)\">\n"
    if !style.isEmpty { out += "<style>\(style)</style>\n" }
    // Each payload once, at its natural size; the elements that show it are <use>s.
    var imageIDs: [Int: String] = [:]
    for placed in images where imageIDs[placed.payload] == nil {
      let id = "im\(imageIDs.count)"
      imageIDs[placed.payload] = id
      let type = placed.header.encoding == .png ? "image/png" : "image/jpeg"
      defs +=
        "<image id=\"\(id)\" width=\"\(placed.header.width)\" height=\"\(placed.header.height)\""
      defs += " preserveAspectRatio=\"none\""
      defs += " xlink:href=\"data:\(type);base64,\(Base64.encode(placed.image.data))\"/>\n"
    }
    defs = alphaMasks + defs
    if !defs.isEmpty { out += "<defs>\n\(defs)</defs>\n" }
    if let background {
      out += "<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"\(hex(background))\""
      if background.alpha < 255 {
        out += " fill-opacity=\"\(opacity(Double(background.alpha) / 255))\""
      }
      out += "/>\n"
    }
    let toFrame = AffineTransform.translation(x: -frame.x, y: -frame.y)
    for placed in images {
      let header = placed.header
      let map = toFrame.concatenating(
        placed.image.pixelTransform(pixelWidth: header.width, pixelHeight: header.height))
      out +=
        "<use xlink:href=\"#\(imageIDs[placed.payload]!)\" transform=\"\(map.svgTransform)\"/>\n"
    }
    out += ink ?? ""
    if let inkImage {
      out +=
        "<image x=\"0\" y=\"0\" width=\"\(f(inkImage.width))\" height=\"\(f(inkImage.height))\""
      out += " preserveAspectRatio=\"none\""
      out += " xlink:href=\"data:image/png;base64,\(Base64.encode(inkImage.png))\"/>\n"
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
