import InkCodec

/// How a vector output (SVG, PDF) draws a stroke's blend mode inside the page's ink layer.
///
/// Source-over, destination-over (drawn under the ink before it) and destination-out (the
/// eraser: a mask over the ink before it, never visible ink) are exact. The modes SVG and
/// PDF name (multiply, darken, lighten) are their separable blend modes, which equal WILL's
/// direct modes over opaque ink and differ where the ink layer is transparent; the others
/// have no counterpart and are drawn source-over. Both kinds are reported as approximated.
enum VectorBlend: Sendable, Hashable {
  /// Drawn over the ink before it.
  case over
  /// Drawn under the ink before it, over the page.
  case under
  /// Removes the ink before it, by its coverage times its alpha.
  case erase
  /// Drawn with a named separable blend mode (CSS `mix-blend-mode`, PDF `/BM`).
  case blend(css: String, pdf: String)

  /// The drawing for a stroke's stored mode (``BlendMode/effective`` applied).
  init(_ mode: BlendMode) {
    switch mode.effective {
    case .destinationOver: self = .under
    case .destinationOut: self = .erase
    case .directMultiply: self = .blend(css: "multiply", pdf: "Multiply")
    case .directDarken: self = .blend(css: "darken", pdf: "Darken")
    case .directLighten: self = .blend(css: "lighten", pdf: "Lighten")
    default: self = .over
    }
  }

  /// Whether a vector output draws `mode` differently from the PNG renderer.
  static func isApproximated(_ mode: BlendMode) -> Bool {
    switch mode.effective {
    case .sourceOver, .destinationOver, .destinationOut: false
    default: true
    }
  }

  /// Adds `mode` to `modes` when it is approximated and not there yet.
  static func note(_ mode: BlendMode, in modes: inout [BlendMode]) {
    let effective = mode.effective
    if isApproximated(effective) && !modes.contains(effective) { modes.append(effective) }
  }
}
