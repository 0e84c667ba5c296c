/// An option group a command holds, as the command's table sees it: the group's options and
/// its `validate()`.
struct DirectGroup<Command>: Sendable {
  /// The group's options, as options of the command.
  let options: [DirectOption<Command>]
  /// Validates the group as swift-argument-parser does, its own groups included.
  let validate: @Sendable (inout Command) throws -> Void

  /// The group that `access` hands to its closure, written
  /// `DirectGroup { try $1(&$0.limitOptions) }`. Not a key path, which is built at run time
  /// from its mangled pattern: what the table avoids.
  init<Group: DirectlyParsable>(
    _ access: @escaping @Sendable (inout Command, (inout Group) throws -> Void) throws -> Void
  ) {
    // The group's own groups, built once for its options and validation.
    let groups = Group.directGroups
    options = Group.directOptions(groups).map { option in
      let setOption = option.set
      return DirectOption(
        names: option.names, takesValue: option.takesValue, isRequired: option.isRequired
      ) { command, text in
        var parsed = false
        try? access(&command) { parsed = setOption(&$0, text) }
        return parsed
      }
    }
    validate = { command in try access(&command) { try $0.validateDirectly(groups) } }
  }
}
