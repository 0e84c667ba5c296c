import ArgumentParser

/// One option or flag as ``DirectlyParsable`` fills it: its spellings and how it sets its
/// property. A command's table lists every option it declares, those of its option groups
/// included (``DirectParseTests`` hold each table to the command's declarations).
struct DirectOption<Command>: Sendable {
  /// The spellings that set it: `--name`, and `-n` where it has a short name.
  let names: [String]
  /// Whether it takes a value; a flag does not.
  let takesValue: Bool
  /// Whether the line must give it (an option with no default).
  var isRequired = false
  /// Sets the property from the value (`""` for a flag); false when the value does not
  /// parse, which leaves the line to swift-argument-parser and its error message.
  let set: @Sendable (inout Command, String) -> Bool

  /// A flag: `set` records that it was given.
  static func flag(_ names: String..., set: @escaping @Sendable (inout Command) -> Void) -> Self {
    Self(names: names, takesValue: false) { command, _ in
      set(&command)
      return true
    }
  }

  /// An option whose value parses as `Value` parses an argument; `required` when it has no
  /// default.
  static func value<Value: ExpressibleByArgument>(
    _ names: String..., as _: Value.Type = Value.self, required: Bool = false,
    set: @escaping @Sendable (inout Command, Value) -> Void
  ) -> Self {
    Self(names: names, takesValue: true, isRequired: required) { command, text in
      guard let value = Value(argument: text) else { return false }
      set(&command, value)
      return true
    }
  }
}
