import InkCodec

/// An invalid sample and the error a reader with default limits must report.
public struct InvalidSample: Sendable {
  /// The file name under `invalid/`, `x-<reason>.will`.
  public var name: String
  /// How it is broken.
  public var summary: String
  /// The expected ``WillErrorKind/code``.
  public var code: String
  /// The expected ``WillError/part``, or `nil` when the error names no part.
  public var part: String?
  /// The expected ``WillError/offset``, or `nil` when the error has none.
  public var offset: Int?

  /// The manifest line: `name code part@offset` (`-` for a missing part, no `@` without offset).
  public var manifestLine: String {
    let partText = part.map { $0.contains(" ") ? "\"\($0)\"" : $0 } ?? "-"
    let location = partText + (offset.map { "@\($0)" } ?? "")
    return "\(name) \(code) \(location)"
  }
}
