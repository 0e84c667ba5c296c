/// The XML declaration `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`, with each
/// value as written.
package struct XMLDeclaration: Sendable, Hashable {
  /// The `version` value, such as `1.0`.
  package var version: String
  /// The `encoding` value as written (`UTF-8`, `utf-8`), or `nil` when absent.
  package var encoding: String?
  /// The `standalone` value (`yes` or `no`), or `nil` when absent.
  package var standalone: String?

  /// Creates a declaration.
  /// - Parameters:
  ///   - version: The XML version, `1.0` by default.
  ///   - encoding: The encoding name; ``XMLWriter`` always writes UTF-8.
  ///   - standalone: `yes`, `no` or `nil`.
  package init(version: String = "1.0", encoding: String? = "UTF-8", standalone: String? = nil) {
    self.version = version
    self.encoding = encoding
    self.standalone = standalone
  }
}
