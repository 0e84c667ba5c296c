import ArgumentParser
import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `willdoc reencode IN -o OUT`: re-write a document, optionally in another container or at
/// another precision.
struct Reencode: RunnableCommand {
  /// The document, or - for standard input.
  var input: String = ""

  /// Where the result is written (`-o`, `--in-place`).
  var outputOptions = OutputOptions()

  /// The container to write: opc, riff or raw (default: the input's).
  var container: ContainerKind?

  /// Re-quantise every stroke at this decimal precision (0...8), widths included.
  var precision: Int?

  /// The deflate level of zip parts, 0 (stored) to 9.
  var deflate: Int = 6

  /// Drop the particle paints part.
  var dropPaints = false

  /// Drop the images of every section.
  var dropImages = false

  /// Keep only this section (page), counted from 0: a RIFF or raw file holds one page.
  var section: Int?

  /// Bake every transform into the strokes' coordinates.
  var flatten = false

  /// Write the canonical Inkspace layout: part names, relationship ids, XML form.
  var normalize = false

  /// The decoding limits (`--max-strokes`, …).
  var limitOptions = LimitOptions()

  func validate() throws {
    if let precision, !(0...8).contains(precision) {
      throw ValidationError("--precision must be in 0...8")
    }
    if !(0...9).contains(deflate) { throw ValidationError("--deflate must be in 0...9") }
    if let section, section < 0 {
      throw ValidationError("--section counts pages from 0; \(section) is not a page")
    }
    try outputOptions.validate(input: input, role: "input file")
  }

  /// The document to write: the page asked for, flattened, without what the options drop,
  /// at the new precision; `notes` says what each option changed.
  func prepare(_ original: WillDocument, notes: inout [String]) throws(WillError) -> WillDocument {
    var document = original
    if let section {
      document = try document.keepingSection(section)
      notes.append("section \(section) kept, \(original.sections.count - 1) other sections dropped")
    }
    if flatten {
      let transformed = document.sections.flatMap(\.pathsElements).filter {
        !$0.transform.isIdentity
      }.reduce(0) { $0 + $1.element.strokes.count }
      document = try document.flattened()
      notes.append("flattened: transforms baked into \(transformed) strokes")
    }
    if dropImages {
      notes.append("images dropped: \(document.removeImages())")
    }
    if dropPaints {
      notes.append("paints dropped: \(document.paints.count)")
      document.paints = []
    }
    if let precision { document.updateStrokes { $0.decimalPrecision = precision } }
    return document
  }

  func run() throws {
    let limits = limitOptions.limits
    let output = outputOptions.destination(input: input)!
    let (file, original) = try reportingErrors(file: input) { () throws(WillError) in
      try InputFile.document(input, limits: limits)
    }
    let targetContainer = container ?? original.container
    try outputOptions.checkContainer(input: input, from: original.container, to: targetContainer)
    var notes: [String] = []
    let document = try reportingErrors(file: input) { () throws(WillError) in
      try prepare(original, notes: &notes)
    }
    let losses = document.losses(convertingTo: targetContainer)
    if !losses.drawingChanges.isEmpty {
      printError(
        "willdoc: error: \(output.terminalSafe): a \(targetContainer == .riff ? "RIFF" : "raw") file cannot "
          + "hold this drawing:")
      for change in losses.drawingChanges { printError("  \(change.terminalSafe)") }
      let options = losses.remedies.map { remedy in
        switch remedy {
        case .keepOneSection: "--section N to keep one page"
        case .flatten: "--flatten to bake the transforms into the coordinates"
        case .dropImages: "--drop-images"
        case .dropPaints: "--drop-paints"
        }
      }
      printError("  (use \(options.joined(separator: ", ")))")
      throw ExitStatus.invalid.exitCode
    }
    let bytes = try reportingErrors(file: output) { () throws(WillError) in
      try document.serialized(
        container: targetContainer,
        options: WriteOptions(deflateLevel: deflate, normalize: normalize))
    }

    // Closed loop: read the output back, as a reader with the same limits would, before
    // writing it anywhere.
    let written = try reportingErrors(file: output) { () throws(WillError) in
      try WillDocument(parsing: bytes, limits: limits)
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

    let before = document.strokes
    let after = written.strokes
    guard before.count == after.count,
      Swift.zip(before, after).allSatisfy({ $0.pointCount == $1.pointCount })
    else {
      printError(
        "willdoc: error: \(output.terminalSafe): the re-encoded document has \(after.count) strokes, "
          + "expected \(before.count)")
      throw ExitStatus.invalid.exitCode
    }
    lines.append(
      "strokes kept     \(Format.count(after.count)) of \(Format.count(original.strokes.count))")
    lines += notes.map { "                 \($0)" }
    for item in losses.droppedMetadata { lines.append("dropped          \(item.terminalSafe)") }

    let oldStreams = pathsStreams(of: file.bytes, document: original, limits: limits)
    let newStreams = pathsStreams(of: bytes, document: written, limits: limits)
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
    if precision != nil || flatten {
      // Every stroke is quantised at its own precision: the coarsest bounds the error.
      let coarsest = precision ?? before.map(\.decimalPrecision).min() ?? 0
      let bound = 0.5 * pow(10, Double(-coarsest))
      let precisions = Set(original.strokes.map(\.decimalPrecision)).sorted().map(String.init)
        .joined(separator: ",")
      let error =
        "max error \(Format.number(change.maxError, digits: 9)) "
        + "(bound \(Format.number(bound, digits: 9)))"
      if let precision {
        lines.append(
          "re-quantised     precision \(precisions.isEmpty ? "-" : precisions) → \(precision): "
            + "\(Format.count(change.movedPoints)) of \(Format.count(change.points)) points "
            + "moved, \(error)")
        if precision == 0 {
          lines.append("                 precision 0: coordinates and widths are whole numbers")
        }
      } else {
        // Flattened values are off the fixed-point grid until written: every one moves a bit.
        lines.append("re-quantised     at the strokes' precision (\(precisions)): \(error)")
      }
      let magnitude = before.flatMap(\.points).map { max(abs($0.x), abs($0.y)) }.max() ?? 0
      if change.maxError > bound * (1 + 1e-9) + magnitude * 1e-12 {
        printError(
          "willdoc: error: \(output.terminalSafe): re-quantisation moved a value by \(change.maxError), "
            + "more than half a unit (\(bound))")
        throw ExitStatus.invalid.exitCode
      }
    } else {
      lines.append(
        "points moved     \(Format.count(change.movedPoints)) (max error \(Format.number(change.maxError, digits: 9)))"
      )
      if change.movedPoints > 0 {
        printError(
          "willdoc: error: \(output.terminalSafe): re-encoding changed \(change.movedPoints) points"
        )
        throw ExitStatus.invalid.exitCode
      }
    }

    try writeOutput(bytes, to: output)
    for line in lines {
      if output == "-" { printError(line) } else { StandardOutput.line(line) }
    }
  }
}

extension Reencode {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("--container", as: ContainerKind.self) { $0.container = $1 },
      .value("--precision", as: Int.self) { $0.precision = $1 },
      .value("--deflate") { $0.deflate = $1 },
      .flag("--drop-paints") { $0.dropPaints = true },
      .flag("--drop-images") { $0.dropImages = true },
      .value("--section", as: Int.self) { $0.section = $1 },
      .flag("--flatten") { $0.flatten = true },
      .flag("--normalize") { $0.normalize = true },
    ]
  }

  static var directPositionals: DirectPositionals<Self> { .one { $0.input = $1 } }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.outputOptions) },
      DirectGroup { try $1(&$0.limitOptions) },
    ]
  }
}

extension Reencode {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Reencode`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "reencode",
      abstract: "Re-write a WILL document: same container and precision by default, nothing lost.",
      discussion: """
        Without options the paths parts come out byte-identical; the output is read back and \
        checked (every stroke, and every value within half a unit of the precision) before \
        success is reported. A package becomes a RIFF or raw file only when the drawing does \
        not change: --section, --flatten, --drop-images and --drop-paints say what may go, and \
        what goes is listed. The report goes to standard error with -o -. \
        \(OverwriteOptions.policy) In full: docs/cli.md#reencode. \(LimitOptions.helpNote)
        """)

    @Argument(help: ArgumentHelp("The document, or - for standard input.", valueName: "in"))
    var input: String

    @OptionGroup
    var outputOptions: OutputOptions.Declaration

    @Option(help: "The container to write: opc, riff or raw (default: the input's).")
    var container: ContainerKind?

    @Option(
      help: ArgumentHelp(
        """
        Re-quantise every stroke at this decimal precision (0...8), widths included: 0 makes \
        coordinates and widths whole numbers. A value must fit Int32 once scaled by \
        10^precision (at 8, at most 21.47): a larger one is an error naming the stroke.
        """, valueName: "n"))
    var precision: Int?

    @Option(
      help: ArgumentHelp("The deflate level of zip parts, 0 (stored) to 9.", valueName: "level"))
    var deflate: Int = 6

    @Flag(help: "Drop the particle paints part.")
    var dropPaints = false

    @Flag(help: "Drop the images of every section.")
    var dropImages = false

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "Keep only this section (page), counted from 0: a RIFF or raw file holds one page.",
        valueName: "n"))
    var section: Int?

    @Flag(
      help: """
        Bake every transform into the strokes' coordinates (re-quantised at their \
        precision): a RIFF or raw file holds no transforms.
        """)
    var flatten = false

    @Flag(help: "Write the canonical Inkspace layout: part names, relationship ids, XML form.")
    var normalize = false

    @OptionGroup
    var limitOptions: LimitOptions.Declaration

    var plain: Reencode {
      var plain = Reencode()
      plain.input = input
      plain.outputOptions = outputOptions.plain
      plain.container = container
      plain.precision = precision
      plain.deflate = deflate
      plain.dropPaints = dropPaints
      plain.dropImages = dropImages
      plain.section = section
      plain.flatten = flatten
      plain.normalize = normalize
      plain.limitOptions = limitOptions.plain
      return plain
    }
  }
}
