import ArgumentParser

/// When to colour the output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  /// When standard output is a terminal, `TERM` is not `dumb` and `NO_COLOR` is unset.
  case auto
  /// Always.
  case always
  /// Never.
  case never
}
