/// Parts already decoded while reading one package, by normalized part name, so that a part
/// referenced from many places is decoded once and shared (arrays are copy-on-write).
struct DecodedParts {
  var strokes: [String: (strokes: [Stroke], points: Int)] = [:]
  /// A section part's content and what one reference to it costs.
  var sections: [String: (section: Section, cost: ReadingCost)] = [:]
}
