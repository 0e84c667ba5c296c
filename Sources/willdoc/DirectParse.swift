import ArgumentParser

/// A command line parsed by the command it names alone. swift-argument-parser's `parseAsRoot`
/// first tries the line as two completion-script requests and walks the whole command tree;
/// for `inspect -q FILE` that was more CPU time than reading the file. Only a line that the
/// command parses whole goes this way: help, the version, completion scripts, the `help`
/// command and every error take the root parser, which prints them as always.
enum DirectParse {
  /// The command `arguments` name, parsed by itself; nil when the root parser must see them.
  static func command(_ arguments: [String]) -> ParsableCommand? {
    var type: ParsableCommand.Type = WillDoc.self
    var rest = arguments[...]
    while let name = rest.first,
      let named = type.configuration.subcommands.first(where: { $0._commandName == name })
    {
      type = named
      rest = rest.dropFirst()
    }
    guard type != WillDoc.self, type.configuration.subcommands.isEmpty,
      !rest.contains(where: asksTheRoot)
    else { return nil }
    return try? type.parse(Array(rest))
  }

  /// Whether `argument` is for the root parser wherever it stands: `help`, `--help…`,
  /// `--version`, `--generate-completion-script`, `--experimental…`, or a short flag with an
  /// `h` (`-h`, `-qh`).
  static func asksTheRoot(_ argument: String) -> Bool {
    if argument == "help" { return true }
    if argument.hasPrefix("--") {
      return ["--help", "--version", "--generate-completion", "--experimental"].contains {
        argument.hasPrefix($0)
      }
    }
    return argument.hasPrefix("-") && argument.contains("h")
  }
}
