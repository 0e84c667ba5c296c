import InkCodec

/// The diagnostics of one code in one part, for the report's one line per code: how many
/// there are (summaries count what they stand for) and the first few.
struct DiagnosticGroup {
  var severity: Diagnostic.Severity
  var code: String
  var part: String?
  var occurrences = 0
  /// The first diagnostics of the group, in order; at least one.
  var first: [Diagnostic] = []

  /// How many locations a group's line shows.
  static let shownLocations = 3

  /// The groups of `diagnostics`, in the order their codes first appear.
  static func groups(of diagnostics: [Diagnostic]) -> [DiagnosticGroup] {
    var groups: [DiagnosticGroup] = []
    var index: [String: Int] = [:]
    for diagnostic in diagnostics {
      let key =
        "\(diagnostic.severity.rawValue)\u{0}\(diagnostic.code)\u{0}\(diagnostic.part ?? "")"
      let position =
        index[key]
        ?? {
          groups.append(
            DiagnosticGroup(
              severity: diagnostic.severity, code: diagnostic.code, part: diagnostic.part))
          index[key] = groups.count - 1
          return groups.count - 1
        }()
      groups[position].occurrences += diagnostic.occurrences
      if groups[position].first.count < shownLocations, diagnostic.occurrences == 1 {
        groups[position].first.append(diagnostic)
      } else if groups[position].first.isEmpty {
        groups[position].first.append(diagnostic)
      }
    }
    return groups
  }

  /// Occurrences per code over every part, in the order the codes first appear.
  static func counts(of diagnostics: [Diagnostic]) -> [(code: String, occurrences: Int)] {
    var counts: [(code: String, occurrences: Int)] = []
    var index: [String: Int] = [:]
    for diagnostic in diagnostics {
      if let position = index[diagnostic.code] {
        counts[position].occurrences += diagnostic.occurrences
      } else {
        index[diagnostic.code] = counts.count
        counts.append((diagnostic.code, diagnostic.occurrences))
      }
    }
    return counts
  }
}
