/// One finding of ``WillDocument/validate(maximumRepeats:)``: what is wrong or unusual, how
/// serious, and where.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
  /// How serious a finding is.
  public enum Severity: String, Sendable, Hashable, Codable, Comparable {
    /// Real producers do this, but the format does not allow it; the data is still readable.
    case warning
    /// The data is unreadable or wrong.
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
  }

  /// How serious it is.
  public var severity: Severity
  /// A stable code (`blend-mode-zero`, `bad-crc`, …), documented in `docs/validate.md`.
  public var code: String
  /// The part, if any.
  public var part: String?
  /// The byte offset within the part, if known.
  public var offset: Int?
  /// The zero-based stroke index within its paths part, if the finding is about one stroke.
  public var strokeIndex: Int?
  /// A sentence a person understands.
  public var message: String
  /// How many findings this diagnostic stands for: 1, or more for the summary that
  /// ``WillDocument/validate(maximumRepeats:)`` gives in place of a code's further repeats.
  public var occurrences: Int = 1

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, code: String, part: String? = nil, offset: Int? = nil,
    strokeIndex: Int? = nil,
    message: String
  ) {
    self.severity = severity
    self.code = code
    self.part = part
    self.offset = offset
    self.strokeIndex = strokeIndex
    self.message = message
  }

  /// The error diagnostic for a failure to read.
  public init(_ error: WillError) {
    self.init(
      .error, code: error.kind.code, part: error.part, offset: error.offset,
      strokeIndex: error.strokeIndex,
      message: error.message)
  }

  /// `severity code part@0xOFFSET (stroke N): message`.
  public var description: String {
    var location = part ?? ""
    if let offset { location += "@0x" + String(offset, radix: 16, uppercase: true) }
    if let strokeIndex { location += (location.isEmpty ? "" : " ") + "(stroke \(strokeIndex))" }
    return "\(severity.rawValue) [\(code)] " + (location.isEmpty ? "" : location + ": ") + message
  }
}
