import ArgumentParser

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// The `--color` option.
struct ColorOptions: ParsableArguments {
  @Option(help: "Colour the output: auto (when stdout is a terminal), always or never.")
  var color: ColorChoice = .auto

  /// Whether to emit ANSI colour codes on standard output.
  var enabled: Bool {
    switch color {
    case .always: return true
    case .never: return false
    case .auto:
      return isatty(STDOUT_FILENO) != 0 && EnvironmentVariable.value("NO_COLOR") == nil
        && EnvironmentVariable.value("TERM") != "dumb"
    }
  }
}

extension ColorOptions: DirectlyParsable {
  static var directDefaults: Self {
    var options = Self()
    options.color = .auto
    return options
  }

  static var ownDirectOptions: [DirectOption<Self>] { [.value("--color") { $0.color = $1 }] }
}
