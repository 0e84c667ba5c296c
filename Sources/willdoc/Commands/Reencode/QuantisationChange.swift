import InkCodec

/// How re-quantisation moved the points of a document.
struct QuantisationChange {
  /// Points whose x, y or width changed.
  var movedPoints = 0
  /// All points compared.
  var points = 0
  /// The largest change of any x, y or width value.
  var maxError = 0.0

  /// Compares strokes before and after, pairwise.
  /// - Precondition: both have the same number of strokes, with the same point counts.
  init(before: [Stroke], after: [Stroke]) {
    for (old, new) in Swift.zip(before, after) {
      for index in 0..<min(old.pointCount, new.pointCount) {
        points += 1
        var moved = false
        var deltas = [
          abs(old.points[index].x - new.points[index].x),
          abs(old.points[index].y - new.points[index].y),
        ]
        if let a = old.width(at: index), let b = new.width(at: index) { deltas.append(abs(a - b)) }
        for delta in deltas {
          if delta > 0 { moved = true }
          maxError = max(maxError, delta)
        }
        if moved { movedPoints += 1 }
      }
    }
  }
}
