import ArgumentParser

/// Arguments (a command or an option group) as plain values, which an ordinary command line
/// fills from a table. swift-argument-parser's declaration of them (``ArgumentsDeclaration``)
/// builds a property wrapper for every option, and its parser fills them by reflection: for a
/// one-note command either costs more CPU time than reading the note. The table costs nothing.
///
/// Only a line the table fills whole, with values that parse and a value that validates, is
/// taken; any other (an unknown, repeated or missing option, `--`, bundled short flags, a value
/// that starts with `-`, a wrong number of positional arguments, a failed `validate()`) is left
/// to swift-argument-parser, which parses it or prints its error as always.
protocol DirectlyParsable: Sendable {
  /// The arguments at their defaults, as swift-argument-parser's declaration has them.
  init()

  /// Checks the values together, as the declaration's `validate()` does: a usage error
  /// (`ValidationError`) for a combination the command refuses.
  func validate() throws

  /// Its own options and flags, not those of its option groups.
  static var ownDirectOptions: [DirectOption<Self>] { get }

  /// The option groups it holds.
  static var directGroups: [DirectGroup<Self>] { get }

  /// Its positional arguments.
  static var directPositionals: DirectPositionals<Self> { get }
}

extension DirectlyParsable {
  func validate() throws {}

  static var ownDirectOptions: [DirectOption<Self>] { [] }

  static var directGroups: [DirectGroup<Self>] { [] }

  static var directPositionals: DirectPositionals<Self> { .none }

  /// Every option and flag, those of the option groups included.
  static var directOptions: [DirectOption<Self>] { directOptions(directGroups) }

  /// Every option and flag: its own, then those of `groups`. The groups are built once per
  /// line and handed to each step, since building one builds its options' closures.
  static func directOptions(_ groups: [DirectGroup<Self>]) -> [DirectOption<Self>] {
    ownDirectOptions + groups.flatMap { $0.options }
  }

  /// `validate()`, then that of each of `groups`, as swift-argument-parser calls them.
  mutating func validateDirectly(_ groups: [DirectGroup<Self>]) throws {
    try validate()
    for group in groups { try group.validate(&self) }
  }

  /// The arguments `line` gives; nil when the line is for swift-argument-parser to judge.
  static func directlyParsed(_ line: ArraySlice<String>) -> Self? {
    let groups = directGroups
    let options = directOptions(groups)
    var arguments = Self()
    var positionals: [String] = []
    var given = [Bool](repeating: false, count: options.count)
    var rest = line
    while let argument = rest.popFirst() {
      guard argument.hasPrefix("-"), argument != "-" else {
        positionals.append(argument)
        continue
      }
      var name = argument[...]
      var attached: Substring?
      if argument.hasPrefix("--") {
        if let equals = argument.firstIndex(of: "=") {
          name = argument[..<equals]
          attached = argument[argument.index(after: equals)...]
        }
      } else if argument.utf8.count != 2 {
        return nil  // bundled short flags, or a short option with its value attached
      }
      guard let index = options.firstIndex(where: { $0.names.contains(where: { $0 == name }) }),
        !given[index]
      else { return nil }
      given[index] = true
      let option = options[index]
      var value = ""
      if option.takesValue {
        if let attached {
          value = String(attached)
        } else {
          guard let next = rest.popFirst(), !next.hasPrefix("-") || next == "-" else { return nil }
          value = next
        }
        if value.isEmpty { return nil }
      } else if attached != nil {
        return nil
      }
      guard option.set(&arguments, value) else { return nil }
    }
    guard !options.indices.contains(where: { options[$0].isRequired && !given[$0] }),
      directPositionals.set(&arguments, positionals),
      (try? arguments.validateDirectly(groups)) != nil
    else { return nil }
    return arguments
  }
}
