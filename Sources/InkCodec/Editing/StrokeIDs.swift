/// Hands out ids no stroke of a document has, for the pieces and copies an edit makes.
///
/// Pieces and copies of a stroke without an id get none: no ids are invented for a document
/// that does not use them.
package struct StrokeIDs {
  private var next: UInt32?

  /// Ids above `largest` (from 1 when there is none).
  package init(above largest: UInt32?) {
    next = largest.map { $0 == .max ? nil : $0 + 1 } ?? 1
  }

  /// A fresh id for a piece or copy of a stroke with id `original`, or `nil` when the
  /// original has none (or every id is taken).
  package mutating func fresh(for original: UInt32?) -> UInt32? {
    guard original != nil, let id = next else { return nil }
    next = id == .max ? nil : id + 1
    return id
  }
}
