import ArgumentParser

/// Section numbers as `--section` and `--order` take them: counted from 0, separated by
/// commas, with ranges (`0,2-3` is 0, 2 and 3), in the order given.
struct SectionList: Equatable {
  /// The numbers, ranges expanded, in the order given.
  var indices: [Int]
  /// The list as given.
  var text: String

  /// The most numbers a list may expand to, so that `0-999999999` cannot allocate gigabytes
  /// before the document is even read (no document has more sections than this).
  static let maxCount = 1_000_000

  /// Parses `text`, naming the option (`--section`) in errors.
  init(parsing text: String, option: String) throws(ValidationError) {
    func invalid(_ why: String) -> ValidationError {
      ValidationError("\(option) \(text.terminalSafe): \(why)")
    }
    guard !text.isEmpty else {
      throw invalid("give section numbers counted from 0, such as 0,2-3")
    }
    var indices: [Int] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard !item.isEmpty else { throw invalid("an empty item between commas") }
      if item.hasPrefix("-"), !item.dropFirst().isEmpty,
        item.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
      {
        throw invalid("\(String(item).terminalSafe) is negative: sections count from 0")
      }
      let bounds = item.split(separator: "-", omittingEmptySubsequences: false)
      guard bounds.count <= 2, let first = Int(bounds[0]),
        let last = bounds.count == 2 ? Int(bounds[1]) : first
      else {
        throw invalid(
          "\(String(item).terminalSafe) is not a section number or a range such as 2-3")
      }
      guard first <= last else {
        throw invalid(
          "the range \(String(item).terminalSafe) runs backwards; write \(last)-\(first)")
      }
      guard last - first < Self.maxCount - indices.count else {
        throw invalid("more than \(Format.count(Self.maxCount)) sections")
      }
      indices += first...last
    }
    self.indices = indices
    self.text = text
  }

  /// Throws a usage error naming the first number that is not a section of a document
  /// with `count` sections.
  func check(against count: Int, option: String) throws(ValidationError) {
    if let past = indices.first(where: { $0 >= count }) {
      throw ValidationError(
        "\(option) \(past) is past the last section (the document has \(count), counted from 0)")
    }
  }

  /// Throws a usage error naming the first number given twice.
  func checkNoRepeats(option: String) throws(ValidationError) {
    var seen: Set<Int> = []
    for index in indices where !seen.insert(index).inserted {
      throw ValidationError("\(option) \(text.terminalSafe) names section \(index) twice")
    }
  }
}
