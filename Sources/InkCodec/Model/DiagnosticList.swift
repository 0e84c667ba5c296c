/// Diagnostics with repeats of one code in one part capped, the rest counted.
struct DiagnosticList {
  /// One code in one part: how many were listed, and how many more were only counted.
  struct Tally {
    var code: String
    var part: String?
    var severity = Diagnostic.Severity.warning
    var listed = 0
    var unlisted = 0
  }

  let maximumRepeats: Int
  var items: [Diagnostic] = []
  var tallies: [String: Tally] = [:]
  /// The tallies' keys in the order their codes first appeared.
  var order: [String] = []

  init(maximumRepeats: Int) { self.maximumRepeats = max(0, maximumRepeats) }

  mutating func append(_ diagnostic: Diagnostic) {
    append(code: diagnostic.code, part: diagnostic.part, diagnostic)
  }

  /// Adds a diagnostic, built only when it will be listed.
  mutating func append(code: String, part: String?, _ diagnostic: @autoclosure () -> Diagnostic) {
    let key = code + "\u{0}" + (part ?? "")
    if tallies[key] == nil { order.append(key) }
    var tally = tallies[key] ?? Tally(code: code, part: part)
    if tally.listed < maximumRepeats {
      let made = diagnostic()
      tally.severity = made.severity
      items.append(made)
      tally.listed += 1
    } else {
      tally.unlisted += 1
    }
    tallies[key] = tally
  }

  func finished() -> [Diagnostic] {
    var result = items
    for key in order {
      guard let tally = tallies[key], tally.unlisted > 0 else { continue }
      var summary = Diagnostic(
        tally.severity, code: tally.code, part: tally.part,
        message:
          "\(tally.unlisted) more \(tally.unlisted == 1 ? "finding" : "findings") of this kind "
          + "in this part, not listed")
      summary.occurrences = tally.unlisted
      result.append(summary)
    }
    return result
  }
}
