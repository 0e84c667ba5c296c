/// The size of a page (a section) in user units, as `<svg width height>` or a view box gives
/// it.
public struct PageSize: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// `592×864`.
  public var description: String {
    "\(NumberText.shortest(width))×\(NumberText.shortest(height))"
  }
}
