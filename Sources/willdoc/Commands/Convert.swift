import ArgumentParser
import Foundation
import InkCodec

/// The formats `willdoc convert` writes.
enum ConvertFormat: String, ExpressibleByArgument, CaseIterable {
  /// WILL 2 (`.will`), an OPC package.
  case will
  /// Universal Ink Model 3.1.0 (`.uim`).
  case uim

  /// The format an output path's extension names, or `nil`.
  init?(extensionOf path: String) {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "will": self = .will
    case "uim": self = .uim
    default: return nil
    }
  }
}

/// `willdoc convert IN -o OUT`: WILL 2 ↔ UIM, the input sniffed, the output's format from its
/// extension or `--to`.
struct Convert: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Convert between WILL 2 (.will) and the Universal Ink Model (.uim, WILL 3).",
    discussion: """
      The input's format is sniffed from its bytes; the output's comes from its extension \
      (.will, .uim) or --to. WILL 2 → UIM keeps everything: the stored integers of every \
      stroke, pages, transforms, paints, blend modes (docs/uim.md says how), and invents no \
      sensor data. UIM → WILL 2 lists everything WILL 2 cannot hold (sensor data, views, the \
      knowledge graph, brush shapes, channels without a WILL 2 counterpart) and writes the rest. \
      A UIM file willdoc wrote comes back to the original WILL 2 strokes exactly. The output is \
      read back and checked before the command reports success.
      """)

  @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "in"))
  var input: String

  @OptionGroup var outputOptions: OutputOptions

  @Option(help: "The format to write: will or uim (default: from the output's extension).")
  var to: ConvertFormat?

  @OptionGroup var limitOptions: LimitOptions

  func validate() throws {
    try outputOptions.validate(input: input, role: "input file")
    if to == nil, ConvertFormat(extensionOf: outputOptions.destination(input: input) ?? "") == nil {
      throw ValidationError(
        "give the output format with --to will|uim, or an -o ending in .will or .uim")
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
    let bytes: [UInt8]
    let strokes: Int
    if UIMFile.sniff(file.bytes) {
      let uim = try reportingErrors(file: input) { () throws(WillError) in
        try UIMDocument(parsing: file.bytes, limits: limits)
      }
      lines.append(
        "input    \(file.name.terminalSafe) uim \(uim.version.map(String.init).joined(separator: ".")) "
          + "\(Format.count(uim.inkData.strokes.count)) strokes")
      switch target {
      case .uim:
        bytes = try reportingErrors(file: output) { () throws(WillError) in try uim.serialized() }
        strokes = uim.inkData.strokes.count
      case .will:
        var losses = ConversionLosses()
        let document = try reportingErrors(file: input) { () throws(WillError) in
          try WillDocument(converting: uim, losses: &losses)
        }
        for change in losses.drawingChanges { lines.append("changed  \(change.terminalSafe)") }
        for item in losses.droppedMetadata { lines.append("dropped  \(item.terminalSafe)") }
        bytes = try reportingErrors(file: output) { () throws(WillError) in
          try document.serialized(container: .opc)
        }
        strokes = document.strokes.count
      }
    } else {
      let document = try reportingErrors(file: input) { () throws(WillError) in
        try WillDocument(parsing: file.bytes, limits: limits)
      }
      lines.append(
        "input    \(file.name.terminalSafe) \(document.container.rawValue) "
          + "\(Format.count(document.strokes.count)) strokes")
      switch target {
      case .uim:
        bytes = try reportingErrors(file: output) { () throws(WillError) in
          try UIMDocument(converting: document).serialized()
        }
      case .will:
        bytes = try reportingErrors(file: output) { () throws(WillError) in
          try document.serialized(container: document.container)
        }
      }
      strokes = document.strokes.count
    }
    // Closed loop: the output reads back, under the same limits, with every stroke.
    let written = try reportingErrors(file: output) { () throws(WillError) -> Int in
      switch target {
      case .uim: try UIMDocument(parsing: bytes, limits: limits).inkData.strokes.count
      case .will: try WillDocument(parsing: bytes, limits: limits).strokes.count
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
}
