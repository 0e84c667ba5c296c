import InkCodec

/// A particle paint that strokes use but whose textures cannot be decoded: those strokes are
/// drawn with the solid brush.
public struct PaintFailure: Sendable, Hashable {
  /// The paint's index in ``RenderPage/paints``.
  public var index: Int
  /// Why its textures cannot be decoded.
  public var error: WillError

  /// Creates a report.
  /// - Parameters:
  ///   - index: The paint's index.
  ///   - error: Why it cannot be decoded.
  public init(index: Int, error: WillError) {
    self.index = index
    self.error = error
  }
}
