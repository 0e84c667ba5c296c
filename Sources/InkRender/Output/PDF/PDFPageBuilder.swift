import InkCodec

/// Builds one PDF page: the page background, images, and the ink as filled paths composited
/// in a layer over the page (see ``VectorBlend``), in page units mapped to points (1/96 in →
/// 0.75 pt, y down); the ink in whole units of the tolerance's decimals.
///
/// Object 0 is the `/Page`, 1 the resources of the page's content, 2 that content; forms
/// (each with the resources it names), graphics states and images follow. Content streams and
/// images are Flate-compressed; JPEG images pass through as `DCTDecode`.
struct PDFPageBuilder {
  /// Points per page unit.
  static let pointsPerUnit = 0.75

  let width: Double
  let height: Double
  let decimals: Int
  private(set) var objects: [PDFObject] = [PDFObject([]), PDFObject([]), PDFObject([])]
  private var states: [String: String] = [:]
  /// The graphics states' objects by name (`G`: an alpha or blend mode, `M`: a soft mask).
  private var stateEntries: [String: Int] = [:]
  /// The XObjects' objects by name (`F`: a form of ink, `E`: of erasers, `I`: an image).
  private var xobjects: [String: Int] = [:]
  /// The names of the section images' XObjects, by payload.
  private var imageNames: [Int: String] = [:]
  private var usesTransparency = false

  /// The page content before the ink: background and images.
  var paper: [UInt8] = []
  /// The ink layer's content.
  var ink: [UInt8] = []

  init(width: Double, height: Double, decimals: Int) {
    self.width = width
    self.height = height
    self.decimals = decimals
    factor = Double(PathText.pow10(decimals))
  }

  /// Ink units per page unit (10^decimals): the ink is drawn in a space scaled so that its
  /// coordinates are integers, one character shorter each than decimals.
  let factor: Double

  /// The page's width and height in ink units.
  private var inkBox: String { "0 0 \(number(width * factor, 0)) \(number(height * factor, 0))" }

  private mutating func add(_ object: PDFObject) -> Int {
    objects.append(object)
    return objects.count - 1
  }

  /// A Flate-compressed stream object with the dictionary entries `entries`.
  private mutating func stream(_ entries: [PDFObject.Piece], _ bytes: [UInt8]) -> Int {
    let compressed = Zlib.compress(bytes, level: 6)
    return add(
      PDFObject(
        [.text("<<")] + entries + [.text("/Filter/FlateDecode/Length \(compressed.count)>>")],
        stream: compressed))
  }

  private func number(_ v: Double, _ places: Int) -> String {
    NumberText.rounded(v.isFinite ? v : 0, decimals: places)
  }

  /// The name of a graphics state with fill alpha `alpha` and blend mode `blend`; `nil` for
  /// the default state (opaque, normal) unless `always`.
  private mutating func state(alpha: Double, blend: String? = nil, always: Bool = false)
    -> String?
  {
    let a = min(max(alpha.isFinite ? alpha : 0, 0), 1)
    guard a < 1 || blend != nil || always else { return nil }
    let key = "/ca \(number(a, 4))" + (blend.map { "/BM/\($0)" } ?? "")
    if let name = states[key] { return name }
    usesTransparency = true
    let name = "G\(stateEntries.count)"
    stateEntries[name] = add(PDFObject([.text("<<\(key)>>")]))
    states[key] = name
    return name
  }

  private mutating func xobject(_ object: Int, prefix: String) -> String {
    let name = "\(prefix)\(xobjects.count)"
    xobjects[name] = object
    return name
  }

  private func colour(_ color: InkColor) -> String {
    let f = { (v: UInt8) in NumberText.rounded(Double(v) / 255, decimals: 3) }
    return "\(f(color.red)) \(f(color.green)) \(f(color.blue)) rg\n"
  }

  /// Path operators (`m`, `l`, `c`, `h`) for an outline, in whole ink units.
  private func pathOperators(_ path: OutlinePath, into out: inout [UInt8]) {
    let factor = self.factor
    func q(_ v: Double) -> Int {
      let r = (v * factor).rounded()
      return r.isFinite ? Int(min(max(r, -1e15), 1e15)) : 0
    }
    func point(_ p: InkPoint) {
      PathText.append(q(p.x), decimals: 0, to: &out)
      out.append(UInt8(ascii: " "))
      PathText.append(q(p.y), decimals: 0, to: &out)
      out.append(UInt8(ascii: " "))
    }
    for element in path.elements {
      switch element {
      case .move(let p):
        point(p)
        out.append(UInt8(ascii: "m"))
        out.append(10)
      case .line(let p):
        point(p)
        out.append(UInt8(ascii: "l"))
        out.append(10)
      case .cubic(let a, let b, let p):
        point(a)
        point(b)
        point(p)
        out.append(UInt8(ascii: "c"))
        out.append(10)
      case .close:
        out.append(UInt8(ascii: "h"))
        out.append(10)
      }
    }
  }

  /// The operators that fill every piece of a stroke with `color`: one saved state, the
  /// colour once, and a graphics state per piece when their alphas differ.
  private mutating func fill(_ stroke: VectorStroke, color: InkColor, blend: String?) -> [UInt8] {
    if stroke.isAlphaMasked { return maskedFill(stroke, color: color, blend: blend) }
    var out = Array("q\n".utf8)
    out += Array(colour(color).utf8)
    let uniform = stroke.pieces.allSatisfy { $0.alpha == stroke.pieces.first?.alpha }
    var current: String?
    for (index, piece) in stroke.pieces.enumerated() {
      let name = state(alpha: piece.alpha, blend: blend, always: !uniform)
      if index == 0 || name != current, let name { out += Array("/\(name) gs\n".utf8) }
      current = name
      pathOperators(piece.path, into: &out)
      out += Array("f\n".utf8)
    }
    out += Array("Q\n".utf8)
    return out
  }

  /// The operators that draw a stroke whose alpha varies as one layer, as the PNG painter
  /// does (see ``VectorStroke/isAlphaMasked``): every piece in one path (their union, with
  /// its own anti-aliased edge) filled with `color` through a luminosity soft mask that holds
  /// the pieces opaque, grey by their alpha, widened past that edge, each over the ones
  /// before it.
  private mutating func maskedFill(_ stroke: VectorStroke, color: InkColor, blend: String?)
    -> [UInt8]
  {
    guard let box = stroke.inkBox(width: width, height: height, margin: 1) else { return [] }
    let x0 = Int((box.minX * factor).rounded(.down))
    let y0 = Int((box.minY * factor).rounded(.down))
    let x1 = Int((box.maxX * factor).rounded(.up))
    let y1 = Int((box.maxY * factor).rounded(.up))
    // The pieces widened past the outline's edge (filled and stroked, round joins).
    var grey = Array(
      "1 j 1 J \(number(VectorStroke.maskWidening * factor, 0)) w\n".utf8)
    var union: [UInt8] = []
    for piece in stroke.pieces { pathOperators(piece.path, into: &union) }
    // Widened first, for the edge; then as they are, so that the widening does not reach
    // into other pieces.
    for paint in ["B", "f"] {
      var current = -1
      for piece in stroke.piecesByAlpha {
        let level = Int((min(max(piece.alpha.isFinite ? piece.alpha : 0, 0), 1) * 255).rounded())
        if level != current {
          let g = NumberText.rounded(Double(level) / 255, decimals: 4)
          grey += Array("\(g) g \(g) G\n".utf8)
          current = level
        }
        pathOperators(piece.path, into: &grey)
        grey += Array("\(paint)\n".utf8)
      }
    }
    // A group in DeviceGray on a black backdrop: its luminosity is the grey itself.
    let maskForm = stream(
      [
        .text(
          "/Type/XObject/Subtype/Form/BBox[\(x0) \(y0) \(x1) \(y1)]"
            + "/Group<</S/Transparency/CS/DeviceGray>>/Resources<<>>")
      ], grey)
    usesTransparency = true
    let maskState = add(
      PDFObject([
        .text("<</Type/ExtGState/SMask<</S/Luminosity/G "), .local(maskForm), .text(">>>>"),
      ]))
    let name = "A\(stateEntries.count)"
    stateEntries[name] = maskState
    var out = Array("q\n".utf8)
    if let blend, let blendState = state(alpha: 1, blend: blend) {
      out += Array("/\(blendState) gs\n".utf8)
    }
    out += Array("/\(name) gs\n".utf8)
    out += Array(colour(color).utf8)
    out += union
    out += Array("f\nQ\n".utf8)
    return out
  }

  /// Fills the page with its colour.
  mutating func background(_ color: InkColor) {
    paper += Array("q\n".utf8)
    if let name = state(alpha: Double(color.alpha) / 255) { paper += Array("/\(name) gs\n".utf8) }
    paper += Array(colour(color).utf8)
    paper += Array("0 0 \(number(width, 3)) \(number(height, 3)) re f\nQ\n".utf8)
  }

  /// Draws the strokes into the ink layer, composited as their blend modes say; erasers are
  /// soft masks laid out by an ``EraserTree``.
  mutating func ink(_ strokes: [VectorStroke]) {
    let blends = strokes.map { VectorBlend($0.blendMode) }
    let tree = EraserTree(blends)
    var erasers = [[UInt8]](repeating: [], count: tree.units.count)
    var over = [[UInt8]](repeating: [], count: tree.units.count)
    var under = [[[UInt8]]](repeating: [], count: tree.units.count)
    for (unit, range) in tree.units.enumerated() {
      for index in range {
        let stroke = strokes[index]
        switch blends[index] {
        case .over, .computed:
          // Computed modes make the page's ink an image (Renderer.renderPDFPage) instead.
          over[unit] += fill(stroke, color: stroke.color, blend: nil)
        case .under:
          under[unit].append(fill(stroke, color: stroke.color, blend: nil))
        case .erase:
          erasers[unit] += fill(stroke, color: InkColor(rgba: 0x0000_00FF), blend: nil)
        }
      }
    }
    var eraser = Erasers(tree: tree, erasers: erasers)
    var content: [UInt8] = []
    if !tree.nodes.isEmpty {
      drawUnder(0, under, &eraser, into: &content)
      drawOver(0, over, &eraser, into: &content)
    }
    ink = content
  }

  /// The masks and eraser groups of an ``EraserTree``, made as joins first need them.
  private struct Erasers {
    let tree: EraserTree
    let erasers: [[UInt8]]
    var groups: [Int: String] = [:]
    var masks: [Int: String] = [:]
  }

  /// A form of the page's size drawing `content`; a transparency group when `group`.
  private mutating func form(_ content: [UInt8], group: Bool) -> Int {
    let entries = "/Type/XObject/Subtype/Form/BBox[\(inkBox)]"
    return stream(
      [.text(entries + (group ? "/Group<</S/Transparency/CS/DeviceRGB>>" : "") + "/Resources ")]
        + resources(content), content)
  }

  /// A resource dictionary of the graphics states and XObjects `content` names (`/N gs`,
  /// `/N Do`), in the order it names them. Each stream has its own: a dictionary of the whole
  /// page's would be read again for every form, and a page of n forms would cost n² to draw.
  private func resources(_ content: [UInt8]) -> [PDFObject.Piece] {
    var states: [PDFObject.Piece] = []
    var objects: [PDFObject.Piece] = []
    var seen = Set<String>()
    // Only lines that start with a name name a resource; path operators start with numbers.
    var start = 0
    while start < content.count {
      let end = content[start...].firstIndex(of: 10) ?? content.count
      defer { start = end + 1 }
      guard content[start] == UInt8(ascii: "/") else { continue }
      let text = String(decoding: content[(start + 1)..<end], as: UTF8.self)
      let name = String(text.dropLast(3))
      guard seen.insert(name).inserted else { continue }
      if text.hasSuffix(" gs"), let object = stateEntries[name] {
        states += [.text("/\(name) "), .local(object)]
      } else if text.hasSuffix(" Do"), let object = xobjects[name] {
        objects += [.text("/\(name) "), .local(object)]
      }
    }
    var pieces: [PDFObject.Piece] = [.text("<<")]
    if !states.isEmpty { pieces += [.text("/ExtGState<<")] + states + [.text(">>")] }
    if !objects.isEmpty { pieces += [.text("/XObject<<")] + objects + [.text(">>")] }
    return pieces + [.text(">>")]
  }

  /// The operators that draw a node's erasers: a unit's paths, or a join's two groups.
  private mutating func body(_ node: Int, _ e: inout Erasers) -> [UInt8] {
    let n = e.tree.nodes[node]
    guard let earlier = n.earlier, let later = n.later else {
      return e.erasers[n.units.lowerBound]
    }
    let first = group(earlier, &e)
    let second = group(later, &e)
    return Array("/\(first) Do\n/\(second) Do\n".utf8)
  }

  /// The name of a form drawing a node's erasers.
  private mutating func group(_ node: Int, _ e: inout Erasers) -> String {
    if let name = e.groups[node] { return name }
    let object = form(body(node, &e), group: false)
    let name = xobject(object, prefix: "E")
    e.groups[node] = name
    return name
  }

  /// The name of a graphics state whose luminosity soft mask is white but under the erasers
  /// of a join's later half, each black by its alpha.
  private mutating func mask(_ join: Int, _ e: inout Erasers) -> String {
    if let name = e.masks[join] { return name }
    usesTransparency = true
    let later = e.tree.nodes[join].later!
    // A join inside a later half has its group drawn by its parent's group: the mask draws
    // it too; otherwise the mask holds the later erasers itself.
    let erasers =
      e.tree.nodes[join].isLater ? Array("/\(group(later, &e)) Do\n".utf8) : body(later, &e)
    let maskForm = form(Array("1 1 1 rg \(inkBox) re f\n".utf8) + erasers, group: true)
    let maskState = add(
      PDFObject([
        .text("<</Type/ExtGState/SMask<</S/Luminosity/G "), .local(maskForm), .text(">>>>"),
      ]))
    let name = "M\(stateEntries.count)"
    stateEntries[name] = maskState
    e.masks[join] = name
    return name
  }

  /// Draws `content` as a transparency group through a join's mask.
  private mutating func masked(_ content: [UInt8], _ join: Int, _ e: inout Erasers) -> [UInt8] {
    let state = mask(join, &e)
    let name = xobject(form(content, group: true), prefix: "F")
    return Array("q\n/\(state) gs\n/\(name) Do\nQ\n".utf8)
  }

  /// Destination-over ink: the later half's first, then the earlier half's, masked.
  private mutating func drawUnder(
    _ node: Int, _ under: [[[UInt8]]], _ e: inout Erasers, into out: inout [UInt8]
  ) {
    let n = e.tree.nodes[node]
    guard let earlier = n.earlier, let later = n.later else {
      for drawn in under[n.units.lowerBound].reversed() { out += drawn }
      return
    }
    drawUnder(later, under, &e, into: &out)
    var inner: [UInt8] = []
    drawUnder(earlier, under, &e, into: &inner)
    if !inner.isEmpty { out += masked(inner, node, &e) }
  }

  /// The other ink: the earlier half's, masked, then the later half's.
  private mutating func drawOver(
    _ node: Int, _ over: [[UInt8]], _ e: inout Erasers, into out: inout [UInt8]
  ) {
    let n = e.tree.nodes[node]
    guard let earlier = n.earlier, let later = n.later else {
      out += over[n.units.lowerBound]
      return
    }
    var inner: [UInt8] = []
    drawOver(earlier, over, &e, into: &inner)
    if !inner.isEmpty { out += masked(inner, node, &e) }
    drawOver(later, over, &e, into: &out)
  }

  /// Draws the image XObject named `name`, its unit square where `map` places it.
  private func placement(_ name: String, map: AffineTransform) -> [UInt8] {
    let m = [map.a, map.b, map.c, map.d, map.e, map.f].map { number($0, 6) }
    return Array("q\n\(m.joined(separator: " ")) cm\n/\(name) Do\nQ\n".utf8)
  }

  /// Adds an image's objects (its mask first), named `shared` for the writer when several
  /// pages may hold them, and returns the image object's index.
  private mutating func add(_ image: PDFImage, shared: String?) -> Int {
    var entries: [PDFObject.Piece] = [.text("<<" + image.entries)]
    if let mask = image.mask {
      usesTransparency = true
      let object = add(
        PDFObject(
          [.text("<<" + mask.entries + "/Length \(mask.stream.count)>>")], stream: mask.stream,
          shared: shared.map { $0 + " mask" }))
      entries += [.text("/SMask "), .local(object)]
    }
    entries.append(.text("/Length \(image.stream.count)>>"))
    return add(PDFObject(entries, stream: image.stream, shared: shared))
  }

  /// Draws section image `made` (payload `payload` of the document's ``ImageCache``) where
  /// `map` (image pixels → page units) puts it. The page holds one XObject, under one name,
  /// for all the elements that draw a payload; the document holds one for all its pages.
  mutating func image(_ made: PDFImage, payload: Int, map: AffineTransform) {
    let name: String
    if let known = imageNames[payload] {
      name = known
    } else {
      name = xobject(add(made, shared: "image \(payload)"), prefix: "I")
      imageNames[payload] = name
    }
    let h = Double(made.height)
    paper += placement(
      name,
      map: map.concatenating(AffineTransform(a: Double(made.width), b: 0, c: 0, d: -h, e: 0, f: h)))
  }

  /// Replaces the ink with an image of it (for brushes drawn as pixels): a canvas covering
  /// the page, premultiplied. Its compression is charged to `budget`.
  /// - Throws: The budget's error, when it is spent.
  mutating func inkImage(_ canvas: Canvas, budget: WorkBudget) throws(WillError) {
    guard
      let image = PDFImage(
        rgba: canvas.rgba8(), width: canvas.width, height: canvas.height, budget: budget)
    else {
      try budget.check()
      preconditionFailure("an image is left unencoded only when the budget is spent")
    }
    ink = placement(
      xobject(add(image, shared: nil), prefix: "I"),
      map: AffineTransform(
        a: width * factor, b: 0, c: 0, d: -height * factor, e: 0, f: height * factor))
  }

  /// The finished page.
  mutating func page() -> PDFPage {
    let inkContent = ink
    let k = Self.pointsPerUnit
    let w = width * k
    let h = height * k
    var content = Array("q\n\(number(k, 2)) 0 0 \(number(-k, 2)) 0 \(number(h, 3)) cm\n".utf8)
    content += paper
    let unit = number(1 / factor, 6)
    content += Array("q\n\(unit) 0 0 \(unit) 0 0 cm\n".utf8)
    content += inkContent
    content += Array("Q\nQ\n".utf8)
    let compressed = Zlib.compress(content, level: 6)
    objects[2] = PDFObject(
      [.text("<</Filter/FlateDecode/Length \(compressed.count)>>")], stream: compressed)
    objects[1] = PDFObject(resources(content))
    var page: [PDFObject.Piece] = [
      .text("<</Type/Page/Parent "), .pages,
      .text("/MediaBox[0 0 \(number(w, 3)) \(number(h, 3))]/Resources "), .local(1),
      .text("/Contents "), .local(2),
    ]
    if usesTransparency { page.append(.text("/Group<</S/Transparency/CS/DeviceRGB>>")) }
    page.append(.text(">>"))
    objects[0] = PDFObject(page)
    return PDFPage(width: w, height: h, objects: objects)
  }
}
