import InkCodec
import Testing

/// Parses `xml` as the part `/test.xml`.
func parseXML(
  _ xml: String, limits: DecodingLimits = .default, backend: XMLReader.Backend = .standard
) throws(WillError) -> XMLDocument {
  try XMLReader.parse(Array(xml.utf8), part: "/test.xml", limits: limits, backend: backend)
}

/// The error parsing `bytes` throws, recording an issue when it throws none.
func xmlError(
  _ bytes: [UInt8], limits: DecodingLimits = .default, backend: XMLReader.Backend = .standard,
  sourceLocation: SourceLocation = #_sourceLocation
) -> WillError? {
  do {
    let document = try XMLReader.parse(bytes, part: "/test.xml", limits: limits, backend: backend)
    Issue.record("parsed without error: \(document)", sourceLocation: sourceLocation)
    return nil
  } catch {
    #expect(error.part == "/test.xml", sourceLocation: sourceLocation)
    return error
  }
}

/// The error parsing `xml` throws, recording an issue when it throws none.
func xmlError(
  _ xml: String, limits: DecodingLimits = .default, backend: XMLReader.Backend = .standard,
  sourceLocation: SourceLocation = #_sourceLocation
) -> WillError? {
  xmlError(Array(xml.utf8), limits: limits, backend: backend, sourceLocation: sourceLocation)
}

/// The message `backend` gives for a syntax error that the libxml2 backend reports as
/// `message`: the same words, without the libxml2 error code the portable parser has no use
/// for.
func message(_ message: String, from backend: XMLReader.Backend) -> String {
  guard backend == .portable, let code = message.range(of: " (libxml2 error ") else {
    return message
  }
  return String(message[..<code.lowerBound])
}
