import ArgumentParser
import Foundation
import InkCodec

extension ContainerKind: ExpressibleByArgument {}

/// `willdoc reencode IN -o OUT`: re-write a document, optionally in another container or at
/// another precision.
struct Reencode: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Re-write a WILL document: same container and precision by default, nothing lost.",
    discussion: """
      Without options the paths parts come out byte-identical. The output is read back and \
      checked before the command reports success: every stroke kept, and with --precision \
      every value within half a unit of the new precision. The report goes to standard \
      output, or to standard error when the document is written to standard output (-o -).
      """)

  @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "in"))
  var input: String

  @OptionGroup var outputOptions: OutputOptions

  @Option(help: "The container to write: opc, riff or raw (default: the input's).")
  var container: ContainerKind?

  @Option(
    help: ArgumentHelp(
      "Re-quantise every stroke at this decimal precision (0...8).", valueName: "n"))
  var precision: Int?

  @Option(
    help: ArgumentHelp("The deflate level of zip parts, 0 (stored) to 9.", valueName: "level"))
  var deflate: Int = 6

  @Flag(help: "Drop the particle paints part.")
  var dropPaints = false

  @Flag(help: "Write the canonical Inkspace layout: part names, relationship ids, XML form.")
  var normalize = false

  @OptionGroup var limitOptions: LimitOptions

  func validate() throws {
    if let precision, !(0...8).contains(precision) {
      throw ValidationError("--precision must be in 0...8")
    }
    if !(0...9).contains(deflate) { throw ValidationError("--deflate must be in 0...9") }
    try outputOptions.validate(input: input, role: "input file")
  }

  func run() throws {
    let limits = limitOptions.limits
    let output = outputOptions.destination(input: input)!
    let (file, original) = try reportingErrors(file: input) { () throws(WillError) in
      try InputFile.document(input, limits: limits)
    }
    var document = original
    if dropPaints { document.paints = [] }
    if let precision { document.updateStrokes { $0.decimalPrecision = precision } }
    let targetContainer = container ?? original.container
    try outputOptions.checkContainer(input: input, from: original.container, to: targetContainer)
    let bytes = try reportingErrors(file: output) { () throws(WillError) in
      try document.serialized(
        container: targetContainer,
        options: WriteOptions(deflateLevel: deflate, normalize: normalize))
    }

    // Closed loop: read the output back before writing it anywhere.
    let written = try reportingErrors(file: output) { () throws(WillError) in
      try WillDocument(bytes: bytes, limits: .unlimited)
    }
    var report: [[String]] = []
    report.append([
      "input", file.name.terminalSafe, original.container.rawValue,
      "\(Format.count(file.bytes.count)) bytes",
      "\(Format.count(original.strokes.count)) strokes",
      "\(Format.count(original.pointCount)) points",
    ])
    let delta = bytes.count - file.bytes.count
    report.append([
      "output", output.terminalSafe, targetContainer.rawValue, "\(Format.count(bytes.count)) bytes",
      "\(Format.count(written.strokes.count)) strokes",
      "\(Format.count(written.pointCount)) points",
      "(\(delta >= 0 ? "+" : "")\(Format.count(delta)) bytes)",
    ])
    var table = TextTable(rows: report)
    table.rightAligned = [3, 4, 5]
    var lines = table.lines()

    let before = original.strokes
    let after = written.strokes
    guard before.count == after.count,
      Swift.zip(before, after).allSatisfy({ $0.pointCount == $1.pointCount })
    else {
      printError(
        "willdoc: error: \(output.terminalSafe): the re-encoded document has \(after.count) strokes, "
          + "expected \(before.count)")
      throw ExitCode(ExitStatus.invalid)
    }
    lines.append("strokes kept     \(Format.count(after.count)) of \(Format.count(before.count))")

    let oldStreams = pathsStreams(of: file.bytes, document: original, limits: limits)
    let newStreams = pathsStreams(of: bytes, document: written, limits: .unlimited)
    if !oldStreams.isEmpty, oldStreams.count == newStreams.count {
      let same = Swift.zip(oldStreams, newStreams).filter { $0 == $1 }.count
      lines.append(
        "paths streams    "
          + (same == oldStreams.count
            ? "byte-identical (\(same) of \(oldStreams.count))"
            : "\(same) of \(oldStreams.count) byte-identical"))
    } else {
      lines.append("paths streams    \(oldStreams.count) → \(newStreams.count)")
    }

    let change = QuantisationChange(before: before, after: after)
    if let precision {
      let bound = 0.5 * pow(10, Double(-precision))
      let precisions = Set(before.map(\.decimalPrecision)).sorted().map(String.init)
        .joined(separator: ",")
      lines.append(
        "re-quantised     precision \(precisions.isEmpty ? "-" : precisions) → \(precision): "
          + "\(Format.count(change.movedPoints)) of \(Format.count(change.points)) points moved, "
          + "max error \(Format.number(change.maxError, digits: 9)) (bound \(Format.number(bound, digits: 9)))"
      )
      let magnitude = before.flatMap(\.points).map { max(abs($0.x), abs($0.y)) }.max() ?? 0
      if change.maxError > bound * (1 + 1e-9) + magnitude * 1e-12 {
        printError(
          "willdoc: error: \(output.terminalSafe): re-quantisation moved a value by \(change.maxError), "
            + "more than half a unit (\(bound))")
        throw ExitCode(ExitStatus.invalid)
      }
    } else {
      lines.append(
        "points moved     \(Format.count(change.movedPoints)) (max error \(Format.number(change.maxError, digits: 9)))"
      )
      if change.movedPoints > 0 {
        printError(
          "willdoc: error: \(output.terminalSafe): re-encoding changed \(change.movedPoints) points"
        )
        throw ExitCode(ExitStatus.invalid)
      }
    }
    if dropPaints { lines.append("paints           \(original.paints.count) dropped") }

    try writeOutput(bytes, to: output)
    for line in lines {
      if output == "-" { printError(line) } else { StandardOutput.line(line) }
    }
  }
}
