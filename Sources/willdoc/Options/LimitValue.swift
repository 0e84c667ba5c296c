import ArgumentParser

/// The value of a limit option: a whole number with an optional binary size
/// suffix as `head -c` and `ulimit` take them: `512K` is 512 × 1024, `512M` 512 × 1024²,
/// `1G` 1024³, `1T` 1024⁴ (in either case, with or without a trailing `B` or `iB`).
struct LimitValue: ExpressibleByArgument, Equatable {
  /// The sentence each limit option's help ends with.
  static let suffixHelp = "Takes K, M, G suffixes (powers of 1024)."

  /// The number.
  var value: Int

  init(_ value: Int) {
    self.value = value
  }

  init?(argument: String) {
    var text = argument.uppercased()
    for unit in ["IB", "B"] where text.hasSuffix(unit) && text.count > unit.count {
      text.removeLast(unit.count)
      break
    }
    var multiplier = 1
    if let last = text.last, let power = "KMGT".firstIndex(of: last) {
      multiplier = 1 << (10 * ("KMGT".distance(from: "KMGT".startIndex, to: power) + 1))
      text.removeLast()
    }
    // A negative number parses, so that the option group can refuse it with a sentence.
    guard let number = Int(text) else { return nil }
    let (product, overflow) = number.multipliedReportingOverflow(by: multiplier)
    guard !overflow else { return nil }
    value = product
  }

  var defaultValueDescription: String { "\(value)" }
}
