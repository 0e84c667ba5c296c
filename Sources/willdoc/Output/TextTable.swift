/// A table of text columns, aligned with spaces. Columns whose cells are all numbers are
/// right-aligned.
struct TextTable {
  /// The header row, if any.
  var header: [String]?
  /// The rows.
  var rows: [[String]] = []
  /// Columns to right-align; `nil` decides from the content.
  var rightAligned: Set<Int>?

  /// Creates a table.
  init(header: [String]? = nil, rows: [[String]] = []) {
    self.header = header
    self.rows = rows
  }

  /// The lines of the table, each prefixed with `indent` spaces, without trailing spaces.
  /// `style` decorates the header.
  func lines(indent: Int = 0, style: Style = Style(enabled: false)) -> [String] {
    let all = (header.map { [$0] } ?? []) + rows
    // A closure, not `\.count`: a key path is built at run time, 28 k instructions of a
    // one-note `inspect -q`.
    let columns = all.map { $0.count }.max() ?? 0
    var widths = Array(repeating: 0, count: columns)
    for row in all {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    let right =
      rightAligned
      ?? Set(
        (0..<columns).filter { column in
          let cells = rows.compactMap { column < $0.count ? $0[column] : nil }.filter { $0 != "-" }
          return !cells.isEmpty && cells.allSatisfy(TextTable.looksNumeric)
        })
    func format(_ row: [String]) -> String {
      var line = String(repeating: " ", count: indent)
      for (index, cell) in row.enumerated() {
        let pad = String(repeating: " ", count: widths[index] - cell.count)
        let isLast = index == row.count - 1
        if right.contains(index) {
          line += pad + cell
        } else {
          line += cell + (isLast ? "" : pad)
        }
        if !isLast { line += "  " }
      }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
    var result: [String] = []
    if let header { result.append(style.bold(format(header))) }
    result += rows.map(format)
    return result
  }

  static func looksNumeric(_ text: String) -> Bool {
    !text.isEmpty && text.first!.isNumber && text.allSatisfy { $0.isNumber || " -+.e".contains($0) }
  }
}
