/// InkCodec's own XML parser (placeholder until the implementation lands).
enum PortableXMLParser {
  static func parse(_ bytes: [UInt8], part: String?, limits: DecodingLimits)
    throws(WillError) -> XMLDocument
  {
    throw WillError(.unsupported("the portable XML parser is not written yet"))
  }
}
