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

  /// One code in one part.
  struct Key: Hashable {
    var code: String
    var part: String?
  }

  let maximumRepeats: Int
  var items: [Diagnostic] = []
  var tallies: [Key: Tally] = [:]
  /// The tallies' keys in the order their codes first appeared.
  var order: [Key] = []
  /// The key appended last and its tally.
  private var last: (key: Key, index: Dictionary<Key, Tally>.Index)?

  init(maximumRepeats: Int) { self.maximumRepeats = max(0, maximumRepeats) }

  mutating func append(_ diagnostic: Diagnostic) {
    append(code: diagnostic.code, part: diagnostic.part, diagnostic)
  }

  /// Adds a diagnostic, built only when it will be listed. Counting a repeat allocates
  /// nothing (a file can hold millions of them).
  mutating func append(code: String, part: String?, _ diagnostic: @autoclosure () -> Diagnostic) {
    let key = Key(code: code, part: part)
    let index: Dictionary<Key, Tally>.Index
    if let last, last.key == key {
      // Repeats come in runs (one code on stroke after stroke): no hashing for those.
      index = last.index
    } else if let found = tallies.index(forKey: key) {
      index = found
    } else {
      tallies[key] = Tally(code: code, part: part)
      order.append(key)
      index = tallies.index(forKey: key)!
    }
    // Only inserting moves an index: `last` is valid until the next new key.
    last = (key, index)
    guard tallies.values[index].listed < maximumRepeats else {
      tallies.values[index].unlisted += 1
      return
    }
    let made = diagnostic()
    tallies.values[index].severity = made.severity
    tallies.values[index].listed += 1
    items.append(made)
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
