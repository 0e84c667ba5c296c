import InkCodec

/// The end of `willdoc convert` with several inputs: a line per input and the totals, as text
/// or as the JSON of docs/json.md.
struct ConversionSummary {
  /// Every input's outcome, in the plan's order.
  var outcomes: [ConversionOutcome]
  /// The format written.
  var target: ConvertFormat
  /// The output folder (`-d`), or `nil` for one `-o` file.
  var directory: String?

  /// How many inputs had `status`.
  func count(_ status: ConversionOutcome.Status) -> Int {
    outcomes.filter { $0.status == status }.count
  }

  /// The text summary; with `quiet`, only the failures and the totals.
  func lines(quiet: Bool) -> [String] {
    var lines: [String] = []
    for outcome in outcomes {
      let input = outcome.input.terminalSafe
      switch outcome.status {
      case .converted:
        if quiet { continue }
        let written =
          outcome.outputs.count > 1
          ? "\(outcome.outputs[0].terminalSafe) … \(outcome.outputs.last!.terminalSafe)"
          : outcome.output!.terminalSafe
        lines.append(
          "converted  \(input) → \(written)  (\(outcome.inputFormat!), "
            + "\(Format.plural(outcome.strokes!, "stroke")), \(Format.count(outcome.bytes!)) bytes)"
        )
        lines += outcome.changes.map { "  changed  \($0.terminalSafe)" }
        lines += outcome.dropped.map { "  dropped  \($0.terminalSafe)" }
      case .failed:
        // The reason is the error line the failure printed when it happened.
        lines.append("failed     \(input)  (\(outcome.code ?? "error"))")
      case .skipped:
        if quiet { continue }
        lines.append("skipped    \(input) (\(outcome.reason!.terminalSafe))")
      }
    }
    lines.append(
      "\(Format.plural(outcomes.count, "input")): \(Format.count(count(.converted))) converted, "
        + "\(Format.count(count(.failed))) failed, \(Format.count(count(.skipped))) skipped")
    return lines
  }

  /// The JSON summary (`"schema": 1`), its `exitStatus` the status the command ends with.
  func json(exitStatus: ExitStatus) -> JSONValue {
    .object([
      ("schema", .int(1)),
      ("to", .string(target.rawValue)),
      ("directory", .string(directory.map(SystemPath.display))),
      ("files", .array(outcomes.map(Self.json))),
      (
        "total",
        .object([
          ("inputs", .int(outcomes.count)), ("converted", .int(count(.converted))),
          ("failed", .int(count(.failed))), ("skipped", .int(count(.skipped))),
        ])
      ),
      ("exitStatus", .int(exitStatus.rawValue)),
    ])
  }

  private static func json(_ outcome: ConversionOutcome) -> JSONValue {
    .object([
      ("input", .string(SystemPath.display(outcome.input))),
      ("status", .string(outcome.status.rawValue)),
      ("output", .string(outcome.output.map(SystemPath.display))),
      ("outputs", .array(outcome.outputs.map { .string(SystemPath.display($0)) })),
      ("inputFormat", .string(outcome.inputFormat)),
      ("strokes", .int(outcome.strokes)),
      ("bytes", .int(outcome.bytes)),
      ("changed", .array(outcome.changes.map { .string($0) })),
      ("dropped", .array(outcome.dropped.map { .string($0) })),
      (
        "error",
        outcome.status == .converted
          ? .null
          : .object([
            ("code", .string(outcome.code)),
            ("message", .string(outcome.reason.map(SystemPath.display))),
          ])
      ),
    ])
  }
}
