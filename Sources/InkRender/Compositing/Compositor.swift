import InkCodec

/// WILL's blend modes as one table of formulas on premultiplied colours.
///
/// S is the stroke's premultiplied colour (its alpha includes the stroke's opacity), D what is
/// on the canvas, and c the stroke's coverage of the pixel (0…1, from anti-aliasing). Every
/// mode computes a result R = f(S, D) and the pixel becomes D + c·(R − D): coverage mixes the
/// full-strength result with what was there, so a half-covered pixel gets half the effect.
/// Results are clamped to 0…1.
///
/// | mode | f(S, D), per channel (colour channels and alpha alike unless noted) |
/// |---|---|
/// | `BlendMode.sourceOver` (2; 0 and unknown via `BlendMode.effective`) | S + D·(1 − Sa) |
/// | `BlendMode.copy` (1) | S |
/// | `BlendMode.destinationOver` (3) | D + S·(1 − Da) |
/// | `BlendMode.destinationOut` (7, the eraser) | D·(1 − Sa) |
/// | `BlendMode.lighter` (11) | min(1, S + D) |
/// | `BlendMode.directMultiply` (12) | S·D |
/// | `BlendMode.directInvertSourceMultiply` (13) | (1 − S)·D |
/// | `BlendMode.directDarken` (14) | min(S, D) |
/// | `BlendMode.directLighten` (15) | max(S, D) |
/// | `BlendMode.directSubtract` (16) | max(0, D − S) |
/// | `BlendMode.directReverseSubtract` (17) | max(0, S − D) |
///
/// The DIRECT_* modes are WILL's "direct" GPU blend equations: they act on the four
/// premultiplied channels independently, with no Porter-Duff alpha compositing, so
/// DIRECT_MULTIPLY with an opaque colour darkens the canvas colour by the stroke's colour.
/// Subtract is destination minus source, as `BlendMode.directSubtract` documents.
public enum Compositor {
  /// The result of compositing `source` over `destination` with `mode` at `coverage`.
  /// - Parameters:
  ///   - mode: The stroke's blend mode; `BlendMode.effective` is applied first.
  ///   - source: The stroke's premultiplied colour.
  ///   - destination: The canvas pixel.
  ///   - coverage: The stroke's coverage of the pixel, 0…1.
  /// - Returns: The new canvas pixel.
  @inline(__always)
  public static func blend(
    _ mode: BlendMode, source: PremultipliedColor, destination: PremultipliedColor,
    coverage: Float
  ) -> PremultipliedColor {
    let s = SIMD4<Float>(source.red, source.green, source.blue, source.alpha)
    let d = SIMD4<Float>(destination.red, destination.green, destination.blue, destination.alpha)
    let r = blend(Operator(mode), s, d, coverage)
    return PremultipliedColor(red: r.x, green: r.y, blue: r.z, alpha: r.w)
  }

  /// The effective modes, resolved once per stroke.
  enum Operator {
    case sourceOver, copy, destinationOver, destinationOut, lighter
    case multiply, invertSourceMultiply, darken, lighten, subtract, reverseSubtract

    init(_ mode: BlendMode) {
      switch mode.effective {
      case .copy: self = .copy
      case .destinationOver: self = .destinationOver
      case .destinationOut: self = .destinationOut
      case .lighter: self = .lighter
      case .directMultiply: self = .multiply
      case .directInvertSourceMultiply: self = .invertSourceMultiply
      case .directDarken: self = .darken
      case .directLighten: self = .lighten
      case .directSubtract: self = .subtract
      case .directReverseSubtract: self = .reverseSubtract
      default: self = .sourceOver
      }
    }
  }

  @inline(__always)
  static func blend(_ op: Operator, _ s: SIMD4<Float>, _ d: SIMD4<Float>, _ c: Float)
    -> SIMD4<Float>
  {
    let zero = SIMD4<Float>(repeating: 0)
    let one = SIMD4<Float>(repeating: 1)
    let r: SIMD4<Float>
    switch op {
    case .sourceOver: r = s + d * (1 - s.w)
    case .copy: r = s
    case .destinationOver: r = d + s * (1 - d.w)
    case .destinationOut: r = d * (1 - s.w)
    case .lighter: r = pointwiseMin(s + d, one)
    case .multiply: r = s * d
    case .invertSourceMultiply: r = (one - s) * d
    case .darken: r = pointwiseMin(s, d)
    case .lighten: r = pointwiseMax(s, d)
    case .subtract: r = pointwiseMax(d - s, zero)
    case .reverseSubtract: r = pointwiseMax(s - d, zero)
    }
    return pointwiseMin(pointwiseMax(d + (r - d) * c, zero), one)
  }
}
