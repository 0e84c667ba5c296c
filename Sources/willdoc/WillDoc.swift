import ArgumentParser

/// The `willdoc` command: inspect, dump, validate, re-encode and render WILL ink documents.
@main
struct WillDoc: ParsableCommand {
  /// The version `--version` prints.
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "willdoc",
    abstract:
      "Inspect, dump, validate, re-encode, render, salvage, synthesize and take apart Wacom WILL ink documents.",
    discussion: """
      Every command reads a path, or - for standard input. -o replaces an existing file only \
      with --force (atomically, keeping its permissions; a device or FIFO is written to), and \
      the input only with --in-place. Strings from files are printed with control characters \
      escaped. Every command in full: docs/cli.md; the decoding limits (--max-strokes, …): \
      willdoc COMMAND --help-hidden.

      Exit status: 0 success (validate: valid), 1 an invalid document, 2 an unreadable input \
      (not a WILL file, or an I/O error), 64 a usage error. Shell completions: \
      willdoc --generate-completion-script bash|zsh|fish.
      """,
    version: "willdoc \(version)",
    subcommands: [
      Inspect.Declaration.self, Dump.Declaration.self, Validate.Declaration.self,
      Reencode.Declaration.self, Convert.Declaration.self, Render.Declaration.self,
      Salvage.Declaration.self, Synth.Declaration.self, PartCommand.Declaration.self,
      Diff.Declaration.self, Pages.self, ExtractCommand.Declaration.self,
    ]
  )

  /// Sets up the process (signals, standard descriptors), then runs the command.
  static func main() {
    ProcessSetup.run()
    // Spelled losslessly: a file name need not be UTF-8 (SystemPath).
    let arguments = SystemPath.arguments()
    if let version = DirectParse.versionLine(arguments) {
      print(version)
      return
    }
    do {
      if arguments.first == "help", arguments.count > 1, !Self.commandNames.contains(arguments[1]) {
        throw ValidationError(
          "no command named \(arguments[1].terminalSafe) (the commands: \(Self.listedNames.joined(separator: ", ")))"
        )
      }
      if var command = DirectParse.command(arguments) {
        try command.run()
      } else {
        var command = try parseAsRoot(arguments)
        try command.run()
      }
    } catch {
      exitReporting(error, arguments: arguments)
    }
  }

  /// The subcommands' names, hidden ones (`extract`) included.
  static var commandNames: [String] { configuration.subcommands.map { $0._commandName } }

  /// The names `willdoc --help` lists.
  static var listedNames: [String] {
    configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
  }

  /// Help and version as swift-argument-parser prints them, exit codes as thrown; a usage
  /// error as one `willdoc: error:` line, as every other error, and where to read more.
  static func exitReporting(_ error: Error, arguments: [String]) -> Never {
    guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
    let message = message(for: error).split(separator: "\n").first.map(String.init) ?? ""
    printError("willdoc: error: \(message)")
    let command = arguments.first.flatMap { commandNames.contains($0) ? $0 + " " : nil } ?? ""
    printError("willdoc: see 'willdoc \(command)--help'")
    exit(withError: ExitStatus.usage.exitCode)
  }
}
