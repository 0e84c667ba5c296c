/// The relationship types of WILL packages (Android SDK
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
