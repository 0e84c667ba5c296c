extension XMLDocument {
  /// Parses an XML part, as ``XMLReader`` reads it: strict about structure, tolerant of what
  /// real producers write.
  /// - Parameters:
  ///   - bytes: The part.
  ///   - part: Its name, for errors.
  ///   - limits: The XML limits (part size, names, depth, attributes).
  package init(parsing bytes: [UInt8], part: String?, limits: DecodingLimits) throws(WillError) {
    self = try XMLReader.parse(bytes, part: part, limits: limits)
  }

  /// The document's bytes, as ``XMLWriter`` writes them.
  /// - Throws: `unsupported` naming `part` when a name or text cannot be carried by XML.
  package func serialized(part: String? = nil) throws(WillError) -> [UInt8] {
    try XMLWriter.serialize(self, part: part)
  }
}
