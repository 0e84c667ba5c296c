/// What happened to one input of `willdoc convert`: the summary's line and JSON object.
struct ConversionOutcome {
  /// Converted, failed (nothing written) or skipped (not a document convert reads).
  enum Status: String {
    case converted
    case failed
    case skipped
  }

  /// The input as given or found (`-` for standard input).
  var input: String
  /// The file written, or that would have been; `nil` for a skipped input.
  var output: String?
  /// What happened.
  var status: Status
  /// The input's format (`opc`, `riff`, `raw`, `uim`, `inkml`) when it was read.
  var inputFormat: String? = nil
  /// The strokes written.
  var strokes: Int? = nil
  /// Every file written (several for a picture per section), or found by `--skip-existing`.
  var outputs: [String] = []
  /// The bytes written.
  var bytes: Int? = nil
  /// What the conversion draws differently.
  var changes: [String] = []
  /// What the target format cannot hold.
  var dropped: [String] = []
  /// Why it failed or was skipped: a diagnostic code (`skipped` for a skipped input).
  var code: String? = nil
  /// Why it failed or was skipped, as a sentence (not escaped for the terminal).
  var reason: String? = nil
  /// The exit status the failure alone would give (1, or 2 for an unreadable input).
  var exitStatus = ExitStatus.ok
}
