import InkCodec
import Testing

/// Parses `xml` as the part `/test.xml`.
func parseXML(_ xml: String, limits: DecodingLimits = .default) throws(WillError) -> XMLDocument {
  try XMLDocument(parsing: Array(xml.utf8), part: "/test.xml", limits: limits)
}

/// The error parsing `bytes` throws, recording an issue when it throws none.
func xmlError(
  _ bytes: [UInt8], limits: DecodingLimits = .default,
  sourceLocation: SourceLocation = #_sourceLocation
) -> WillError? {
  do {
    let document = try XMLDocument(parsing: bytes, part: "/test.xml", limits: limits)
    Issue.record("parsed without error: \(document)", sourceLocation: sourceLocation)
    return nil
  } catch {
    #expect(error.part == "/test.xml", sourceLocation: sourceLocation)
    return error
  }
}

/// The error parsing `xml` throws, recording an issue when it throws none.
func xmlError(
  _ xml: String, limits: DecodingLimits = .default,
  sourceLocation: SourceLocation = #_sourceLocation
) -> WillError? {
  xmlError(Array(xml.utf8), limits: limits, sourceLocation: sourceLocation)
}
