extension Array where Element == String {
  /// The strings with `separator` between them, as `joined(separator:)` gives them.
  ///
  /// The standard library's `joined(separator:)` runs here as unspecialised generic code,
  /// whose first use resolves its types through a conformance scan of the whole executable:
  /// about a tenth of converting a small note (BENCHMARKS.md "Start-up").
  package func concatenated(separator: String) -> String {
    var text = ""
    for (index, element) in enumerated() {
      if index > 0 { text += separator }
      text += element
    }
    return text
  }
}
