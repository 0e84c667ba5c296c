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
