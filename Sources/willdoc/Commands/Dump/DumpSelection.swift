/// Which sections and strokes `willdoc dump` shows.
struct DumpSelection {
  /// A section index, or `nil` for every section.
  var section: Int?
  /// A stroke index within each paths element, or `nil` for every stroke.
  var stroke: Int?
}
