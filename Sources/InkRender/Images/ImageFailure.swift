import InkCodec

/// A section image that an output could not draw, and why: reported so that a caller can say
/// so, never left out silently.
public struct ImageFailure: Sendable, Hashable {
  /// The image's name (its part name, or `image N`).
  public var name: String
  /// Why it is not drawn.
  public var reason: String
  /// The decoder's error, when the image could not be decoded (a damaged file, or a limit
  /// such as ``RenderLimits/maxImageScans``, which a caller can name): its part is the
  /// image's name.
  public var error: WillError?

  /// Creates a failure.
  /// - Parameters:
  ///   - name: The image's name.
  ///   - reason: Why it is not drawn.
  ///   - error: The decoder's error, if any.
  public init(name: String, reason: String, error: WillError? = nil) {
    self.name = name
    self.reason = reason
    self.error = error
  }

  /// The failure of `image` with the decoder's `error`, placed in the image's part.
  init(_ image: RenderImage, _ error: WillError) {
    var placed = error
    placed.part = image.name
    self.init(name: image.name, reason: error.message, error: placed)
  }
}
