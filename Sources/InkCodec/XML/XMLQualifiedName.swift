/// Splits qualified names (`prefix:localName`) at their first colon.
enum XMLQualifiedName {
  /// The part of `name` before the first colon, or `nil` when there is none.
  static func prefix(of name: String) -> String? {
    guard let colon = name.firstIndex(of: ":") else { return nil }
    return String(name[..<colon])
  }

  /// The part of `name` after the first colon, or `name` itself when there is none.
  static func localName(of name: String) -> String {
    guard let colon = name.firstIndex(of: ":") else { return name }
    return String(name[name.index(after: colon)...])
  }
}
