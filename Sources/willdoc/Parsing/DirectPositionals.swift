/// How a command takes its positional arguments from a line, for ``DirectlyParsable``.
struct DirectPositionals<Command>: Sendable {
  /// Sets the arguments; false when the command does not take that many.
  let set: @Sendable (inout Command, [String]) -> Bool

  /// None.
  static var none: Self { Self { _, values in values.isEmpty } }

  /// Exactly one.
  static func one(_ set: @escaping @Sendable (inout Command, String) -> Void) -> Self {
    Self { command, values in
      guard values.count == 1 else { return false }
      set(&command, values[0])
      return true
    }
  }

  /// Any number, at least one when `atLeastOne`.
  static func list(
    atLeastOne: Bool, _ set: @escaping @Sendable (inout Command, [String]) -> Void
  ) -> Self {
    Self { command, values in
      guard !atLeastOne || !values.isEmpty else { return false }
      set(&command, values)
      return true
    }
  }
}
