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
struct ColorOptions: DirectlyParsable {
  /// Colour the output: auto (when stdout is a terminal), always or never.
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

extension ColorOptions {
  static var ownDirectOptions: [DirectOption<Self>] { [.value("--color") { $0.color = $1 }] }
}

extension ColorOptions {
  /// The option group as swift-argument-parser declares it, for its help, its errors and the
  /// lines the table leaves: ``plain`` is the ``ColorOptions`` it parses to.
  struct Declaration: ParsableArguments, ArgumentsDeclaration {
    @Option(help: "Colour the output: auto (when stdout is a terminal), always or never.")
    var color: ColorChoice = .auto

    var plain: ColorOptions {
      var plain = ColorOptions()
      plain.color = color
      return plain
    }
  }
}
