import ArgumentParser
import InkCodec

/// The `-o`, `--in-place` and `--force` options of the commands that write a WILL document from
/// a WILL document (`reencode`, `salvage`). `render` and `convert` write other formats and
/// have their own `-o`.
struct OutputOptions: DirectlyParsable {
  /// The file to write, or - for standard output.
  var output: String?

  /// Replace the input file with the result.
  var inPlace = false

  /// Whether an existing output may be replaced (`--force`).
  var overwrite = OverwriteOptions()

  /// The output path: `-o`, or the input with `--in-place`.
  func destination(input: String) -> String? {
    output ?? (inPlace ? input : nil)
  }

  /// Checks the combination with `input`: some destination, `--in-place` only with a file, and
  /// the input never written over without `--in-place`. `role` names the input in messages.
  func validate(input: String, role: String) throws {
    guard let output = destination(input: input) else {
      throw ValidationError("give the output file with -o, or --in-place to replace the input")
    }
    if input == "-" && inPlace {
      throw ValidationError("--in-place needs an input file, not standard input")
    }
    if input != "-", output != "-", !inPlace, isSameFile(input, output) {
      throw ValidationError(
        "-o \(output.terminalSafe) is the \(role); add --in-place to replace it")
    }
    try overwrite.check(output, replacingInput: replacesInput(input))
  }

  /// Whether the output replaces the input file.
  func replacesInput(_ input: String) -> Bool {
    guard inPlace, input != "-", let output = destination(input: input), output != "-" else {
      return false
    }
    return output == input || isSameFile(input, output)
  }

  /// Refuses to write another container over the input: `--in-place` re-writes a document, it
  /// does not convert one (a conversion can drop what the new container cannot hold).
  func checkContainer(
    input: String, from original: ContainerKind, to written: ContainerKind
  ) throws {
    guard replacesInput(input), original != written else { return }
    throw ValidationError(
      "--in-place keeps the input's container: \(input.terminalSafe) is \(original.rawValue), "
        + "so write \(written.rawValue) to another file with -o")
  }
}

extension OutputOptions {
  static var ownDirectOptions: [DirectOption<Self>] {
    [
      .value("-o", "--output", as: String.self) { $0.output = $1 },
      .flag("--in-place") { $0.inPlace = true },
    ]
  }

  static var directGroups: [DirectGroup<Self>] {
    [
      DirectGroup { try $1(&$0.overwrite) }
    ]
  }
}

extension OutputOptions {
  /// The option group as swift-argument-parser declares it, for its help, its errors and the
  /// lines the table leaves: ``plain`` is the ``OutputOptions`` it parses to.
  struct Declaration: ParsableArguments, ArgumentsDeclaration {
    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("The file to write, or - for standard output.", valueName: "file"))
    var output: String?

    @Flag(
      help: """
        Replace the input file with the result (when -o is not given, or -o names the \
        input), atomically and in the input's container; salvage then replaces the damaged \
        original with what it recovered.
        """)
    var inPlace = false

    @OptionGroup
    var overwrite: OverwriteOptions.Declaration

    var plain: OutputOptions {
      var plain = OutputOptions()
      plain.output = output
      plain.inPlace = inPlace
      plain.overwrite = overwrite.plain
      return plain
    }
  }
}
