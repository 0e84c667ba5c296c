import InkCodec

/// An image a page shows under its ink: a section's image part where the section places it.
///
/// The image's pixels span the rectangle ``x``, ``y``, ``width`` × ``height`` of its own
/// coordinates (its natural size, one unit per pixel, when the element gives no size), which
/// ``transform`` maps onto the page.
public struct RenderImage: Sendable, Hashable {
  /// The encoded image (PNG or JPEG).
  public var data: [UInt8]
  /// The content type, `image/png` or `image/jpeg`; others are reported, not drawn.
  public var contentType: String
  /// The name warnings use: the part name, or `image N`.
  public var name: String
  /// The left edge in the image's coordinates.
  public var x: Double
  /// The top edge in the image's coordinates.
  public var y: Double
  /// The width in the image's coordinates, or `nil` for the pixel width.
  public var width: Double?
  /// The height in the image's coordinates, or `nil` for the pixel height.
  public var height: Double?
  /// Maps the image's coordinates onto the page.
  public var transform: AffineTransform

  /// Creates an image placement.
  /// - Parameters:
  ///   - data: The encoded image.
  ///   - contentType: Its content type.
  ///   - name: The name warnings use.
  ///   - x: The left edge in the image's coordinates.
  ///   - y: The top edge.
  ///   - width: The width, or `nil` for the pixel width.
  ///   - height: The height, or `nil` for the pixel height.
  ///   - transform: Maps the image's coordinates onto the page.
  public init(
    data: [UInt8], contentType: String, name: String, x: Double = 0, y: Double = 0,
    width: Double? = nil, height: Double? = nil, transform: AffineTransform = .identity
  ) {
    self.data = data
    self.contentType = contentType
    self.name = name
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.transform = transform
  }

  /// The map from pixel coordinates (0…`pixelWidth`, 0…`pixelHeight`, from the top left) to
  /// the page.
  /// - Parameters:
  ///   - pixelWidth: The decoded width in pixels.
  ///   - pixelHeight: The decoded height in pixels.
  /// - Returns: The transform.
  public func pixelTransform(pixelWidth: Int, pixelHeight: Int) -> AffineTransform {
    let sx = (width ?? Double(pixelWidth)) / Double(max(pixelWidth, 1))
    let sy = (height ?? Double(pixelHeight)) / Double(max(pixelHeight, 1))
    return transform.concatenating(.translation(x: x, y: y)).concatenating(.scale(x: sx, y: sy))
  }
}
