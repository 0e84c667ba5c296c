/// Content types of WILL package parts (Android SDK `com.wacom.ink.willformat.Format`; every
/// producer uses these exact strings).
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
