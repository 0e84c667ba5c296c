import InkCodec

/// A file that attacks willdoc's resources rather than its parser: small on disk, it asks for
/// as much work as the default limits let through (or one step more). Each one must finish
/// within the budget model of `docs/robustness.md`, or stop with the limit error it names.
///
/// Reading a UIM attack (`r-uim-<class>.uim`) means what drawing it means: parsing the UIM
/// file and converting it to WILL 2.
public struct ResourceAttack: Sendable {
  /// The file name under `invalid/`, `r-<class>.will` or `r-uim-<class>.uim`.
  public var name: String
  /// What it attacks, and how big it is.
  public var summary: String
  /// The decoding limit that stops it with default limits, or `nil` when it reads.
  public var stoppedBy: DecodingLimits.Limit?
  /// The error code reading gives instead, for an attack on salvage (`zip-error`).
  public var readError: String?

  /// What reading it gives: `ok`, `limit-exceeded <limit>` or an error code.
  public var outcome: String {
    readError ?? stoppedBy.map { "limit-exceeded \($0)" } ?? "ok"
  }

  /// The line of `golden/attacks.txt`: `name outcome`.
  public var manifestLine: String { "\(name) \(outcome)" }
}
