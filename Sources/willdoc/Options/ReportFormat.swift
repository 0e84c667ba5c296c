import ArgumentParser

/// The formats of `willdoc dump` and `willdoc validate`.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
  /// Text for people.
  case text
  /// JSON for scripts (see `docs/json.md`).
  case json
}
