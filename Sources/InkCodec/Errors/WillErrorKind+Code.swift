extension WillErrorKind {
  /// A stable, machine-readable code for this kind of error (`truncated`, `bad-crc`, …),
  /// used by `willdoc validate` and its JSON.
  public var code: String {
    switch self {
    case .truncated: "truncated"
    case .malformedVarint: "malformed-varint"
    case .invalidTag: "invalid-tag"
    case .unexpectedWireType: "unexpected-wire-type"
    case .unbalancedGroup: "unbalanced-group"
    case .valueOutOfRange: "value-out-of-range"
    case .oddCoordinateCount: "odd-coordinate-count"
    case .channelLengthMismatch: "channel-length-mismatch"
    case .integerOverflow: "int32-overflow"
    case .unsupportedPrecision: "unsupported-precision"
    case .nonFiniteParameter: "non-finite-float"
    case .nonFiniteValue: "non-finite-value"
    case .valueTooLarge: "value-too-large"
    case .limitExceeded, .renderLimitExceeded: "limit-exceeded"
    case .allocationFailed: "out-of-memory"
    case .notAWillFile, .emptyFile: "not-a-will-file"
    case .malformedRIFF: "malformed-riff"
    case .missingInkChunk: "missing-ink-chunk"
    case .malformedUIM: "malformed-uim"
    case .malformedJSON: "malformed-json"
    case .zip: "zip-error"
    case .checksumMismatch: "bad-crc"
    case .invalidPartName: "invalid-part-name"
    case .duplicatePart: "duplicate-part"
    case .missingPart: "missing-part"
    case .unresolvedRelationship: "unresolved-relationship"
    case .wrongContentType: "wrong-content-type"
    case .malformedXML: "malformed-xml"
    case .invalidAttribute: "invalid-attribute"
    case .malformedImage: "malformed-image"
    case .imageTooLarge: "image-too-large"
    case .unsupported: "unsupported"
    case .io: "io-error"
    }
  }
}
