import ArgumentParser

/// A command line parsed by the command it names alone. swift-argument-parser's `parseAsRoot`
/// first tries the line as two completion-script requests and walks the whole command tree,
/// and any of its parsers builds each command's arguments by reflection: for `inspect -q FILE`
/// either cost more CPU time than reading the file. So an ordinary line is filled from the
/// command's table (``DirectlyParsable``); a line the table leaves is parsed by the command's
/// own parser. Help, the version, completion scripts, the `help` command and every error take
/// the root parser, which prints them as always.
enum DirectParse {
  /// The command `arguments` name, parsed by itself; nil when the root parser must see them.
  static func command(_ arguments: [String]) -> ParsableCommand? {
    guard let (type, line) = leaf(arguments) else { return nil }
    return fromTable(type, line) ?? (try? type.parse(Array(line)))
  }

  /// What swift-argument-parser prints for a line that is only `--version`, without building
  /// the command tree it would walk first; nil for any other line.
  static func versionLine(_ arguments: [String]) -> String? {
    arguments == ["--version"] ? WillDoc.configuration.version : nil
  }

  /// The leaf command `arguments` name and the rest of the line; nil when the line is for the
  /// root parser (no leaf command, or help, the version or a completion script asked for).
  static func leaf(_ arguments: [String]) -> (ParsableCommand.Type, ArraySlice<String>)? {
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
    return (type, rest)
  }

  /// The command `type`'s table fills from `line`; nil when it has no table or the table
  /// leaves the line to swift-argument-parser.
  static func fromTable(_ type: ParsableCommand.Type, _ line: ArraySlice<String>)
    -> ParsableCommand?
  {
    let key = ObjectIdentifier(type)
    return tables.first { $0.type == key }?.parse(line)
  }

  /// Every leaf command's table, by type. Found in a list, not by casting the type to
  /// ``DirectlyParsable``: a cast's first use scans every protocol conformance in the
  /// executable, and each parse here is specialised to its command.
  private static let tables: [(type: ObjectIdentifier, parse: Parse)] = [
    table(Inspect.self), table(Dump.self), table(Validate.self), table(Reencode.self),
    table(Convert.self), table(Render.self), table(Salvage.self), table(Synth.self),
    table(PartCommand.self), table(ExtractCommand.self), table(Diff.self),
    table(Pages.List.self), table(Pages.Extract.self), table(Pages.Delete.self),
    table(Pages.Reorder.self), table(Pages.Rotate.self), table(Pages.Split.self),
    table(Pages.Merge.self),
  ]

  private typealias Parse = @Sendable (ArraySlice<String>) -> ParsableCommand?

  private static func table<Command: DirectlyParsable & ParsableCommand>(
    _ type: Command.Type
  ) -> (type: ObjectIdentifier, parse: Parse) {
    (ObjectIdentifier(type), { type.directlyParsed($0) })
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
