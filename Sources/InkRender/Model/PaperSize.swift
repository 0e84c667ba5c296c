/// A sheet of paper a page is printed on, in page units (1/96 in, so 0.75 pt).
///
/// ``RenderPage/placed(on:margin:defaultWidth:)`` scales a page to fit a sheet and centres it.
/// The sizes are portrait; ``landscape`` turns a sheet on its side.
public struct PaperSize: Sendable, Hashable {
  /// The width in page units.
  public var width: Double
  /// The height in page units.
  public var height: Double

  /// Creates a sheet of `width × height` page units.
  /// - Parameters:
  ///   - width: The width in page units.
  ///   - height: The height in page units.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// Page units per millimetre: 96 per inch of 25.4 mm.
  public static let unitsPerMillimetre = 96 / 25.4

  /// ISO A4, 210 × 297 mm (595.28 × 841.89 pt).
  public static let a4 = PaperSize(
    width: 210 * unitsPerMillimetre, height: 297 * unitsPerMillimetre)

  /// US Letter, 8.5 × 11 in (612 × 792 pt).
  public static let letter = PaperSize(width: 8.5 * 96, height: 11 * 96)

  /// The same sheet with its longer side across.
  public var landscape: PaperSize {
    PaperSize(width: max(width, height), height: min(width, height))
  }

  /// Whether both sides are positive and finite.
  public var isUsable: Bool { width > 0 && height > 0 && width.isFinite && height.isFinite }
}
