/// What `willdoc validate` says of one file: the word in its text line and in the JSON's
/// `"status"`, and the exit status it gives.
enum ValidationStatus: String, CaseIterable {
  /// No errors (and, with `--strict`, no warnings).
  case valid
  /// Errors (or, with `--strict`, warnings).
  case invalid
  /// Not a WILL file, or the file could not be read.
  case unreadable

  /// The status `validate` exits with for this file alone.
  var exitStatus: ExitStatus {
    switch self {
    case .valid: .ok
    case .invalid: .invalid
    case .unreadable: .unreadable
    }
  }
}
