import ArgumentParser
import InkCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a `willdoc pages` command that edits one document writes: `-o FILE` (refused when
/// it exists, unless `--force`), or `--in-place` over the input.
struct PageOutputOptions: ParsableArguments {
  @OptionGroup var file: OutputOptions

  @Flag(help: "Allow replacing an existing output file.")
  var force = false

  /// The path to write, `-` for standard output.
  func destination(input: String) -> String { file.destination(input: input) ?? "-" }

  /// Checks the destination before anything is read: given, not the input unless
  /// `--in-place`, not an existing file unless `--force`, not a terminal.
  func validate(input: String) throws {
    try file.validate(input: input, role: "input file")
    try Self.checkReplacing(destination(input: input), force: force || file.replacesInput(input))
  }

  /// Refuses to replace an existing regular file without `force` (a device such as
  /// `/dev/null` is written to, not replaced), and to write a package to a terminal.
  static func checkReplacing(_ path: String, force: Bool) throws {
    if path == "-" {
      if isatty(STDOUT_FILENO) == 1 {
        throw ValidationError("not writing a package to a terminal: give -o FILE or a pipe")
      }
      return
    }
    if !force, Synth.isExistingFile(path) {
      throw ValidationError("\(path.terminalSafe) exists; add --force to replace it")
    }
  }
}
