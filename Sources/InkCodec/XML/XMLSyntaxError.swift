/// The ways an XML part fails to be well-formed, named alike by both ``XMLReader`` backends:
/// the libxml2 backend maps libxml2's error codes here, the portable parser finds them
/// itself. Each becomes the message of ``WillErrorKind/malformedXML(line:message:)``.
enum XMLSyntaxError: Sendable, Equatable {
  /// libxml2 gave up on its own (libxml2 error 1), or the portable parser met markup in
  /// element content that no construct starts with (`<!` that is neither a comment nor CDATA).
  case internalError
  /// No root element: nothing but comments and processing instructions, or text before the
  /// root (libxml2 error 4).
  case noRootElement
  /// Content after the root element (libxml2 error 5).
  case extraContent
  /// A character reference that is not `&#digits;` or `&#xhexdigits;` (libxml2 errors 6–8).
  case invalidCharacterReference
  /// A character outside XML's `Char` production, or bytes that are not UTF-8 (libxml2
  /// error 9).
  case invalidCharacter
  /// An entity reference without its closing `;` (libxml2 error 23).
  case entityReferenceWithoutSemicolon
  /// A reference to an entity other than the five predefined ones (libxml2 error 26).
  case undefinedEntity
  /// An encoding the parser cannot read (libxml2 errors 31, 32, 81).
  case unsupportedEncoding
  /// `<` in an attribute value (libxml2 error 38).
  case lessThanInAttributeValue
  /// An attribute without a quoted value, or whose value never ends (libxml2 errors 39–41).
  case attributeValueNotQuoted
  /// The same attribute twice in one tag (libxml2 error 42).
  case attributeGivenTwice
  /// A comment that never ends (libxml2 error 45).
  case commentNotTerminated
  /// A processing instruction without a target, or that never ends (libxml2 errors 46, 47).
  case malformedProcessingInstruction
  /// A CDATA section that never ends (libxml2 error 63).
  case cdataNotTerminated
  /// A processing instruction named `xml` (or `xml…` other than `xml-stylesheet` and
  /// `xml-model`) anywhere but at the very start (libxml2 error 64).
  case misplacedDeclaration
  /// Whitespace missing where XML requires it: between attributes, after a processing
  /// instruction's target (libxml2 error 65).
  case whitespaceRequired
  /// A name missing where XML requires one: after `<`, `</` or `&` (libxml2 error 68).
  case nameExpected
  /// A tag that does not end with `>` (libxml2 error 73).
  case greaterThanExpected
  /// An end tag that does not match its start tag (libxml2 error 76).
  case tagMismatch
  /// A tag cut short by the end of the part (libxml2 error 77).
  case tagNotFinished
  /// `--` inside a comment (libxml2 error 80).
  case doubleHyphenInComment
  /// An XML declaration whose version is missing or malformed (libxml2 error 96).
  case declarationWithoutVersion
  /// An XML declaration whose version is not 1.x (libxml2 error 108).
  case unsupportedVersion
  /// A namespace declaration that binds `xml` or `xmlns` wrongly, or a prefix to nothing
  /// (libxml2 errors 200, 204).
  case malformedNamespaceDeclaration
  /// Anything else: `]]>` in text, a malformed XML declaration, a colon in a processing
  /// instruction's target.
  case notWellFormed

  /// The error libxml2 reports as `code` (its `xmlParserErrors` value).
  init(libxml2Code code: Int) {
    self =
      switch code {
      case 1: .internalError
      case 4: .noRootElement
      case 5: .extraContent
      case 6, 7, 8: .invalidCharacterReference
      case 9: .invalidCharacter
      case 23: .entityReferenceWithoutSemicolon
      case 26: .undefinedEntity
      case 31, 32, 81: .unsupportedEncoding
      case 38: .lessThanInAttributeValue
      case 39, 40, 41: .attributeValueNotQuoted
      case 42: .attributeGivenTwice
      case 45: .commentNotTerminated
      case 46, 47: .malformedProcessingInstruction
      case 63: .cdataNotTerminated
      case 64: .misplacedDeclaration
      case 65: .whitespaceRequired
      case 68: .nameExpected
      case 73: .greaterThanExpected
      case 76: .tagMismatch
      case 77: .tagNotFinished
      case 80: .doubleHyphenInComment
      case 96: .declarationWithoutVersion
      case 108: .unsupportedVersion
      case 200, 204: .malformedNamespaceDeclaration
      default: .notWellFormed
      }
  }

  /// The sentence that names the error.
  var message: String {
    switch self {
    case .internalError: "libxml2 internal error or resource limit"
    case .noRootElement: "no root element"
    case .extraContent: "extra content at the end of the document"
    case .invalidCharacterReference: "invalid character reference"
    case .invalidCharacter: "invalid character (or not UTF-8)"
    case .entityReferenceWithoutSemicolon: "entity reference without ';'"
    case .undefinedEntity: "undefined entity"
    case .unsupportedEncoding: "unsupported or invalid encoding"
    case .lessThanInAttributeValue: "'<' in an attribute value"
    case .attributeValueNotQuoted: "attribute value missing or not quoted"
    case .attributeGivenTwice: "attribute given twice"
    case .commentNotTerminated: "comment not terminated"
    case .malformedProcessingInstruction: "malformed processing instruction"
    case .cdataNotTerminated: "CDATA section not terminated"
    case .misplacedDeclaration: "the XML declaration is only allowed at the start"
    case .whitespaceRequired: "whitespace required"
    case .nameExpected: "name expected"
    case .greaterThanExpected: "'>' expected"
    case .tagMismatch: "end tag does not match its start tag"
    case .tagNotFinished: "tag not finished"
    case .doubleHyphenInComment: "'--' in a comment"
    case .declarationWithoutVersion: "XML declaration without a version"
    case .unsupportedVersion: "unsupported XML version"
    case .malformedNamespaceDeclaration: "malformed namespace declaration"
    case .notWellFormed: "not well-formed"
    }
  }
}
