/// A value carried along with a model value without taking part in its `==` and hash: what
/// reading recorded about where the model came from, so that two models that say the same
/// thing stay equal whatever bytes they were read from.
package struct NotCompared<Value: Sendable>: Sendable, Hashable {
  package var value: Value

  package init(_ value: Value) { self.value = value }

  package static func == (lhs: Self, rhs: Self) -> Bool { true }

  package func hash(into hasher: inout Hasher) {}
}
