/// What one reference to a part costs the reader's budget.
struct ReadingCost {
  var strokes = 0
  var points = 0
  var sections = 0
  var elements = 0
  var references = 0

  static func += (lhs: inout ReadingCost, rhs: ReadingCost) {
    lhs.strokes += rhs.strokes
    lhs.points += rhs.points
    lhs.sections += rhs.sections
    lhs.elements += rhs.elements
    lhs.references += rhs.references
  }
}
