import ArgumentParser

/// The `-o` and `--in-place` options of commands that write a file.
struct OutputOptions: ParsableArguments {
  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("The file to write, or - for standard output.", valueName: "file"))
  var output: String?

  @Flag(help: "Allow writing over the input file (and write over it when -o is not given).")
  var inPlace = false
}
