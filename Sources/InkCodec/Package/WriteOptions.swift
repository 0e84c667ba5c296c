/// How ``WillDocument`` writes a package.
public struct WriteOptions: Sendable, Hashable {
  /// Deflate level for zip parts, 0 (stored) … 9.
  public var deflateLevel: Int
  /// Write the canonical Inkspace layout: fresh part names and relationship ids, and every
  /// XML part written anew, instead of keeping the names, ids and bytes the document was read
  /// with.
  public var normalize: Bool

  /// Creates options. A `deflateLevel` outside 0…9 makes writing a package throw.
  public init(deflateLevel: Int = 6, normalize: Bool = false) {
    self.deflateLevel = deflateLevel
    self.normalize = normalize
  }

  /// The options, or ``WillErrorKind/unsupported(_:)`` when one is out of range.
  func checked() throws(WillError) -> WriteOptions {
    guard (0...9).contains(deflateLevel) else {
      throw WillError(.unsupported("deflate level \(deflateLevel) (use 0 to 9)"))
    }
    return self
  }
}
