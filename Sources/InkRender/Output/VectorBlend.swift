import InkCodec

/// How a vector output (SVG, PDF) draws a stroke's blend mode inside the page's ink layer.
///
/// Source-over, destination-over (drawn under the ink before it) and destination-out (the
/// eraser: a mask over the ink before it, never visible ink) are drawn with the formats' own
/// compositing, exactly. The other modes (copy, lighter and the direct modes) act on each
/// premultiplied channel of the ink under them (see ``Compositor``), which neither format's
/// blend modes do: SVG draws them with a filter that computes ``Compositor``'s formula from
/// the ink before the stroke (see ``SVGWriter``), PDF draws the page's ink as an image made
/// by the PNG painter (see ``isRasterInPDF(_:)``).
enum VectorBlend: Sendable, Hashable {
  /// Drawn over the ink before it.
  case over
  /// Drawn under the ink before it, over the page.
  case under
  /// Removes the ink before it, by its coverage times its alpha.
  case erase
  /// Computed per channel from the ink before it (an SVG filter; an image in PDF).
  case computed(Compositor.Operator)

  /// The drawing for a stroke's stored mode (``BlendMode/effective`` applied).
  init(_ mode: BlendMode) {
    switch Compositor.Operator(mode) {
    case .sourceOver: self = .over
    case .destinationOver: self = .under
    case .destinationOut: self = .erase
    case let op: self = .computed(op)
    }
  }

  /// Whether the mode is computed from the ink before the stroke.
  var isComputed: Bool { if case .computed = self { true } else { false } }

  /// Whether PDF draws a page with a stroke in `mode` as an image of its ink: PDF's blend
  /// modes composite colours by alpha and have no per-channel arithmetic on the ink layer.
  static func isRasterInPDF(_ mode: BlendMode) -> Bool {
    if case .computed = VectorBlend(mode) { true } else { false }
  }

  /// Adds `mode` to `modes` when PDF draws it as an image and it is not there yet.
  static func noteRaster(_ mode: BlendMode, in modes: inout [BlendMode]) {
    let effective = mode.effective
    if isRasterInPDF(effective) && !modes.contains(effective) { modes.append(effective) }
  }
}
