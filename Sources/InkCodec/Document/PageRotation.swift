/// A rotation of a page by a multiple of 90°, clockwise as the page is seen (SVG's y axis
/// points down).
///
/// ```swift
/// let turn = PageRotation(degrees: -90)   // .clockwise270, a quarter turn to the left
/// ```
public enum PageRotation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// No rotation.
  case none = 0
  /// A quarter turn to the right: the top edge becomes the right edge.
  case clockwise90 = 90
  /// A half turn: the page upside down.
  case clockwise180 = 180
  /// Three quarter turns to the right, one to the left: the top edge becomes the left edge.
  case clockwise270 = 270

  /// The rotation by `degrees` clockwise (negative: anticlockwise), or `nil` when it is not
  /// a multiple of 90.
  public init?(degrees: Int) {
    guard degrees % 90 == 0 else { return nil }
    self.init(rawValue: ((degrees % 360) + 360) % 360)
  }

  /// The clockwise angle in degrees: 0, 90, 180 or 270.
  public var degrees: Int { rawValue }

  /// Whether the page's width and height trade places.
  public var swapsSides: Bool { self == .clockwise90 || self == .clockwise270 }

  /// The rotation that undoes this one.
  public var inverse: PageRotation { PageRotation(rawValue: (360 - rawValue) % 360)! }

  /// `self` followed by `other`.
  public func followed(by other: PageRotation) -> PageRotation {
    PageRotation(rawValue: (rawValue + other.rawValue) % 360)!
  }

  /// `90°` and so on.
  public var description: String { "\(rawValue)°" }

  /// The transform that turns the box at `x`, `y` of `width`×`height` and puts the turned
  /// box back at the same corner `x`, `y` (its size `height`×`width` after a quarter turn),
  /// so a page stays where its view box starts.
  public func transform(x: Double, y: Double, width: Double, height: Double) -> AffineTransform {
    // Each case maps the box's corners onto the turned box; integer page sizes give integer
    // coefficients, so composing turns is exact.
    switch self {
    case .none: .identity
    case .clockwise90:  // (x0, y0) goes to the top-right corner
      AffineTransform(a: 0, b: 1, c: -1, d: 0, e: x + y + height, f: y - x)
    case .clockwise180:
      AffineTransform(a: -1, b: 0, c: 0, d: -1, e: 2 * x + width, f: 2 * y + height)
    case .clockwise270:  // (x0, y0) goes to the bottom-left corner
      AffineTransform(a: 0, b: -1, c: 1, d: 0, e: x - y, f: x + y + width)
    }
  }
}
