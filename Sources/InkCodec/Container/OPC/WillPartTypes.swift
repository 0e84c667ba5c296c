/// The relationship types and content types of WILL packages (Android SDK
/// `com.wacom.ink.willformat.Format`; every producer uses these exact strings).
public enum WillRelationshipType {
  /// package → `/props/core.xml`.
  public static let coreProperties =
    "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"
  /// package → `/props/app.xml`.
  public static let extendedProperties =
    "http://schemas.willfileformat.org/2015/relationships/extended-properties"
  /// package → a section SVG, in page order.
  public static let section = "http://schemas.willfileformat.org/2015/relationships/section"
  /// package → `/style/paints.protobuf`.
  public static let paints = "http://schemas.willfileformat.org/2015/relationships/style/paints"
  /// section → a paths part.
  public static let paths = "http://schemas.willfileformat.org/2015/relationships/section/paths"
  /// section → an image.
  public static let image = "http://schemas.willfileformat.org/2015/relationships/section/image"
}

/// Content types of WILL package parts.
public enum WillContentType {
  /// `*.rels`.
  public static let relationships = "application/vnd.openxmlformats-package.relationships+xml"
  /// Section SVGs.
  public static let svg = "image/svg+xml"
  /// Paths parts.
  public static let paths = "application/vnd.willfileformat.path+protobuf"
  /// `/style/paints.protobuf`.
  public static let paints = "application/vnd.willfileformat.paint+protobuf"
  /// `/props/core.xml`.
  public static let coreProperties = "application/vnd.openxmlformats-package.core-properties+xml"
  /// `/props/app.xml`.
  public static let extendedProperties = "application/vnd.willfileformat.extended-properties+xml"
  /// PNG images.
  public static let png = "image/png"
  /// JPEG images.
  public static let jpeg = "image/jpeg"
}

/// XML namespaces used in WILL packages.
enum WillNamespace {
  static let contentTypes = "http://schemas.openxmlformats.org/package/2006/content-types"
  static let relationships = "http://schemas.openxmlformats.org/package/2006/relationships"
  static let svg = "http://www.w3.org/2000/svg"
  /// The namespace of `r:id` in section SVGs.
  static let sectionRelationships = "http://schemas.willfileformat.org/2015/relationships"
  /// Every producer writes the relationship-type URI as the coreProperties namespace.
  static let wacomCoreProperties = WillRelationshipType.coreProperties
  /// OPC's own core-properties namespace, also accepted.
  static let opcCoreProperties =
    "http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
  static let extendedProperties = WillRelationshipType.extendedProperties
  static let dublinCore = "http://purl.org/dc/elements/1.1/"
  static let dublinCoreTerms = "http://purl.org/dc/terms/"
  static let xmlSchemaInstance = "http://www.w3.org/2001/XMLSchema-instance"
}
