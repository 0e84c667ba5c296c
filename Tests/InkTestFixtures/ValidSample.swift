/// What a valid sample shows.
public struct ValidSample: Sendable {
  /// The file name under `valid/`.
  public var name: String
  /// What it covers.
  public var summary: String
}
