extension Array where Element == String {
  /// The strings with `separator` between them, as `joined(separator:)` gives them.
  ///
  /// The standard library's `joined(separator:)` runs here as unspecialised generic code,
  /// whose first use in a process resolves its types through a scan of every conformance
  /// record of the executable: 0.2–0.4 M instructions (BENCHMARKS.md "Start-up").
  package func concatenated(separator: String) -> String {
    var text = ""
    for (index, element) in enumerated() {
      if index > 0 { text += separator }
      text += element
    }
    return text
  }
}
