/// Parses XML parts into ``XMLDocument`` trees: the one door to XML parsing for all of
/// InkCodec.
///
/// Two backends stand behind it and return the same trees: InkCodec's own parser
/// (``Backend/portable``, every build by default) and libxml2 through FoundationXML
/// (``Backend/libxml2``, with the opt-in `LibXML2` trait on Linux).
///
/// Both accept what real producers write (UTF-8 byte order marks, the cloud conversion's
/// `<?xm version='1.0' …?>` first line, one-line XML, tabs) and are strict about everything
/// else: a mismatched end tag, an unclosed element or a second root fails the parse; an
/// undeclared prefix or a malformed qualified name does not (names are kept as written and
/// matched by namespace only on request). Attributes are sorted by name. `XMLPreflight`
/// rejects every DTD, so no entity beyond the five predefined ones and character references
/// is ever expanded, and no external entity is ever loaded.
package enum XMLReader {
  /// The code behind the door.
  package enum Backend: Sendable, Hashable, CaseIterable {
    #if LibXML2 && canImport(FoundationXML)
      /// libxml2, through FoundationXML and the `LibXML2` trait on Linux.
      case libxml2
    #endif
    /// InkCodec's own parser.
    case portable

    /// The backend this build uses unless told otherwise.
    package static var standard: Backend {
      #if LibXML2 && canImport(FoundationXML)
        .libxml2
      #else
        .portable
      #endif
    }
  }

  /// Parses one XML part.
  /// - Parameters:
  ///   - bytes: The part's bytes, in UTF-8, with or without a byte order mark.
  ///   - part: The part name, such as `/props/core.xml`, used in errors.
  ///   - limits: ``DecodingLimits/maxXMLDepth``, ``DecodingLimits/maxXMLAttributes``,
  ///     ``DecodingLimits/maxXMLPartBytes`` and ``DecodingLimits/maxXMLNameBytes`` apply.
  ///   - backend: The code that parses it.
  /// - Returns: The document, with whitespace text between elements kept.
  /// - Throws: ``WillErrorKind/malformedXML(line:message:)`` when the part is not well-formed
  ///   XML or has a DOCTYPE; ``WillErrorKind/limitExceeded(_:value:limit:)`` (`.xmlDepth`,
  ///   `.xmlAttributes`, `.xmlPartBytes`, `.xmlNameBytes`) as soon as a limit is passed;
  ///   ``WillErrorKind/unsupported(_:)`` for an encoding other than UTF-8.
  package static func parse(
    _ bytes: [UInt8], part: String?, limits: DecodingLimits, backend: Backend = .standard
  ) throws(WillError) -> XMLDocument {
    switch backend {
    #if LibXML2 && canImport(FoundationXML)
      case .libxml2: return try LibXML2Reader.parse(bytes, part: part, limits: limits)
    #endif
    case .portable: return try PortableXMLParser.parse(bytes, part: part, limits: limits)
    }
  }
}
