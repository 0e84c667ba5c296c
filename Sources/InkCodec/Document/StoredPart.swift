/// A part carried through a save unchanged, with the relationship that points to it.
public struct StoredPart: Sendable, Hashable {
  /// The part name (`/docProps/thumbnail.jpeg`).
  public var name: String
  /// Its content type, if `[Content_Types].xml` gives one.
  public var contentType: String?
  /// Its bytes.
  public var data: [UInt8]
  /// The relationship that points to it, or `nil` for a part nothing references.
  public var relationship: Relationship?
  /// Whether the package holds the part: `false` for a relationship whose target is external
  /// or missing, which is written back as a relationship only. A part of 0 bytes exists.
  package var exists = true
}
