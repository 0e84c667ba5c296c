/// A section image that an output could not draw, and why: reported so that a caller can say
/// so, never left out silently.
public struct ImageFailure: Sendable, Hashable {
  /// The image's name (its part name, or `image N`).
  public var name: String
  /// Why it is not drawn.
  public var reason: String

  /// Creates a failure.
  /// - Parameters:
  ///   - name: The image's name.
  ///   - reason: Why it is not drawn.
  public init(name: String, reason: String) {
    self.name = name
    self.reason = reason
  }
}
