/// The channels of a stroke's control points, as the WILL SDK interleaves them.
///
/// Nothing on the wire says the stride. It follows from what a record stores: x and y always,
/// a width per point when `strokeWidth` holds more than one value, and an alpha per point
/// when `strokeColor` holds more than one value.
public enum StrokeLayout: String, Sendable, Hashable, Codable, CaseIterable {
  /// x, y: constant width and colour. Stride 2.
  case xy
  /// x, y, width. Stride 3; every real file has this layout.
  case xyWidth
  /// x, y, alpha with a constant width. Stride 3.
  case xyAlpha
  /// x, y, width, alpha. Stride 4.
  case xyWidthAlpha

  /// Creates the layout with or without per-point widths and alphas.
  public init(hasWidth: Bool, hasAlpha: Bool) {
    switch (hasWidth, hasAlpha) {
    case (false, false): self = .xy
    case (true, false): self = .xyWidth
    case (false, true): self = .xyAlpha
    case (true, true): self = .xyWidthAlpha
    }
  }

  /// Whether each point carries a width.
  public var hasWidth: Bool { self == .xyWidth || self == .xyWidthAlpha }
  /// Whether each point carries an alpha.
  public var hasAlpha: Bool { self == .xyAlpha || self == .xyWidthAlpha }
  /// The number of values per point: 2, 3 or 4.
  public var stride: Int { 2 + (hasWidth ? 1 : 0) + (hasAlpha ? 1 : 0) }
  /// The channel names in order: `x`, `y`, then `width` and `alpha` when present.
  public var channels: [String] {
    ["x", "y"] + (hasWidth ? ["width"] : []) + (hasAlpha ? ["alpha"] : [])
  }
}
