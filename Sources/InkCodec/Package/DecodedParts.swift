/// Section parts already read while reading one package, by normalized part name, so that a
/// section referenced from many places is parsed once and shared (arrays are copy-on-write).
struct DecodedParts {
  /// A section part's content and what one reference to it costs.
  var sections: [String: (section: Section, cost: ReadingCost)] = [:]
}
