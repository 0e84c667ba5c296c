extension WillDocument {
  /// The document with only the sections at `indices`, in that order; everything else
  /// (properties, paints, other parts) is kept, and each kept section keeps its parts. An
  /// index given twice repeats the page (its parts written once, included twice).
  ///
  /// ```swift
  /// let excerpt = document.keepingSections([0, 2, 3])
  /// ```
  /// - Precondition: Every index is a section of the document.
  public func keepingSections(_ indices: [Int]) -> WillDocument {
    for index in indices {
      precondition(
        sections.indices.contains(index),
        "section \(index) is out of range: the document has \(sections.count) sections")
    }
    var copy = self
    copy.sections = indices.map { sections[$0] }
    return copy
  }

  /// Removes the sections at `indices` (in any order; repeats count once).
  ///
  /// Parts that only removed sections include are not written any more; parts that other
  /// sections include stay, with their names.
  /// - Precondition: Every index is a section of the document.
  public mutating func removeSections(at indices: some Sequence<Int>) {
    let removed = Set(indices)
    for index in removed {
      precondition(
        sections.indices.contains(index),
        "section \(index) is out of range: the document has \(sections.count) sections")
    }
    sections = sections.indices.filter { !removed.contains($0) }.map { sections[$0] }
  }

  /// Puts the sections in a new order: `order[i]` is the current index of the section that
  /// becomes section `i`.
  ///
  /// ```swift
  /// document.reorderSections([2, 0, 1])   // the last page first
  /// ```
  /// - Precondition: `order` holds every section index exactly once.
  public mutating func reorderSections(_ order: [Int]) {
    precondition(
      order.sorted() == Array(sections.indices),
      "the order must list each of the \(sections.count) sections once: \(order)")
    sections = order.map { sections[$0] }
  }

  /// Inserts a section (a page of another document, or a new one) at `index`.
  ///
  /// A section taken from another document keeps its part names; when they are also used
  /// here, saving gives them fresh names. To bring in whole documents, with their other
  /// parts, use ``init(merging:)``.
  /// - Precondition: `index` is in `0...sections.count`.
  public mutating func insertSection(_ section: Section, at index: Int) {
    precondition(
      (0...sections.count).contains(index),
      "index \(index) is out of range: the document has \(sections.count) sections")
    sections.insert(section, at: index)
  }
}
