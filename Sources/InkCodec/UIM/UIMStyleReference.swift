/// How a stroke names one part of its style: not at all, by a 1-based index into a table of
/// ``UIMInkData``, or by value (the `…Value` members of the oneofs, which Wacom's library
/// neither reads nor writes).
public enum UIMStyleReference<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
  /// No value: index 0 or the oneof absent.
  case none
  /// A 1-based index into the table.
  case index(UInt32)
  /// The value itself.
  case value(Value)

  /// The value this reference names in `table`, or `nil` (none, or an index past the table).
  public func resolved(in table: [Value]) -> Value? {
    switch self {
    case .none: nil
    case .index(let index): index >= 1 && Int(index) <= table.count ? table[Int(index) - 1] : nil
    case .value(let value): value
    }
  }
}
