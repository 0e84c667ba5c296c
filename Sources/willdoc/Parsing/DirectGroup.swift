/// An option group a command holds, as the command's table sees it: the group's options,
/// its defaults and its `validate()`.
struct DirectGroup<Command>: Sendable {
  /// The group's options, as options of the command.
  let options: [DirectOption<Command>]
  /// Sets the group to its defaults.
  let setDefaults: @Sendable (inout Command) -> Void
  /// Validates the group as swift-argument-parser does, its own groups included.
  let validate: @Sendable (inout Command) throws -> Void

  /// The group that `set` sets and `access` hands to its closure, written
  /// `DirectGroup(set: { $0.limits = $1 }, access: { try $1(&$0.limits) })`. Two closures: a
  /// group not yet set cannot be read, so setting its defaults cannot go through `access`. Not
  /// a key path, which is built at run time from its mangled pattern: what the table avoids.
  init<Group: DirectlyParsable>(
    set: @escaping @Sendable (inout Command, Group) -> Void,
    access: @escaping @Sendable (inout Command, (inout Group) throws -> Void) throws -> Void
  ) {
    // The group's own groups, built once for its options, defaults and validation.
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
    setDefaults = { command in set(&command, Group.directStart(groups)) }
    validate = { command in try access(&command) { try $0.validateDirectly(groups) } }
  }
}
