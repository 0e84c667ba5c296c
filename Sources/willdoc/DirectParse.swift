import ArgumentParser

/// A command line parsed by the command it names alone. swift-argument-parser's `parseAsRoot`
/// first tries the line as two completion-script requests and walks the whole command tree,
/// and any of its parsers builds each command's arguments by reflection: for `inspect -q FILE`
/// either cost more CPU time than reading the file. So an ordinary line fills the command's
/// plain values from its table (``DirectlyParsable``); a line the table leaves is parsed by the
/// command's own declaration. Help, the version, completion scripts, the `help` command and
/// every error take the root parser, which prints them as always.
enum DirectParse {
  /// The command `arguments` name, parsed by itself; nil when the root parser must see them.
  static func command(_ arguments: [String]) -> (any RunnableCommand)? {
    guard let (table, line) = table(arguments) else { return nil }
    return table.parse(line) ?? table.parseDeclared(line)
  }

  /// What swift-argument-parser prints for a line that is only `--version`, without building
  /// the command tree it would walk first; nil for any other line.
  static func versionLine(_ arguments: [String]) -> String? {
    arguments == ["--version"] ? WillDoc.configuration.version : nil
  }

  /// The table of the leaf command `arguments` name and the rest of the line; nil when the
  /// line is for the root parser (no leaf command, or help, the version or a completion script
  /// asked for). Found by the names in ``tables``: the command tree would build every
  /// command's configuration, help text included, to read their names.
  static func table(_ arguments: [String]) -> (Table, ArraySlice<String>)? {
    guard let table = tables.first(where: { arguments.starts(with: $0.path) }) else { return nil }
    let rest = arguments.dropFirst(table.path.count)
    guard !rest.contains(where: asksTheRoot) else { return nil }
    return (table, rest)
  }

  /// Every leaf command, by the names that lead to it, with its table. Found in a list, not by
  /// casting a type to ``RunnableCommand``: a cast's first use scans every protocol
  /// conformance in the executable, and each parse here is specialised to its command.
  static let tables: [Table] = [
    Table(["inspect"], Inspect.self), Table(["dump"], Dump.self),
    Table(["validate"], Validate.self), Table(["reencode"], Reencode.self),
    Table(["convert"], Convert.self), Table(["render"], Render.self),
    Table(["salvage"], Salvage.self), Table(["synth"], Synth.self),
    Table(["part"], PartCommand.self), Table(["extract"], ExtractCommand.self),
    Table(["diff"], Diff.self), Table(["pages", "list"], Pages.List.self),
    Table(["pages", "extract"], Pages.Extract.self), Table(["pages", "delete"], Pages.Delete.self),
    Table(["pages", "reorder"], Pages.Reorder.self), Table(["pages", "rotate"], Pages.Rotate.self),
    Table(["pages", "split"], Pages.Split.self), Table(["pages", "merge"], Pages.Merge.self),
  ]

  /// A leaf command: the names that lead to it (`pages merge`), its table, and its
  /// declaration's parser for the lines the table leaves.
  struct Table: Sendable {
    let path: [String]
    /// The command's declaration, asked for only once the line names it: making a
    /// `ParsableCommand.Type` looks up the declaration's conformance, for every table a run
    /// lists.
    let declaration: @Sendable () -> ParsableCommand.Type
    /// The command the table fills from the rest of the line; nil when it leaves the line.
    let parse: @Sendable (ArraySlice<String>) -> (any RunnableCommand)?
    /// The command its declaration parses from the rest of the line; nil for an error, which
    /// the root parser then reports.
    let parseDeclared: @Sendable (ArraySlice<String>) -> (any RunnableCommand)?

    init<Command: RunnableCommand>(_ path: [String], _: Command.Type) {
      self.path = path
      self.declaration = { Command.Declaration.self }
      self.parse = { Command.directlyParsed($0) }
      self.parseDeclared = { (try? Command.Declaration.parse(Array($0)))?.plain }
    }
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
