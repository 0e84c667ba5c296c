import ArgumentParser
import InkCodec
import InkSynthesis

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `willdoc synth --seed N --strokes K -o out.will`: synthetic handwritten notes.
struct Synth: RunnableCommand {
  /// The random seed.
  var seed: UInt64 = 2015

  /// How many strokes to write.
  var strokes: Int = 200

  /// The container: opc, riff or raw.
  var container: ContainerKind = .opc

  /// The decimal precision of the stored values, 0...6.
  var precision: Int = 2

  /// The file to write, or - for standard output.
  var output: String = ""

  /// Whether an existing output may be replaced (`--force`).
  var overwrite = OverwriteOptions()

  func validate() throws {
    guard (0...1_000_000).contains(strokes) else {
      throw ValidationError("--strokes must be between 0 and 1000000")
    }
    guard (0...8).contains(precision) else {
      throw ValidationError("--precision must be between 0 and 6")
    }
    guard precision <= Self.highestPrecision else {
      throw ValidationError(
        "--precision \(precision) stores values up to "
          + "\(NumberText.rounded(Double(Int32.max) / pow(10, Double(precision)), decimals: 2)), "
          + "less than the 592 x 864 page: give 0...\(Self.highestPrecision)")
    }
    try overwrite.check(output)
  }

  /// The highest precision at which the page's coordinates (up to 864) fit Int32.
  static let highestPrecision = 6

  func run() throws {
    let document = MotorModel.synthesizedNotes(
      seed: seed, strokes: strokes, precision: precision, paged: container == .opc)
    let bytes = try reportingErrors(file: output) { () throws(WillError) in
      try document.serialized(container: container, options: WriteOptions(deflateLevel: 9))
    }
    try writeOutput(bytes, to: output)
    if output != "-" {
      let points = document.strokes.reduce(0) { $0 + $1.pointCount }
      StandardOutput.line(
        "wrote \(output.terminalSafe)  \(container.rawValue)  \(Format.plural(document.sections.count, "section"))  "
          + "\(Format.plural(document.strokes.count, "stroke"))  \(Format.plural(points, "point"))  "
          + "\(Format.count(bytes.count)) bytes")
      if precision == 0 {
        StandardOutput.line("precision 0: coordinates and widths stored as whole numbers")
      }
    }
  }
}

extension Synth {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("--seed") { $0.seed = $1 },
      .value("--strokes") { $0.strokes = $1 },
      .value("--container") { $0.container = $1 },
      .value("--precision") { $0.precision = $1 },
      .value("-o", "--output", required: true) { $0.output = $1 },
    ]
  }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.overwrite) }
    ]
  }
}

extension Synth {
  /// The command as swift-argument-parser declares it, for its help, its errors and the lines
  /// the table leaves; it validates and runs the ``Synth`` it parses to.
  struct Declaration: ParsableCommand, ArgumentsDeclaration {
    static let configuration = CommandConfiguration(
      commandName: "synth",
      abstract: "Write synthetic handwritten notes: seeded, deterministic test documents.",
      discussion: """
        Words, dots, scribbles, underlines and erased fragments (ts/tf) from a simple motor \
        model's 120-240 Hz pen samples, built into strokes by InkInput, on 592 x 864 pages. \
        The same seed and options always give the same bytes. \(OverwriteOptions.policy) \
        In full: docs/cli.md#synth.
        """)

    @Option(help: "The random seed.")
    var seed: UInt64 = 2015

    @Option(help: "How many strokes to write.")
    var strokes: Int = 200

    @Option(help: "The container: opc, riff or raw.")
    var container: ContainerKind = .opc

    @Option(
      help: ArgumentHelp(
        """
        The decimal precision of the stored values, 0...6. A value must fit Int32 once scaled \
        by 10^precision, so precision 7 holds at most 214.7 and 8 at most 21.47, less than \
        the 592 x 864 page: they are refused, not clamped. A RIFF or raw note longer than \
        2147 units needs precision 5 or less. Precision 0 stores whole numbers, widths \
        included (a 1.4 wide stroke is stored 1 wide).
        """, valueName: "n"))
    var precision: Int = 2

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("The file to write, or - for standard output.", valueName: "file"))
    var output: String

    @OptionGroup
    var overwrite: OverwriteOptions.Declaration

    var plain: Synth {
      var plain = Synth()
      plain.seed = seed
      plain.strokes = strokes
      plain.container = container
      plain.precision = precision
      plain.output = output
      plain.overwrite = overwrite.plain
      return plain
    }
  }
}
