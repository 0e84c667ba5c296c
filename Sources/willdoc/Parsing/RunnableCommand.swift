import ArgumentParser

/// A leaf command as plain values (``DirectlyParsable``) that runs; what `willdoc` runs,
/// whichever parser filled it.
protocol RunnableCommand: DirectlyParsable {
  /// The command as swift-argument-parser declares it: its name, help and errors.
  associatedtype Declaration: ParsableCommand & ArgumentsDeclaration
  where Declaration.Arguments == Self

  /// Does what the command line asks; throws an `ExitCode` (or a usage error) for its status.
  mutating func run() throws
}

/// swift-argument-parser's declaration of a command or option group: property wrappers with
/// the names, help and defaults, read by reflection for help, completion scripts, errors and
/// the lines a table leaves. What runs is the ``plain`` value it parses to.
protocol ArgumentsDeclaration: ParsableArguments {
  /// The plain arguments it declares.
  associatedtype Arguments: DirectlyParsable

  /// The parsed values, as the plain arguments.
  var plain: Arguments { get }
}

extension ArgumentsDeclaration {
  /// The plain arguments' own check; swift-argument-parser calls each option group's too.
  func validate() throws { try plain.validate() }
}

extension ArgumentsDeclaration where Self: ParsableCommand, Arguments: RunnableCommand {
  /// Runs the plain command, as the table's lines run.
  func run() throws {
    var command = plain
    try command.run()
  }
}
