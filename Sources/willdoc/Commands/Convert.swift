import ArgumentParser
import Foundation
import InkCodec

/// The formats `willdoc convert` writes.
enum ConvertFormat: String, ExpressibleByArgument, CaseIterable {
  /// WILL 2 (`.will`), an OPC package.
  case will
  /// Universal Ink Model 3.1.0 (`.uim`).
  case uim
  /// W3C InkML 1.0 (`.inkml`).
  case inkml

  /// The format an output path's extension names, or `nil`.
  init?(extensionOf path: String) {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "will": self = .will
    case "uim": self = .uim
    case "inkml": self = .inkml
    default: return nil
    }
  }
}

/// `willdoc convert IN -o OUT`: WILL 2 ↔ UIM, the input sniffed, the output's format from its
/// extension or `--to`.
struct Convert: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Convert between WILL 2 (.will), the Universal Ink Model (.uim) and InkML (.inkml).",
    discussion: """
      The input's format is sniffed from its bytes; the output's comes from its extension \
      (.will, .uim, .inkml) or --to. WILL 2 → UIM keeps everything: the stored integers of every \
      stroke, pages, transforms, paints, blend modes (docs/uim.md says how), and invents no \
      sensor data. UIM → WILL 2 lists everything WILL 2 cannot hold (sensor data, views, the \
      knowledge graph, brush shapes, channels without a WILL 2 counterpart) and writes the rest. \
      A UIM file willdoc wrote comes back to the original WILL 2 strokes exactly. InkML gets one \
      traceGroup per page (its size in an annotation), traces with X, Y and W, brushes with \
      colour, width and transparency; InkML comes in with its difference-coded values, \
      contexts and brushes, channels other than X, Y and W listed as dropped. The output is \
      read back and checked before the command reports success.
      """)

  @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "in"))
  var input: String

  @OptionGroup var outputOptions: OutputOptions

  @Option(help: "The format to write: will, uim or inkml (default: from the output's extension).")
  var to: ConvertFormat?

  @OptionGroup var limitOptions: LimitOptions

  func validate() throws {
    try outputOptions.validate(input: input, role: "input file")
    if to == nil, ConvertFormat(extensionOf: outputOptions.destination(input: input) ?? "") == nil {
      throw ValidationError(
        "give the output format with --to will|uim|inkml, or an -o ending in .will, .uim or .inkml")
    }
  }

  func run() throws {
    let limits = limitOptions.limits
    let output = outputOptions.destination(input: input)!
    let target = to ?? ConvertFormat(extensionOf: output)!
    let file = try reportingErrors(file: input) { () throws(WillError) in
      try InputFile.read(input, limits: limits)
    }
    var lines: [String] = []
    var losses = ConversionLosses()
    let (bytes, strokes) = try reportingErrors(file: input) {
      () throws(WillError) -> ([UInt8], Int) in
      if UIMFile.sniff(file.bytes) {
        let uim = try UIMDocument(parsing: file.bytes, limits: limits)
        lines.append(
          "input    \(file.name.terminalSafe) uim \(UIMReport.version(uim)) "
            + "\(Format.count(uim.inkData.strokes.count)) strokes")
        if target == .uim { return (try uim.serialized(), uim.inkData.strokes.count) }
        let document = try WillDocument(converting: uim, losses: &losses)
        if target == .inkml {
          let more = InkMLDocument.losses(converting: document)
          losses.drawingChanges += more.drawingChanges
          losses.droppedMetadata += more.droppedMetadata
        }
        return try Self.write(document, as: target)
      }
      if InkMLSniffer.sniff(file.bytes) {
        let inkML = try InkMLDocument(parsing: file.bytes, limits: limits)
        lines.append(
          "input    \(file.name.terminalSafe) inkml \(Format.count(inkML.traces.count)) traces")
        if target == .inkml { return (try inkML.serialized(), inkML.traces.count) }
        let document = try WillDocument(converting: inkML, losses: &losses)
        return try Self.write(document, as: target)
      }
      let document = try WillDocument(parsing: file.bytes, limits: limits)
      if target == .inkml { losses = InkMLDocument.losses(converting: document) }
      lines.append(
        "input    \(file.name.terminalSafe) \(document.container.rawValue) "
          + "\(Format.count(document.strokes.count)) strokes")
      return try Self.write(document, as: target)
    }
    for change in losses.drawingChanges { lines.append("changed  \(change.terminalSafe)") }
    for item in losses.droppedMetadata { lines.append("dropped  \(item.terminalSafe)") }
    // Closed loop: the output reads back, under the same limits, with every stroke.
    let written = try reportingErrors(file: output) { () throws(WillError) -> Int in
      switch target {
      case .uim: try UIMDocument(parsing: bytes, limits: limits).inkData.strokes.count
      case .will: try WillDocument(parsing: bytes, limits: limits).strokes.count
      case .inkml: try InkMLDocument(parsing: bytes, limits: limits).traces.count
      }
    }
    guard written == strokes else {
      printError(
        "willdoc: error: \(output.terminalSafe): the converted document has \(written) strokes, "
          + "expected \(strokes)")
      throw ExitCode(ExitStatus.invalid)
    }
    lines.append(
      "output   \(output.terminalSafe) \(target.rawValue) \(Format.count(bytes.count)) bytes "
        + "\(Format.count(written)) strokes")
    try writeOutput(bytes, to: output)
    for line in lines {
      if output == "-" { printError(line) } else { StandardOutput.line(line) }
    }
  }

  /// A WILL 2 document in the target format, and its stroke count.
  static func write(_ document: WillDocument, as target: ConvertFormat) throws(WillError) -> (
    [UInt8], Int
  ) {
    let count = document.strokes.count
    switch target {
    case .will: return (try document.serialized(container: document.container), count)
    case .uim: return (try UIMDocument(converting: document).serialized(), count)
    case .inkml: return (try InkMLDocument(converting: document).serialized(), count)
    }
  }
}
