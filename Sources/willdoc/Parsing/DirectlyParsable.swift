import ArgumentParser

/// Arguments (a command or an option group) that an ordinary command line fills from a table,
/// without swift-argument-parser. Its parser builds each command's arguments by reflection,
/// which costs a process more CPU time than reading a small note; the table costs nothing.
///
/// Only a line the table fills whole, with values that parse and a value that validates, is
/// taken; any other (an unknown, repeated or missing option, `--`, bundled short flags, a value that
/// starts with `-`, a wrong number of positional arguments, a failed `validate()`) is left to
/// swift-argument-parser, which parses it or prints its error as always.
protocol DirectlyParsable: ParsableArguments {
  /// The arguments before the line is read: every option at its default, every property set
  /// (a property swift-argument-parser has not filled cannot be read).
  static var directDefaults: Self { get }

  /// Every option and flag, those of the option groups it holds included.
  static var directOptions: [DirectOption<Self>] { get }

  /// Sets the positional arguments; false when the arguments do not take that many.
  static func setDirectPositionals(_ values: [String], in arguments: inout Self) -> Bool

  /// `validate()`, and that of each option group it holds, as swift-argument-parser calls them.
  mutating func validateDirectly() throws
}

extension DirectlyParsable {
  /// No positional arguments.
  static func setDirectPositionals(_ values: [String], in arguments: inout Self) -> Bool {
    values.isEmpty
  }

  /// `validate()` alone.
  mutating func validateDirectly() throws { try validate() }

  /// The options of this group as options of `Outer`, which hands its group to the closure.
  static func directOptions<Outer>(
    in group: @escaping @Sendable (inout Outer, (inout Self) -> Bool) -> Bool
  ) -> [DirectOption<Outer>] {
    directOptions.map { $0.lifted(group) }
  }

  /// The arguments `line` gives; nil when the line is for swift-argument-parser to judge.
  static func directlyParsed(_ line: ArraySlice<String>) -> Self? {
    let options = directOptions
    var arguments = directDefaults
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
      setDirectPositionals(positionals, in: &arguments),
      (try? arguments.validateDirectly()) != nil
    else { return nil }
    return arguments
  }
}
