/// What ``WillDocument/validate(bytes:limits:)`` found: the document when it could be read,
/// and the diagnostics.
public struct ValidationResult: Sendable {
  /// The document, or `nil` when it could not be read.
  public var document: WillDocument?
  /// One error diagnostic for an unreadable document (the first problem, located); the
  /// warnings of ``WillDocument/validate(maximumRepeats:)`` for a readable one.
  public var diagnostics: [Diagnostic]
  /// The error that stopped reading, with its kind and location, or `nil`.
  public var error: WillError?

  /// Whether the document could be read and has no error diagnostic.
  public var isValid: Bool { error == nil && !diagnostics.contains { $0.severity == .error } }
}
